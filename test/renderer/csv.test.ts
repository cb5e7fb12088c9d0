import type { TxView } from '@shared/contract'
import { expect, test } from 'vitest'
import { csvCell, transactionsCsv } from '../../renderer/src/lib/csv'

test('text cells that a spreadsheet would run as a formula get an apostrophe', () => {
  expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
  expect(csvCell('+1')).toBe("'+1")
  expect(csvCell('-2+3')).toBe("'-2+3")
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  expect(csvCell('\tx')).toBe("'\tx")
  expect(csvCell('coffee')).toBe('coffee')
  expect(csvCell('a=b')).toBe('a=b')
})

test('quotes, commas and newlines are quoted; numbers and nulls stay plain', () => {
  expect(csvCell('a,b')).toBe('"a,b"')
  expect(csvCell('say "hi"')).toBe('"say ""hi"""')
  expect(csvCell('two\nlines')).toBe('"two\nlines"')
  expect(csvCell(-1500)).toBe('-1500')
  expect(csvCell(null)).toBe('')
})

test('a CSV of transactions has a header and one line per loaded row', () => {
  const tx = (over: Partial<TxView>): TxView => ({
    id: 'wtx_1',
    createdAt: 1_700_000_000,
    amountMsat: -21_000,
    typeName: 'ln_withdrawal',
    typeDisplay: 'Lightning withdrawal',
    memo: null,
    label: null,
    lnTxId: 'lntx_1',
    feeMsat: 1000,
    ...over,
  })
  const csv = transactionsCsv([tx({ memo: '=cmd|calc' }), tx({ id: 'wtx_2', amountMsat: 5500, memo: 'tip, thanks' })])
  const lines = csv.trimEnd().split('\r\n')
  expect(lines).toEqual([
    'date,type,amount_msat,fee_msat,memo,label,id,lntx_id',
    "2023-11-14T22:13:20.000Z,Lightning withdrawal,-21000,1000,'=cmd|calc,,wtx_1,lntx_1",
    '2023-11-14T22:13:20.000Z,Lightning withdrawal,5500,1000,"tip, thanks",,wtx_2,lntx_1',
  ])
})
