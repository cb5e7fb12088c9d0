// Outcomes: matching a page of wallet transactions against pending invoices and waiting withdraw links.
import type { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import { txOf } from '../../../electron/main/services/backends/service/rows'
import type { WalletTransaction } from '../../../electron/main/services/backends/service/schemas'
import type { StoredWithdrawLink } from '../../../electron/main/services/ledger'
import { matchTransactions } from '../../../electron/main/services/sync'
import { announcement, type RecordsByRow } from '../../../electron/main/services/sync/outcomes'
import { ledgerRow } from '../../support/ledgerRow'

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
/** a row as the service sends it, then as its backend hands it on (backends/service/rows.ts) */
const wtx = (o: Partial<WalletTransaction> & { id: string; created_at: number; num_satoshis: number }) =>
  ({
    user_label: null,
    wtxType: { name: 'ln_deposit' },
    lnTx: null,
    passThru: {},
    ...o,
  }) as WalletTransaction
const tx = (o: Parameters<typeof wtx>[0]) => txOf('wal_a', wtx(o))
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
    claimFeeMsat: null,
  } satisfies WithdrawLinkView),
})
const withdrawWtx = (id: string, created_at: number, num_satoshis: number, ott?: string) =>
  wtx({ id, created_at, num_satoshis, wtxType: { name: 'ln_lnurl_withdraw' }, passThru: ott ? { ott } : {} })
const withdrawTx = (...a: Parameters<typeof withdrawWtx>) => txOf('wal_a', withdrawWtx(...a))

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
      [txOf('wal_a', { ...withdrawWtx('wtx_7', 2500, -2), num_msat: -2_345 })],
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

describe('matchTransactions: the edges', () => {
  it('money leaving on an invoice’s lnTx, or a row of 0 sats, never settles it; a second row settles nothing more', () => {
    const items = [
      tx({ id: 'wtx_out', created_at: 1300, num_satoshis: -100, lnTx: lnTx('lntx_a', 1300) }),
      tx({ id: 'wtx_zero', created_at: 1250, num_satoshis: 0, lnTx: lnTx('lntx_b', 1250) }),
      tx({ id: 'wtx_c2', created_at: 1220, num_satoshis: 100, lnTx: lnTx('lntx_c', 1220) }),
      tx({ id: 'wtx_c1', created_at: 1210, num_satoshis: 100, lnTx: lnTx('lntx_c', 1210) }),
    ]
    const { paid } = matchTransactions(items, [inv('lntx_a'), inv('lntx_b'), inv('lntx_c')], [], new Set())
    expect(paid.map((p) => [p.invoice.id, p.settledAt])).toEqual([['lntx_c', 1220]])
  })

  it('the fallback gives a withdrawal to the oldest link, and takes the oldest withdrawal that fits', () => {
    // given newest first, as the service lists them
    const items = [withdrawTx('wtx_new', 3000, -100), withdrawTx('wtx_old', 2500, -100)]
    const links = [link('ott_young', 500, 2200), link('ott_old', 500, 2100)]
    const { claimed } = matchTransactions(items, [], links, new Set())
    expect(claimed.map((c) => [c.link.ott, c.txId])).toEqual([
      ['ott_old', 'wtx_old'],
      ['ott_young', 'wtx_new'],
    ])
  })

  it('the fallback allows a minute of clock slack and the link’s whole amount, not more', () => {
    const slack = (at: number) =>
      matchTransactions([withdrawTx('wtx_s', at, -100)], [], [link('ott', 500, 2000)], new Set())
    expect(slack(2000 - 60).claimed).toHaveLength(1)
    expect(slack(2000 - 61).claimed).toHaveLength(0)
    const amount = (sat: number) =>
      matchTransactions([withdrawTx('wtx_a', 2100, -sat)], [], [link('ott', 500, 2000)], new Set())
    expect(amount(500).claimed).toHaveLength(1)
    expect(amount(501).claimed).toHaveLength(0)
  })

  it('reads only withdrawals, never one already taken, and a token that is not text as none', () => {
    const items = [
      tx({ id: 'wtx_dep', created_at: 2100, num_satoshis: -100, passThru: { ott: 'ott_a' } }),
      withdrawTx('wtx_taken', 2100, -100, 'ott_a'),
      txOf('wal_a', { ...withdrawWtx('wtx_num', 2200, -100), passThru: { ott: 7 } }),
    ]
    const { claimed } = matchTransactions(items, [], [link('ott_a', 500, 2000)], new Set(['wtx_taken']))
    // not the deposit, not the taken one: the numeric-token row, by the fallback
    expect(claimed.map((c) => c.txId)).toEqual(['wtx_num'])
  })
})

