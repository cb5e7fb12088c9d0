// The history's CSV opened by spreadsheets of every locale: memos, payers' comments, payees,
// labels and wallet names written to make a formula when the file is split on `,` (en), `;` (de,
// fr, nl) or a tab. Read back three ways, no cell starts with = + - @ (a number such as -1500
// aside), and the comma reader gets every text back as it was, behind an apostrophe.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { CSV_HEADER, type Ledger, openLedger } from '../../../../electron/main/services/ledger'
import { row, withTempDir } from './helpers'
import { looksLikeFormula, parseCsv, splitAs } from './parseCsv'

const ACC = 'acc_csv'
/** a payer's comment on a permanent QR, as the field report found it */
const CALC = "x;=cmd|' /C calc'!A0;"
const ATTACKS = [
  CALC,
  'a,=HYPERLINK("http://evil.example","refund")',
  'tab\t+SUM(1+1)*cmd|" /C calc"!A0',
  'quote;"=2+5',
  'space, @SUM(A1)',
  '-2+3',
  'lines\r\n=1+1\n@x',
]

let l: Ledger
let cleanup: () => Promise<void>
beforeEach(async () => {
  const tmp = await withTempDir()
  cleanup = tmp.cleanup
  l = openLedger({ dir: tmp.dir })
  l.setWallets(ACC, [{ id: 'wal_a', label: '=Savings;+1' }])
})
afterEach(async () => {
  l.close()
  await cleanup()
})

async function exported(): Promise<string> {
  const chunks: string[] = []
  await l.exportCsv({ accountId: ACC }, { write: (c) => void chunks.push(Buffer.from(c).toString()) })
  return chunks.join('')
}

it('no cell of a , ; or tab split starts a formula', async () => {
  const rows = ATTACKS.map((text, i) =>
    row({ memo: text, comment: ATTACKS[(i + 1) % ATTACKS.length], payee: `${text}@pay.example`, amountMsat: -1_500 }),
  )
  l.insertBatch(ACC, rows, { announce: false })
  for (const [i, r] of rows.entries()) l.setLabel(ACC, r.txId, ATTACKS[(i + 2) % ATTACKS.length] as string, 1)
  const file = await exported()

  for (const sep of [',', ';', '\t']) {
    const cells = splitAs(file, sep).flat()
    expect(cells.length).toBeGreaterThan(ATTACKS.length)
    expect(cells.filter(looksLikeFormula)).toEqual([])
  }
  // the comma reader: one row per payment, every text there behind its apostrophe
  const read = parseCsv(file)
  expect(read).toHaveLength(ATTACKS.length + 1)
  expect(read[0]).toEqual([...CSV_HEADER])
  const memo = CSV_HEADER.indexOf('memo')
  const shown = read.slice(1).map((r) => r[memo])
  expect(shown).toContain(`x;'=cmd|' /C calc'!A0;`)
  expect(shown).toContain(`'-2+3`)
  expect(read.slice(1).every((r) => r[CSV_HEADER.indexOf('wallet')] === "'=Savings;'+1")).toBe(true)
  expect(read.slice(1).every((r) => r[CSV_HEADER.indexOf('amount_msat')] === '-1500')).toBe(true)
})
