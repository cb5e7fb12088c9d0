// An account's sync state as a plain value, and the pure steps of a tick: what a batch of rows
// stores and tells (planStore), how invoices and links change, and the state after each step.
// Plain data in, plain data out: no ledger, no service.
import type { PendingInvoice } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import type { BackendTx, BackendWallet } from '../../../electron/main/services/backends'
import { txOf } from '../../../electron/main/services/backends/service/rows'
import type { WalletTransaction } from '../../../electron/main/services/backends/service/schemas'
import type { StoredWithdrawLink } from '../../../electron/main/services/ledger'
import {
  afterReads,
  foundPaid,
  listed,
  newAccountSync,
  planStore,
  rereadWallet,
  stored,
  toTell,
} from '../../../electron/main/services/sync'
import { claimedLink, expiredInvoice, paidInvoice, type Waiting } from '../../../electron/main/services/sync/plan'
import type { Batch } from '../../../electron/main/services/sync/reads'

const invoice = (id: string, o: Partial<PendingInvoice> = {}): PendingInvoice => ({
  ...{ id, walletId: 'w1', accountId: 'acc', amountSat: 100, memo: '', paymentRequest: 'lnbc', paymentHash: 'h' },
  ...{ createdAt: 1_000, expiresAt: 5_000, status: 'pending', settledAt: null },
  ...o,
})
/** a wallet row: a deposit unless `o` says otherwise */
const row = (id: string, sat: number, o: Partial<WalletTransaction> = {}) => {
  const deposit = { wtxType: { name: 'ln_deposit' }, lnTx: null, passThru: {}, user_label: null }
  // as the service sends it, then as its backend hands it on (backends/service/rows.ts)
  return txOf('w1', { ...deposit, id, created_at: 2_000, num_satoshis: sat, ...o } as WalletTransaction)
}
const paying = (id: string, lnTxId: string, sat = 100) =>
  row(id, sat, { lnTx: { id: lnTxId, settled_at: 2_100 } as WalletTransaction['lnTx'] })
const link = (ott: string): StoredWithdrawLink => ({
  ...{ accountId: 'acc', ott, walletId: 'w1', lnurl: 'LNURL1', uri: 'lightning:LNURL1', amountSat: 50, memo: '' },
  ...{ createdAt: 1_900, status: 'waiting', claimedAt: null, claimedMsat: null, claimTxId: null },
})
const claiming = (id: string, ott: string) =>
  row(id, -50, { wtxType: { name: 'ln_lnurl_withdraw' }, passThru: { ott }, num_msat: -50_000 })
const batch = (items: BackendTx[], bulk: boolean, walletId = 'w1'): Batch => ({
  walletId,
  items,
  bulk,
  cursor: {},
})
const nothingWaited: Waiting = { pending: [], links: [], takenTxIds: new Set(), awaitingRow: new Set() }
const ids = (list: BackendTx[]) => list.map((t) => t.txId)

describe('planStore: what a batch of rows settles, claims and tells', () => {
  it('new rows: all told, and the invoice paid by one of them settled with what it received', () => {
    const waited = { ...nothingWaited, pending: [invoice('ln_a', { amountSat: 0 })] }
    const plan = planStore(batch([row('t1', 5), paying('t2', 'ln_a', 77)], false), waited)
    expect(plan.paid).toEqual([{ invoice: waited.pending[0], settledAt: 2_100, amountSat: 77 }])
    expect(ids(plan.told)).toEqual([])
    expect(ids(plan.rest)).toEqual(['t1', 't2'])
  })

  it('history: only what the app waits on is told; the rest is stored quietly', () => {
    const waited = { ...nothingWaited, pending: [invoice('ln_a')], links: [link('ott1')] }
    const plan = planStore(batch([row('t1', 5), paying('t2', 'ln_a'), claiming('t3', 'ott1')], true), waited)
    expect(ids(plan.told)).toEqual(['t2', 't3'])
    expect(ids(plan.rest)).toEqual(['t1'])
    expect(plan.claimed.map((c) => [c.link.ott, c.txId, c.claimedMsat])).toEqual([['ott1', 't3', 50_000]])
  })

  it('history: the row of an invoice found paid directly is still told; a refund of it is not', () => {
    const waited = { ...nothingWaited, awaitingRow: new Set(['ln_found']) }
    const plan = planStore(batch([paying('t1', 'ln_found'), paying('t2', 'ln_found', -100)], true), waited)
    expect(ids(plan.told)).toEqual(['t1'])
    expect(ids(plan.rest)).toEqual(['t2'])
  })

  it('only the batch wallet’s invoices and links; a transaction taken by another link is left', () => {
    const waited = {
      ...nothingWaited,
      pending: [invoice('ln_a', { walletId: 'w2' })],
      links: [link('ott1')],
      takenTxIds: new Set(['t3']),
    }
    const plan = planStore(batch([paying('t2', 'ln_a'), claiming('t3', 'ott1')], true), waited)
    expect(plan.paid).toEqual([])
    expect(plan.claimed).toEqual([])
    expect(ids(plan.told)).toEqual([])
  })
})

