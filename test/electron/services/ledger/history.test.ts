// History from the ledger on the simulator's `large` seed (10,001 transactions in one wallet, read
// over HTTP once): paging, filters and search checked against what the service itself listed, in
// both search modes (FTS5 trigram and plain LIKE); the page query's plan; and the CSV export.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WalletTransaction } from '../../../../electron/main/services/backends/service/schemas'
import {
  CSV_HEADER,
  type Ledger,
  type LedgerTx,
  openLedger,
  type SearchMode,
} from '../../../../electron/main/services/ledger'
import { row, withTempDir } from './helpers'
import { parseCsv, sumColumn } from './parseCsv'
import { ledgerRows, readSeed, type SeedWallet } from './seedHistory'

const ACC = 'acc_large'
let wallets: SeedWallet[]
let archive: SeedWallet
let spare: SeedWallet
const cleanups: Array<() => Promise<void>> = []

beforeAll(async () => {
  wallets = await readSeed('large')
  ;[archive, spare] = wallets as [SeedWallet, SeedWallet]
}, 180_000)
afterAll(async () => {
  for (const c of cleanups) await c()
})

/** A ledger filled the way the sync loop fills it: the service's pages of 500, newest first. */
async function filled(fts: boolean): Promise<Ledger> {
  const { dir, cleanup } = await withTempDir()
  cleanups.push(cleanup)
  const l = openLedger({ dir, fts })
  l.setWallets(
    ACC,
    wallets.map((w) => ({ id: w.id, label: w.label })),
  )
  for (const w of wallets) {
    const rows = ledgerRows(w)
    for (let i = 0; i < rows.length; i += 500) l.insertBatch(ACC, rows.slice(i, i + 500), { announce: false })
  }
  return l
}

const isFee = (t: WalletTransaction) => t.wtxType.name === 'network_fee'
const shown = (w: SeedWallet) => w.txs.filter((t) => !isFee(t))
const memoOf = (t: WalletTransaction) => t.lnTx?.memo ?? t.user_label ?? ''
/** every page, following the keyset cursor */
function walk(l: Ledger, q: Omit<Parameters<Ledger['page']>[0], 'after'>): LedgerTx[] {
  const out: LedgerTx[] = []
  let after: { createdAt: number; rowId: number } | undefined
  for (;;) {
    const p = l.page({ ...q, after })
    out.push(...p.items)
    if (!p.next) return out
    after = p.next
  }
}

