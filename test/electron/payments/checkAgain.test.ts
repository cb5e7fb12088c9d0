// "Check again" and what follows a payment after its answer was lost, through the router against
// the simulator: it says what it found (N9), a payment it finds is in Transactions at once (N7),
// paying again an invoice the journal has as paid or unknown is flagged first (N8), and a payment
// once thought failed that the service made after all becomes paid, told once across restarts.

import { rm } from 'node:fs/promises'
import type { OpOutput } from '@shared/contract'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openJournal, recoveredTitle } from '../../../electron/main/services/payments'
import { apiKeyName, createKeytarStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { syncNow } from '../../support/syncNow'
import { type SkewedApp, startSkewedApp, untilPaidOut } from '../clock/skewedApp'

let sim: SimulatorHandle
let w: SimWallet
let s: SkewedApp
let n = 0
const nextId = () => `req-check-${process.pid}-${++n}`

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  w = sim.control.createWallet('Check again', 100_000)
})
afterAll(() => sim.close())
beforeEach(async () => {
  // the clock a little wrong, as most are: the service's decides
  s = await startSkewedApp(sim, 2 * 3_600_000, { timeoutMs: 2_000 })
  await syncNow(s.app)
})
afterEach(async () => {
  sim.control.clearFaults()
  await s?.close()
})

/** A payment whose answer is lost: the service makes it after the app's request gave up. */
async function lostAnswer(amountSat: number, memo: string) {
  const payee = sim.control.outside.payee({ amountSat, memo, expiry: 3600 })
  const requestId = nextId()
  sim.control.injectFault({ path: '/withdraw', kind: 'hold', ms: 3_000, times: 1 })
  const r = await s.handle('pay.invoice', { walletId: w.id, invoice: payee.payment_request, requestId })
  expect(r).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
  return { payee, requestId }
}

