// Each operation through the app against the simulator, checking how service objects become
// the contract's views.
import type { LnTxView, PaymentView, PendingInvoice, RecipientView, TxPage, WithdrawLinkView } from '@shared/contract'
import { decodeLnurl } from '@shared/lnurl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimulatorHandle, SimWallet } from '../../simulator/index'
import { type ConnectedApp, startConnectedApp } from './appHarness'

let t: ConnectedApp
let sim: SimulatorHandle
let w: SimWallet
let events: ConnectedApp['events']

beforeAll(async () => {
  t = await startConnectedApp({ label: 'Views', balanceSat: 100_000 })
  ;({ sim, w, events } = t)
})
afterAll(() => t.close())

const call = <T>(name: string, input: unknown = {}) => t.call<T>(name, input)

describe('handlers map service objects to views', () => {
  it('wallets.list maps the balances to msat and emits wallets.updated', async () => {
    const r = await call<{ wallets: Array<{ id: string; label: string; balanceMsat: number }> }>('wallets.list')
    const mine = r.wallets.find((x) => x.id === w.id)
    expect(mine).toMatchObject({ label: 'Views', balanceMsat: 100_000_000 })
    expect(r).not.toHaveProperty('totalMsat')
    expect(events.filter((e) => e.name === 'wallets.updated').at(-1)?.payload).toEqual(r)
  })

  it('invoices.create → a pending invoice the watcher lists; lntx.get after settling shows the preimage', async () => {
    const inv = await call<PendingInvoice>('invoices.create', {
      walletId: w.id,
      amountSat: 777,
      memo: 'Views test',
      expirySec: 600,
    })
    expect(inv).toMatchObject({
      walletId: w.id,
      amountSat: 777,
      memo: 'Views test',
      status: 'pending',
      settledAt: null,
    })
    expect(inv.expiresAt - inv.createdAt).toBe(600)
    expect(inv.paymentHash).toMatch(/^[0-9a-f]{64}$/)
    expect((await call<{ invoices: PendingInvoice[] }>('invoices.list')).invoices.map((i) => i.id)).toContain(inv.id)
    const before = await call<LnTxView>('lntx.get', { id: inv.id })
    expect(before).toMatchObject({ settled: false, preimage: null, amountSat: 777 })
    await sim.control.settleInvoice(inv.id)
    const checked = await call<PendingInvoice>('invoices.check', { id: inv.id })
    expect(checked.status).toBe('paid')
    const after = await call<LnTxView>('lntx.get', { id: inv.id })
    expect(after.settled).toBe(true)
    expect(after.preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(after.settledAt).toEqual(expect.any(Number))
  })

  it('transactions.page: signed msat amounts and the page numbers', async () => {
    const page = await call<TxPage>('transactions.page', { walletId: w.id, page: 1, perPage: 1 })
    expect(page).toMatchObject({ walletId: w.id, page: 1, perPage: 1 })
    expect(page.totalCount).toBeGreaterThanOrEqual(2)
    expect(page.pageCount).toBe(page.totalCount)
    expect(page.items).toHaveLength(1)
    expect(page.items[0]?.amountMsat).toBe(777_000)
  })

  it('invoices.create without an amount: an amountless invoice with the expiry asked; paid 1,234 sats reads as 1,234', async () => {
    const inv = await call<PendingInvoice>('invoices.create', {
      walletId: w.id,
      memo: 'Any amount',
      expirySec: 604_800,
    })
    expect(inv).toMatchObject({ amountSat: 0, status: 'pending', memo: 'Any amount' })
    expect(inv.expiresAt - inv.createdAt).toBe(604_800)
    // what the service itself holds: no amount, a week to pay
    const ln = await call<LnTxView>('lntx.get', { id: inv.id })
    expect(ln).toMatchObject({ amountSat: 0, expiresAt: inv.createdAt + 604_800 })
    const balance = sim.control.balanceMsat(w.id)
    await sim.control.settleInvoice(inv.id, 1234)
    expect(await call<PendingInvoice>('invoices.check', { id: inv.id })).toMatchObject({
      status: 'paid',
      amountSat: 1234,
    })
    await sim.control.settleInvoice(inv.id, 1234).catch(() => {}) // paid once only
    expect(sim.control.balanceMsat(w.id)).toBe(balance + 1_234_000)
  })

  it('invoices.create: an expiry under a minute is refused before the service is asked', async () => {
    const before = sim.control.requests({ method: 'POST' }).length
    await expect(call('invoices.create', { walletId: w.id, memo: '', expirySec: 59 })).rejects.toThrow(
      'invalid_input: expirySec: An invoice lasts at least a minute.',
    )
    expect(sim.control.requests({ method: 'POST' })).toHaveLength(before)
  })

  it('lnurl.probe: description and long description from the metadata, normalised address', async () => {
    const r = await call<RecipientView>('lnurl.probe', { address: '  Alice@SIM.example ' })
    expect(r.address).toBe('alice@sim.example')
    expect(r.description.length).toBeGreaterThan(0)
    expect(r).toMatchObject({ minSendableMsat: 1_000, maxSendableMsat: 1_000_000_000, commentAllowed: 140 })
    expect(r.longDescription === null || typeof r.longDescription === 'string').toBe(true)
  })

  it('pay.lightningAddress: amount, fee and a preimage that hashes to the payment hash', async () => {
    const before = sim.control.balanceMsat(w.id)
    const p = await call<PaymentView>('pay.lightningAddress', {
      walletId: w.id,
      address: 'alice@sim.example',
      amountMsat: 3_000_000,
      comment: 'for the views',
      requestId: 'req-views-pay-1',
    })
    expect(p.amountMsat).toBe(3_000_000)
    expect(sim.control.balanceMsat(w.id)).toBe(before - 3_000_000 - p.feeMsat)
    const { createHash } = await import('node:crypto')
    expect(
      createHash('sha256')
        .update(Buffer.from(p.preimage ?? '', 'hex'))
        .digest('hex'),
    ).toBe(p.paymentHash)
  })

  it('pay.lightningAddress: a part-sat amount (the Send screen takes 1.5 or 2.5 sats) shows as sent, not cut to whole sats', async () => {
    for (const [amountMsat, n] of [
      [1_500, 1],
      [2_500, 2],
    ] as const) {
      const before = sim.control.balanceMsat(w.id)
      const p = await call<PaymentView>('pay.lightningAddress', {
        walletId: w.id,
        address: 'alice@sim.example',
        amountMsat,
        requestId: `req-views-part-sat-${n}`,
      })
      expect(sim.control.balanceMsat(w.id)).toBe(before - amountMsat - p.feeMsat)
      expect(p.amountMsat).toBe(amountMsat)
    }
  })

  it('withdraw.create: an upper-case LNURL, its lightning: uri, tracked by the watcher', async () => {
    const link = await call<WithdrawLinkView>('withdraw.create', {
      walletId: w.id,
      amountSat: 250,
      memo: 'Gift',
      requestId: 'req-views-w-1',
    })
    expect(link.lnurl).toMatch(/^LNURL1[02-9AC-HJ-NP-Z]+$/)
    expect(link.uri).toBe(`lightning:${link.lnurl}`)
    expect(new URL(decodeLnurl(link.lnurl)).searchParams.get('ott')).toBe(link.ott)
    expect(link).toMatchObject({ walletId: w.id, amountSat: 250, memo: 'Gift', status: 'waiting', claimedAt: null })
    expect((await call<{ links: WithdrawLinkView[] }>('withdraw.list')).links.map((l) => l.ott)).toContain(link.ott)
  })

  it('invoices.focus answers whether something is focused', async () => {
    expect(await call('invoices.focus', { id: 'lntx_x' })).toEqual({ focused: true })
    expect(await call('invoices.focus', { id: null })).toEqual({ focused: false })
  })
})

describe('settings.update', () => {
  // IPC's structured clone keeps `undefined`, and a partial schema lets it through as a key.
  it('a field sent as undefined leaves that setting as it was (not an internal error)', async () => {
    const before = await call<{ pollIntervalSec: number; notifications: boolean; theme: string }>('settings.get')
    const next = await call<typeof before>('settings.update', { pollIntervalSec: undefined, theme: 'dark' })
    expect(next).toEqual({ ...before, theme: 'dark' })
    expect(await call('settings.get')).toEqual(next)
  })
})