describe.each<[SearchMode, boolean]>([
  ['fts5', true],
  ['like', false],
])('history (%s search)', (mode, fts) => {
  let l: Ledger
  beforeAll(async () => {
    l = await filled(fts)
    expect(l.searchMode).toBe(mode)
  }, 120_000)
  afterAll(() => l.close())

  it('one row per payment, its fee folded in; the seed has 10,001 transactions', () => {
    expect(archive.txs).toHaveLength(10_001)
    expect(l.heldFees(ACC)).toBe(0)
    const total = l.page({ accountId: ACC, walletId: archive.id, limit: 1 }).total
    expect(total).toBe(shown(archive).length)
    const feeOf = new Map(archive.txs.filter(isFee).map((t) => [t.lnTx?.id, (t.num_msat ?? 0) as number]))
    const rows = walk(l, { accountId: ACC, walletId: archive.id, limit: 500 })
    expect(rows).toHaveLength(total)
    for (const r of rows) expect(r.feeMsat).toBe(r.typeName === 'ln_withdrawal' ? feeOf.get(r.lnTxId ?? '') : 0)
    expect(rows.filter((r) => r.feeMsat !== 0)).toHaveLength(feeOf.size)
  })

  it('pages by keyset and by offset agree, newest first, every row once', () => {
    const byKeyset = walk(l, { accountId: ACC, limit: 97 })
    const byOffset: LedgerTx[] = []
    for (let offset = 0; ; offset += 97) {
      const p = l.page({ accountId: ACC, limit: 97, offset })
      byOffset.push(...p.items)
      if (p.items.length < 97) break
    }
    expect(byKeyset.map((t) => t.rowId)).toEqual(byOffset.map((t) => t.rowId))
    expect(new Set(byKeyset.map((t) => t.txId)).size).toBe(shown(archive).length + shown(spare).length)
    for (let i = 1; i < byKeyset.length; i++)
      expect(byKeyset[i - 1]?.createdAt).toBeGreaterThanOrEqual(byKeyset[i]?.createdAt as number)
  })

  it('filters: wallet, sent/received, type, date range, and all of them together', () => {
    const all = [...shown(archive), ...shown(spare)]
    const count = (q: Partial<Parameters<Ledger['page']>[0]>) => l.page({ accountId: ACC, limit: 1, ...q }).total
    expect(count({ walletId: spare.id })).toBe(shown(spare).length)
    expect(count({ direction: 'sent' })).toBe(all.filter((t) => t.num_satoshis < 0).length)
    expect(count({ direction: 'received' })).toBe(all.filter((t) => t.num_satoshis > 0).length)
    expect(count({ types: ['ln_transfer_out', 'ln_transfer_in'] })).toBe(
      all.filter((t) => t.wtxType.name.startsWith('ln_transfer')).length,
    )
    const times = all.map((t) => t.created_at).sort((a, b) => a - b)
    const from = times[2000] as number
    const to = times[6000] as number
    const inRange = (t: WalletTransaction) => t.created_at >= from && t.created_at < to
    expect(count({ from, to })).toBe(all.filter(inRange).length)
    const combined = all.filter(
      (t) => inRange(t) && t.wal?.id === archive.id && t.num_satoshis < 0 && t.wtxType.name === 'ln_withdrawal',
    )
    expect(combined.length).toBeGreaterThan(100)
    expect(count({ from, to, walletId: archive.id, direction: 'sent', types: ['ln_withdrawal'] })).toBe(combined.length)
    // the Spare wallet's transfers read in plain words, with the other wallet's name
    const moved = l.page({ accountId: ACC, walletId: spare.id, limit: 3 }).items
    expect(moved.map((t) => t.words)).toEqual(['Moved from Archive', 'Moved from Archive', 'Moved from Archive'])
  })

  it('search: memo text (any case, any length), amount in sats, the person’s label; words must all match', () => {
    const all = [...shown(archive), ...shown(spare)]
    const ids = (search: string, walletId?: string) =>
      walk(l, { accountId: ACC, search, limit: 500, walletId })
        .map((t) => t.txId)
        .sort()
    const expectIds = (pred: (t: WalletTransaction) => boolean) =>
      all
        .filter(pred)
        .map((t) => t.id)
        .sort()
    expect(ids('COFFEE')).toEqual(expectIds((t) => /coffee/i.test(memoOf(t))))
    expect(ids('ff')).toEqual(expectIds((t) => /ff/i.test(memoOf(t))))
    expect(ids('lunch sam')).toEqual(expectIds((t) => /lunch/i.test(memoOf(t)) && /sam/i.test(memoOf(t))))
    expect(ids('#1042')).toEqual(expectIds((t) => memoOf(t).includes('#1042')))
    expect(ids('100%')).toEqual([])
    expect(ids('coffee', spare.id)).toEqual([])
    const target = shown(archive)[1234] as WalletTransaction
    const sats = Math.abs(target.num_satoshis)
    expect(ids(String(sats))).toEqual(
      expectIds((t) => Math.abs(t.num_msat ?? 0) === sats * 1000 || memoOf(t).includes(String(sats))),
    )
    expect(ids(sats.toLocaleString('en-US'))).toContain(target.id)
    l.setLabel(ACC, target.id, 'Birthday gift for Mo', 1)
    expect(ids('birthday')).toEqual([target.id])
    l.setLabel(ACC, target.id, 'Anniversary', 2)
    expect(ids('birthday')).toEqual([])
    expect(ids('anniversary')).toEqual([target.id])
    l.setLabel(ACC, target.id, null, 3)
    expect(ids('anniversary')).toEqual([])
  })

  it('a page finds its rows through an index for each filter, without sorting more than the page', () => {
    const plan = (q: Omit<Parameters<Ledger['plan']>[0], 'accountId'>) => l.plan({ accountId: ACC, ...q })
    const cases: Array<[ReturnType<typeof plan>, string]> = [
      [plan({}), 'tx_time'],
      [plan({ walletId: archive.id, offset: 5000 }), 'tx_wallet_time'],
      [plan({ walletId: archive.id, direction: 'sent', after: { createdAt: 1e10, rowId: 1 } }), 'tx_wallet_time'],
      [plan({ from: 0, to: 2e9, direction: 'received' }), 'tx_time'],
      [plan({ types: ['ln_deposit'] }), 'tx_type_time'],
    ]
    for (const [steps, index] of cases) {
      // the ids of the page come from the index alone (covering: no table read to filter or skip)
      const inner = steps.filter((s) => s.startsWith('  ')).join('\n')
      expect(inner).toContain(`USING COVERING INDEX ${index}`)
      expect(inner).not.toMatch(/TEMP B-TREE|SCAN t\b/)
      // the page's own rows are read by id; only those (≤ limit) are ordered at the end
      expect(steps[0]).toBe('SEARCH t USING INTEGER PRIMARY KEY (rowid=?)')
      expect(steps.filter((s) => !s.startsWith(' ')).join('\n')).not.toMatch(/SCAN/)
    }
    if (mode === 'fts5') {
      // words found in few rows: the trigram index read newest first (its keys are the history's
      // order), each candidate looked up by id, and nothing sorted but the page's own rows
      const few = plan({ search: 'Invoice #1042 set' })
      expect(few.join('\n')).toMatch(/SCAN s VIRTUAL TABLE INDEX \d+:M\d*\n\s+SEARCH t USING INTEGER PRIMARY KEY/)
      expect(few.filter((x) => x.startsWith('  ')).join('\n')).not.toMatch(/TEMP B-TREE/)
      // a word that is also an amount: the index's candidates united with the amount's rows
      expect(plan({ search: 'Invoice 1042' }).join('\n')).toMatch(/SCAN tx_search VIRTUAL TABLE INDEX \d+:M\d*/)
      // one found in many (a memo of ten): the same, stopping once the page is full
      expect(plan({ search: 'coffee', limit: 10 }).join('\n')).toMatch(/SCAN s VIRTUAL TABLE INDEX \d+:M/)
      // a word too short for the index: walked from the newest row
      expect(plan({ search: 'co', limit: 10 }).join('\n')).toMatch(/USING INDEX tx_time|USING COVERING INDEX tx_time/)
    }
  })

  it('CSV of the whole filtered history: fees in their own column, amount + fee = the balance, with progress', async () => {
    const chunks: string[] = []
    const progress: Array<[number, number]> = []
    const res = await l.exportCsv(
      { accountId: ACC, walletId: archive.id },
      { write: (c) => void chunks.push(Buffer.from(c).toString()), onProgress: (d, t) => void progress.push([d, t]) },
    )
    const rows = parseCsv(chunks.join(''))
    const header = rows[0] as string[]
    expect(header).toEqual([...CSV_HEADER])
    expect(header).toEqual(expect.arrayContaining(['date', 'type', 'amount_msat', 'fee_msat', 'memo', 'label', 'id']))
    expect(rows).toHaveLength(shown(archive).length + 1)
    expect(res).toEqual({ rows: shown(archive).length, total: shown(archive).length })
    expect(sumColumn(rows, 'amount_msat') + sumColumn(rows, 'fee_msat')).toBe(archive.balanceMsat)
    // the amount column alone is not the balance: the fees are really in their own column
    expect(sumColumn(rows, 'fee_msat')).toBeLessThan(0)
    expect(progress[0]).toEqual([0, res.total])
    expect(progress.at(-1)).toEqual([res.total, res.total])
    expect(progress.length).toBeGreaterThan(10)
    for (let i = 1; i < progress.length; i++) expect(progress[i]?.[0]).toBeGreaterThan(progress[i - 1]?.[0] as number)

    const every: string[] = []
    await l.exportCsv({ accountId: ACC }, { write: (c) => void every.push(Buffer.from(c).toString()) })
    const allRows = parseCsv(every.join(''))
    expect(sumColumn(allRows, 'amount_msat') + sumColumn(allRows, 'fee_msat')).toBe(
      archive.balanceMsat + spare.balanceMsat,
    )
  })
})

