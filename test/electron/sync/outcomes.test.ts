// Outcomes: matching a page of wallet transactions against pending invoices and waiting withdraw links.
import type { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import type { WalletTransaction } from '@shared/schemas/service'
import { describe, expect, it } from 'vitest'
import type { StoredWithdrawLink } from '../../../electron/main/services/ledger'
import { matchTransactions } from '../../../electron/main/services/sync'

const hash = 'ab'.repeat(32)
const inv = (id: string, amountSat = 100): PendingInvoice => ({
  id,
  walletId: 'wal_a',
  accountId: 'acc',
  amountSat,
  memo: id,
  paymentRequest: 'lnbcrt1x',
  paymentHash: hash,
  createdAt: 1000,
  expiresAt: 9000,
  status: 'pending',
  settledAt: null,
})
const lnTx = (id: string, settledAt: number | null) => ({
  id,
  created_at: 1000,
  payment_request: 'lnbcrt1x',
  r_hash_decoded: hash,
  num_satoshis: 100,
  settled: true,
  settled_at: settledAt,
  is_keysend: false,
  is_amp: false,
})
const tx = (o: Partial<WalletTransaction> & { id: string; created_at: number; num_satoshis: number }) =>
  ({
    user_label: null,
    wtxType: { name: 'ln_deposit' },
    lnTx: null,
    passThru: {},
    ...o,
  }) as WalletTransaction
const link = (ott: string, amountSat: number, createdAt: number): StoredWithdrawLink => ({
  accountId: 'acc',
  claimTxId: null,
  ...({
    walletId: 'wal_a',
    lnurl: 'LNURL1X',
    uri: 'lightning:LNURL1X',
    ott,
    amountSat,
    memo: '',
    createdAt,
    status: 'waiting',
    claimedAt: null,
    claimedMsat: null,
  } satisfies WithdrawLinkView),
})
const withdrawTx = (id: string, created_at: number, num_satoshis: number, ott?: string) =>
  tx({ id, created_at, num_satoshis, wtxType: { name: 'ln_lnurl_withdraw' }, passThru: ott ? { ott } : {} })

describe('matchTransactions', () => {
  it('finds paid invoices by lnTx id, with the settlement time and the amount received', () => {
    const items = [
      tx({ id: 'wtx_3', created_at: 1300, num_satoshis: 250, lnTx: lnTx('lntx_b', 1299) }),
      tx({ id: 'wtx_2', created_at: 1200, num_satoshis: -50, lnTx: lnTx('lntx_out', 1200) }), // money out
      tx({ id: 'wtx_1', created_at: 1100, num_satoshis: 100, lnTx: lnTx('lntx_a', null) }),
      tx({ id: 'wtx_0', created_at: 1050, num_satoshis: 100, lnTx: lnTx('lntx_stranger', 1050) }),
    ]
    const { paid, claimed } = matchTransactions(items, [inv('lntx_a'), inv('lntx_b'), inv('lntx_c')], [], new Set())
    expect(paid.map((p) => [p.invoice.id, p.settledAt, p.amountSat])).toEqual([
      ['lntx_b', 1299, 250],
      ['lntx_a', 1100, 100],
    ])
    expect(claimed).toEqual([])
  })

  it('takes a withdraw claim by its token; another link’s token claims nothing', () => {
    const items = [withdrawTx('wtx_9', 2000, -700, 'ott_b'), withdrawTx('wtx_8', 1900, -300, 'ott_elsewhere')]
    const { claimed } = matchTransactions(items, [], [link('ott_a', 500, 1500), link('ott_b', 1000, 1500)], new Set())
    expect(claimed.map((c) => [c.link.ott, c.txId, c.claimedAt, c.claimedMsat])).toEqual([
      ['ott_b', 'wtx_9', 2000, 700_000],
    ])
  })

  it('without a token: the oldest withdraw after the link, within its amount, each taken once', () => {
    const items = [
      withdrawTx('wtx_4', 2400, -400),
      withdrawTx('wtx_3', 2300, -900), // too large for link a, fits b
      withdrawTx('wtx_2', 2200, -100),
      withdrawTx('wtx_1', 1000, -100), // before both links (beyond the clock slack)
    ]
    const links = [link('ott_a', 500, 2000), link('ott_b', 1000, 2100)]
    const { claimed } = matchTransactions(items, [], links, new Set())
    expect(claimed.map((c) => [c.link.ott, c.txId, c.claimedMsat])).toEqual([
      ['ott_a', 'wtx_2', 100_000],
      ['ott_b', 'wtx_3', 900_000],
    ])
    // the exact msat where the service sends them
    const exact = matchTransactions(
      [tx({ ...withdrawTx('wtx_7', 2500, -2), num_msat: -2_345 })],
      [],
      [link('ott_c', 10, 2400)],
      new Set(),
    )
    expect(exact.claimed.map((c) => c.claimedMsat)).toEqual([2_345])
    // wtx_2 already belongs to an earlier claim: link a takes the next one that fits.
    const again = matchTransactions(items, [], [link('ott_a', 500, 2000)], new Set(['wtx_2']))
    expect(again.claimed.map((c) => c.txId)).toEqual(['wtx_4'])
  })
})
