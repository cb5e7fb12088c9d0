import type { TxView } from '@shared/contract'
import { expect, test } from 'vitest'
import { transactionsCsv } from '../../renderer/src/lib/csv'

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