describe('announcement', () => {
  const row = ledgerRow
  const none: RecordsByRow = { invoice: () => undefined, claimedBy: () => undefined }

  it('a row paying one of the app’s invoices is told as that invoice, with the amount the row carries', () => {
    const records: RecordsByRow = { ...none, invoice: (id) => (id === 'lntx_a' ? inv('lntx_a', 0) : undefined) }
    const n = announcement(row({ lnTxId: 'lntx_a', amountMsat: 1_234_567 }), records, 'Everyday')
    expect(n).toEqual({
      title: 'Received 1,234 sats',
      body: 'lntx_a\nTo Everyday',
      plain: { title: 'Payment received', body: 'To Everyday' },
      target: { to: 'transaction', walletId: 'wal_a', lnTxId: 'lntx_a', txId: null },
    })
  })

  it('money leaving on an invoice’s lnTx is not news; a claimed link of the app is', () => {
    const records: RecordsByRow = {
      invoice: () => inv('lntx_a'),
      claimedBy: (txId) => (txId === 'wtx_claim' ? { ...link('ott', 500, 1000), claimedMsat: 400_000 } : undefined),
    }
    expect(
      announcement(row({ lnTxId: 'lntx_a', amountMsat: -100_000 }), { ...records, claimedBy: () => undefined }, 'X'),
    ).toBeNull()
    const claim = announcement(row({ txId: 'wtx_claim', amountMsat: -400_000 }), records, 'Everyday')
    expect(claim?.title).toBe('Withdraw link claimed: 400 sats')
    expect(claim?.target).toEqual({ to: 'transaction', walletId: 'wal_a', lnTxId: null, txId: 'wtx_claim' })
  })

  it('any other arrival: the memo before the comment, the wallet, and who sent it', () => {
    const n = announcement(
      row({ amountMsat: 21_000, memo: 'Coffee', comment: 'thanks', payee: null, counterpartyLabel: 'Savings' }),
      none,
      'Everyday',
    )
    expect(n).toEqual({
      title: 'Received 21 sats',
      body: 'Coffee\nTo Everyday\nFrom Savings',
      plain: { title: 'Payment received', body: 'To Everyday' },
      target: { to: 'transaction', walletId: 'wal_a', lnTxId: null, txId: 'wtx_1' },
    })
    expect(
      announcement(row({ comment: 'gm', payee: 'alice@sim.example', counterpartyLabel: 'X' }), none, 'W')?.body,
    ).toBe('gm\nTo W\nFrom alice@sim.example')
    expect(announcement(row({}), none, 'W')?.body).toBe('To W')
  })

  it('money leaving, or nothing at all, is not news', () => {
    expect(announcement(row({ amountMsat: -5_000 }), none, 'W')).toBeNull()
    expect(announcement(row({ amountMsat: 0 }), none, 'W')).toBeNull()
  })

  it('cuts a long memo to one line of 120', () => {
    const n = announcement(row({ memo: `${'m'.repeat(300)}\nsecond line` }), none, 'W')
    const first = n?.body.split('\n')[0] ?? ''
    expect(first.length).toBeLessThanOrEqual(120)
    expect(first.startsWith('mmm')).toBe(true)
  })
})