describe('CSV cells', () => {
  it('the type is one of a few words to filter on; whom it paid and the other wallet have columns of their own', async () => {
    const { dir, cleanup } = await withTempDir()
    cleanups.push(cleanup)
    const l = openLedger({ dir })
    const out = { walletId: 'wal_x', typeName: 'ln_lnurl_pay_outbound', amountMsat: -1000 }
    l.insertBatch('acc_x', [
      row({ ...out, txId: 'wtx_a', payee: 'alice@sim.example' }),
      row({ ...out, txId: 'wtx_b', payee: 'bob@sim.example' }),
      row({
        walletId: 'wal_x',
        txId: 'wtx_m',
        typeName: 'ln_transfer_out',
        amountMsat: -500,
        counterpartyWalletId: 'wal_y',
      }),
    ])
    const chunks: string[] = []
    await l.exportCsv({ accountId: 'acc_x' }, { write: (c) => void chunks.push(Buffer.from(c).toString()) })
    const [header, ...rows] = parseCsv(chunks.join(''))
    const col = (name: string) => (header as string[]).indexOf(name)
    const cells = rows.map((r) => [r[col('type')], r[col('payee')], r[col('other_wallet')]]).sort()
    expect(cells).toEqual([
      ['Moved to another wallet', '', 'wal_y'],
      ['Sent', 'alice@sim.example', ''],
      ['Sent', 'bob@sim.example', ''],
    ])
    l.close()
  })

  it('defuses formula cells and can be stopped between chunks', async () => {
    const { dir, cleanup } = await withTempDir()
    cleanups.push(cleanup)
    const l = openLedger({ dir })
    l.insertBatch('acc_x', [
      row({
        walletId: 'wal_x',
        txId: 'wtx_formula',
        amountMsat: 1000,
        createdAt: 1_700_000_000,
        memo: '=HYPERLINK("http://evil")',
        comment: '+1',
      }),
    ])
    l.setLabel('acc_x', 'wtx_formula', '@SUM(A1)', 1)
    const chunks: string[] = []
    await l.exportCsv({ accountId: 'acc_x' }, { write: (c) => void chunks.push(Buffer.from(c).toString()) })
    expect(chunks.join('').split('\r\n')[1]).toBe(
      // the last cells are link_memo and other_wallet (empty: no link claimed, no move)
      `2023-11-14T22:13:20.000Z,wal_x,Received,1000,0,"'=HYPERLINK(""http://evil"")",'+1,,'@SUM(A1),wtx_formula,,,,`,
    )
    const ctl = new AbortController()
    ctl.abort()
    await expect(l.exportCsv({ accountId: 'acc_x' }, { write: () => {}, signal: ctl.signal })).rejects.toThrow()
    l.close()
  })
})