describe('invoices and links change once', () => {
  it('paid: the amount received when there is one, else the invoice’s; never a finished one', () => {
    const inv = invoice('ln_a')
    expect(paidInvoice(inv, { invoice: inv, settledAt: 3_000, amountSat: 120 })).toMatchObject({
      status: 'paid',
      settledAt: 3_000,
      amountSat: 120,
    })
    expect(paidInvoice(inv, { invoice: inv, settledAt: 3_000, amountSat: 0 })?.amountSat).toBe(100)
    expect(paidInvoice({ ...inv, status: 'expired' }, { invoice: inv, settledAt: 3_000, amountSat: 1 })).toBeNull()
    expect(paidInvoice(undefined, { invoice: inv, settledAt: 3_000, amountSat: 1 })).toBeNull()
  })

  it('expired only from pending; a claimed link carries its claim', () => {
    expect(expiredInvoice(invoice('ln_a'))?.status).toBe('expired')
    expect(expiredInvoice(invoice('ln_a', { status: 'paid' }))).toBeNull()
    const next = claimedLink({ link: link('ott1'), claimedAt: 2_500, txId: 't9', claimedMsat: 40_000 })
    expect(next).toMatchObject({ status: 'claimed', claimedAt: 2_500, claimTxId: 't9', claimedMsat: 40_000 })
  })
})

describe('the account state after each step', () => {
  const wallet = (id: string, label: string) => ({ id, label }) as unknown as BackendWallet
  const withBalances = {
    ...newAccountSync(),
    storedBalances: new Map([
      ['w1', 10],
      ['w2', 20],
    ]),
  }

  it('a wallet to read again loses its stored balance; others keep theirs', () => {
    expect([...rereadWallet(withBalances, 'w1').storedBalances]).toEqual([['w2', 20]])
    expect(rereadWallet(withBalances, 'w9')).toBe(withBalances)
    expect([...withBalances.storedBalances.keys()]).toEqual(['w1', 'w2']) // the value it came from is left as it was
  })

  it('found paid directly: its wallet is read again, its row awaited, one more round asked', () => {
    const s = foundPaid(withBalances, [{ id: 'ln_a', walletId: 'w2' }])
    expect([...s.storedBalances.keys()]).toEqual(['w1'])
    expect([...s.awaitingRow]).toEqual(['ln_a'])
    expect(s.roundAgain).toBe(true)
  })

  it('listed wallets: labels to store only when one changed, was added or went away', () => {
    const label = (w: BackendWallet) => (w as unknown as { label: string }).label
    const first = listed(newAccountSync(), [wallet('w1', 'Shop'), wallet('w2', 'Tips')], label)
    expect(first.names).toEqual([
      { id: 'w1', label: 'Shop' },
      { id: 'w2', label: 'Tips' },
    ])
    expect(listed(first.state, [wallet('w1', 'Shop'), wallet('w2', 'Tips')], label).names).toBeNull()
    expect(listed(first.state, [wallet('w1', 'Shop')], label).names).toEqual([{ id: 'w1', label: 'Shop' }])
    expect(listed(first.state, [wallet('w1', 'Shop'), wallet('w2', 'Bar')], label).names).toHaveLength(2)
  })

  it('rows stored: those awaited are no longer; new rows mark the wallet changed, none does not', () => {
    const s = { ...newAccountSync(), awaitingRow: new Set(['ln_a', 'ln_b']) }
    const after = stored(s, 'w1', ['ln_a'], 2)
    expect([...after.awaitingRow]).toEqual(['ln_b'])
    expect([...after.changedWallets]).toEqual(['w1'])
    expect([...stored(s, 'w1', [], 0).changedWallets]).toEqual([])
  })

  it('after the reads: up-to-date wallets take the balance just read; one to read again loses it', () => {
    const s = afterReads(
      withBalances,
      new Map([
        ['w1', 11],
        ['w2', 22],
        ['w3', 33],
      ]),
      ['w1', 'w3'],
      ['w2'],
    )
    expect([...s.storedBalances].sort()).toEqual([
      ['w1', 11],
      ['w3', 33],
    ])
    expect([...afterReads(withBalances, null, ['w1'], []).storedBalances]).toEqual([
      ['w1', 10],
      ['w2', 20],
    ])
  })

  it('tells balances once per change and only for the account shown; changed wallets once', () => {
    const wallets = [wallet('w1', 'Shop')]
    const s = { ...newAccountSync(), wallets, changedWallets: new Set(['w1']) }
    const balances = new Map([['w1', 5]])
    const first = toTell(s, balances, true)
    expect(first.tell).toEqual({ wallets, changedWallets: ['w1'] })
    const again = toTell(first.state, balances, true)
    expect(again.tell).toEqual({ wallets: null, changedWallets: [] })
    expect(toTell(first.state, new Map([['w1', 6]]), true).tell.wallets).toBe(wallets)
    const hidden = toTell(s, balances, false)
    expect(hidden.tell.wallets).toBeNull()
    expect(hidden.state.shownBalances).toBeNull() // told once it is shown
  })
})
