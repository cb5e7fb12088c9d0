// The app with its clock 25 h and 2 h ahead and behind (and a control run on the true time),
// against the simulator on the true time: the service's clock, learnt from its answers, decides
// every expiry. A fresh invoice is pending, then paid and announced; an invoice with an hour left
// is decoded and paid once; a payment whose answer comes after "Check again" is never failed and
// ends paid; a withdraw link handed out is seen claimed.
import type { JournalView, OpOutput, PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { claimAsOutsider } from '../sync/harness'
import { OFFSETS, paidToPayee, rowsAtService, type SkewedApp, startSkewedApp, untilPaidOut } from './skewedApp'

let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
})
afterAll(() => sim.close())

/** the client's deadline: a payment the service holds longer reads as "outcome unknown" */
const TIMEOUT_MS = 3_000
/** the longest the service holds the delayed payment; the test lets it go once "Check again" ran */
const HOLD_MS = 45_000

// Each offset runs the app's real loop and a payment held at the service: slow on a shared machine.
describe.each(OFFSETS)('the computer clock %s', { timeout: 60_000 }, (label, offsetMs) => {
  let s: SkewedApp
  let w: SimWallet
  beforeAll(async () => {
    w = sim.control.createWallet(`Clock ${label}`, 100_000)
    s = await startSkewedApp(sim, offsetMs, { timeoutMs: TIMEOUT_MS })
  })
  afterAll(() => s.close())

  it('knows the service is that far off, and tells the renderer', async () => {
    await expect
      .poll(async () => {
        const list = await s.call<OpOutput<'accounts.list'>>('accounts.list')
        return list.accounts[0]?.clockOffsetSec
      })
      .toBeTypeOf('number')
    const list = await s.call<OpOutput<'accounts.list'>>('accounts.list')
    // service minus computer: the computer's error, the other way round, to within 2 s
    expect(Math.abs((list.accounts[0]?.clockOffsetSec as number) + offsetMs / 1000)).toBeLessThanOrEqual(2)
  })

  it('a new invoice is pending, then paid and announced', async () => {
    const memo = `Fresh at ${label}`
    const inv = await s.call<PendingInvoice>('invoices.create', {
      walletId: w.id,
      amountSat: 1_000,
      memo,
      expirySec: 3600,
    })
    expect(inv.status).toBe('pending')
    const listed = await s.call<{ invoices: PendingInvoice[] }>('invoices.list')
    expect(listed.invoices.find((i) => i.id === inv.id)?.status).toBe('pending')
    await sim.control.settleInvoice(inv.id)
    await expect
      .poll(() => s.of('invoice.updated').find((i) => i.id === inv.id && i.status === 'paid'), { timeout: 20_000 })
      .toBeTruthy()
    // announced as this invoice's payment (its memo), not as a stranger's "Received"
    await expect
      .poll(() => s.notifications.filter((n) => n.title === 'Received 1,000 sats' && n.body.includes(memo)).length, {
        timeout: 20_000,
      })
      .toBe(1)
    expect(
      s
        .of('invoice.updated')
        .filter((i) => i.id === inv.id)
        .map((i) => i.status),
    ).not.toContain('expired')
  })

  it('an invoice with an hour left is decoded, paid, and paid once', async () => {
    const payee = sim.control.outside.payee({ amountSat: 500, memo: `Hour left ${label}`, expiry: 3600 })
    const decoded = await s.call<OpOutput<'pay.decode'>>('pay.decode', { invoice: payee.payment_request })
    expect(decoded).toMatchObject({ amountMsat: 500_000, decodedBy: 'service', earlier: null })
    const requestId = `req-hour-${process.pid}-${offsetMs}`
    const pay = { walletId: w.id, invoice: payee.payment_request, requestId }
    expect(await s.call('pay.invoice', pay)).toMatchObject({ amountMsat: 500_000 })
    // the same request again: not sent again
    expect(await s.handle('pay.invoice', pay)).toMatchObject({ ok: true })
    expect(paidToPayee(sim, payee.paymentHash)).toBe(1)
    expect(await rowsAtService(sim, w, requestId)).toBe(1)
    expect(s.app.journal().get(requestId)).toMatchObject({ state: 'paid' })
  })

  it('a payment whose answer comes after "Check again" is never shown failed, and ends paid', async () => {
    const payee = sim.control.outside.payee({ amountSat: 700, memo: `Late answer ${label}`, expiry: 3600 })
    const requestId = `req-late-${process.pid}-${offsetMs}`
    sim.control.injectFault({ path: '/withdraw', kind: 'hold', ms: HOLD_MS, times: 1 })
    const answer = await s.handle('pay.invoice', { walletId: w.id, invoice: payee.payment_request, requestId })
    expect(answer).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    // "Check again" while the service is still at it: nothing there yet, and the invoice has an
    // hour left by the service's clock, so it may still come
    expect(paidToPayee(sim, payee.paymentHash)).toBe(0)
    const early = await s.call<OpOutput<'payments.check'>>('payments.check')
    expect(early.payments.find((p) => p.requestId === requestId)).toMatchObject({ state: 'unknown' })
    expect(early.settled.map((p) => p.requestId)).not.toContain(requestId)
    expect(sim.control.releaseHeld()).toBe(1)
    await untilPaidOut(sim, payee.paymentHash)
    // the next check (or the loop's own, after a sync) finds it paid
    await expect
      .poll(
        async () =>
          (await s.call<OpOutput<'payments.check'>>('payments.check')) && s.app.journal().get(requestId)?.state,
        {
          timeout: 20_000,
          interval: 500,
        },
      )
      .toBe('paid')
    const states = s
      .of('payments.updated')
      .flatMap((p) => p.payments)
      .filter((p: JournalView) => p.requestId === requestId)
      .map((p) => p.state)
    expect(states).not.toContain('failed')
    expect(paidToPayee(sim, payee.paymentHash)).toBe(1)
    expect(await rowsAtService(sim, w, requestId)).toBe(1)
  })

  it('a withdraw link handed out is seen claimed', async () => {
    const link = await s.call<WithdrawLinkView>('withdraw.create', {
      walletId: w.id,
      amountSat: 300,
      memo: `Link ${label}`,
      requestId: `req-link-${process.pid}-${offsetMs}`,
    })
    expect(await claimAsOutsider(sim, link.lnurl, 300)).toEqual({ status: 'OK' })
    await expect
      .poll(() => s.of('withdraw.updated').find((l) => l.ott === link.ott && l.status === 'claimed'), {
        timeout: 20_000,
      })
      .toBeTruthy()
  })
})