/** The service made a payment under this request id (the app's own request got through after all). */
async function paidAtServiceAs(requestId: string, amountSat: number) {
  const pr = sim.control.outside.payee({ amountSat, expiry: 3600 }).payment_request
  const res = await fetch(`${sim.url}/v1/wallet/${w.id}/withdraw`, {
    method: 'POST',
    headers: { 'X-Api-Key': sim.keys.secret, 'content-type': 'application/json' },
    body: JSON.stringify({ payment_request: pr, passThru: { requestId } }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return pr
}

const historyTotal = async (search: string) =>
  (await s.call<OpOutput<'history.page'>>('history.page', { search })).total

describe('"Check again"', { timeout: 60_000 }, () => {
  it('finds a lost answer paid, says so, and Transactions lists it at once, before any sync (N7, N9)', async () => {
    await s.app.sync.stop() // only "Check again" may find it
    const memo = 'Lost answer test'
    const { payee, requestId } = await lostAnswer(1_200, memo)
    await untilPaidOut(sim, payee.paymentHash)
    expect(await historyTotal(memo)).toBe(0)
    const found = await s.call<OpOutput<'payments.check'>>('payments.check')
    expect(found.settled).toEqual([expect.objectContaining({ requestId, state: 'paid', amountMsat: 1_200_000 })])
    expect(found.payments.map((p) => p.requestId)).not.toContain(requestId)
    // in the ledger now: Transactions shows it, and was told to read its page again
    expect(await historyTotal(memo)).toBe(1)
    expect(s.of('ledger.updated').some((e) => e.walletIds.includes(w.id))).toBe(true)
  })

  it('says "failed, nothing taken" for a payment that never left, and still unknown for one on its way (N9)', async () => {
    await s.app.sync.stop()
    // written before a crash, never sent
    const neverSent = nextId()
    s.app.journal().add({
      requestId: neverSent,
      accountId: s.app.accounts.list().activeId as string,
      walletId: w.id,
      kind: 'address',
      amountMsat: 5_000,
      feeLimitMsat: 250,
      target: 'alice@sim.example',
    })
    // the service still at it when the person checks
    const payee = sim.control.outside.payee({ amountSat: 900, expiry: 3600 })
    const onItsWay = nextId()
    sim.control.injectFault({ path: '/withdraw', kind: 'hold', ms: 6_000, times: 1 })
    const r = await s.handle('pay.invoice', { walletId: w.id, invoice: payee.payment_request, requestId: onItsWay })
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    const found = await s.call<OpOutput<'payments.check'>>('payments.check')
    expect(found.settled).toEqual([
      expect.objectContaining({
        requestId: neverSent,
        state: 'failed',
        error: expect.stringMatching(/nothing was taken/),
      }),
    ])
    expect(found.payments).toEqual([
      expect.objectContaining({ requestId: onItsWay, state: 'unknown', error: expect.stringMatching(/on its way/) }),
    ])
    await untilPaidOut(sim, payee.paymentHash)
    const later = await s.call<OpOutput<'payments.check'>>('payments.check')
    expect(later.settled).toEqual([expect.objectContaining({ requestId: onItsWay, state: 'paid' })])
    expect(later.payments).toEqual([])
  })
})

describe('paying an invoice again (N8)', { timeout: 60_000 }, () => {
  it('decoding an invoice the journal has as paid, or of unknown outcome, says so; a failed one does not', async () => {
    await s.app.sync.stop()
    const paid = sim.control.outside.payee({ amountSat: 300, expiry: 3600 }).payment_request
    await s.call('pay.invoice', { walletId: w.id, invoice: paid, requestId: nextId() })
    expect(await s.call<OpOutput<'pay.decode'>>('pay.decode', { invoice: paid })).toMatchObject({
      earlier: { state: 'paid', at: expect.any(Number) },
    })
    const { payee } = await lostAnswer(400, 'unknown then')
    expect(await s.call<OpOutput<'pay.decode'>>('pay.decode', { invoice: payee.payment_request })).toMatchObject({
      earlier: { state: 'unknown' },
    })
    // refused by the service: nothing taken, so nothing to warn of
    const refusedPr = sim.control.outside.payee({ amountSat: 200, expiry: 3600 }).payment_request
    sim.control.injectFault({ path: '/withdraw', kind: 'status', status: 400, times: 1 })
    const refused = await s.handle('pay.invoice', { walletId: w.id, invoice: refusedPr, requestId: nextId() })
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(sim.control.requests({ path: /\/withdraw$/ }).at(-1)?.fault).toBe('status')
    expect(await s.call<OpOutput<'pay.decode'>>('pay.decode', { invoice: refusedPr })).toMatchObject({ earlier: null })
    await untilPaidOut(sim, payee.paymentHash) // let the held payment finish before the app closes
  })
})

describe('a payment thought failed', { timeout: 60_000 }, () => {
  /** an entry marked failed, as a refusal (or an older version's guess) left it */
  function failedEntry(requestId: string, amountSat: number) {
    const journal = s.app.journal()
    journal.add({
      requestId,
      accountId: s.app.accounts.list().activeId as string,
      walletId: w.id,
      kind: 'address',
      amountMsat: amountSat * 1000,
      feeLimitMsat: 0,
      target: 'bob@sim.example',
    })
    journal.mark(requestId, 'sent')
    journal.mark(requestId, 'failed', { error: 'It was not paid, and can no longer be.' })
  }
  const told = () => s.notifications.filter((x) => x.title === recoveredTitle())
  const toldInApp = () => s.of('notice').filter((x) => x.message.startsWith(recoveredTitle()))

  it('that the sync then finds at the service becomes paid, and the person is told once, also after a restart', async () => {
    // a start of its own, with the key in the keychain, so the account is there after a restart
    await s.close()
    const keychain = createKeytarStore(`lightning-tray-clock-${process.pid}`)
    s = await startSkewedApp(sim, 0, { keychain })
    const accountId = s.app.accounts.list().activeId as string
    try {
      const requestId = nextId()
      failedEntry(requestId, 640)
      await paidAtServiceAs(requestId, 640)
      await syncNow(s.app)
      await expect.poll(() => s.app.journal().get(requestId)?.state).toBe('paid')
      expect(told()).toHaveLength(1)
      expect(toldInApp()).toEqual([expect.objectContaining({ level: 'warning' })])
      expect(toldInApp()[0]?.message).toContain('640 sats')
      await syncNow(s.app)
      expect(told()).toHaveLength(1)
      // another one found made just before the process stopped, not told yet
      const second = nextId()
      failedEntry(second, 650)
      await s.close()
      const journal = openJournal({ dir: s.dir })
      journal.mark(second, 'paid', { txId: 'wtx_found_before_the_crash' })
      journal.close()
      // a new start on the same files: the second is told, the first never again
      const notifications = s.notifications
      s = await startSkewedApp(sim, 0, { keychain, dir: s.dir, notifications })
      await s.app.idle()
      await syncNow(s.app)
      await expect.poll(() => told().length).toBe(2)
      expect(told()[1]?.body).toContain('650 sats')
      await s.app.idle()
      expect(told()).toHaveLength(2)
    } finally {
      await keychain.delete(apiKeyName(accountId))
      await s.close()
      await rm(s.dir, { recursive: true, force: true })
    }
  })

  it('that "Check again" finds at the service becomes paid and is told', async () => {
    await s.app.sync.stop()
    const requestId = nextId()
    failedEntry(requestId, 720)
    await paidAtServiceAs(requestId, 720)
    await s.call('payments.check')
    expect(s.app.journal().get(requestId)).toMatchObject({ state: 'paid', txId: expect.stringMatching(/^wtx_/) })
    expect(told()).toHaveLength(1)
    await s.call('payments.check')
    expect(told()).toHaveLength(1)
  })
})
