// Paying a BOLT 11 request through the whole app against the simulator: read first (the node's
// decoding, the app's own where the service has none), refused when it cannot be paid, the balance
// checked with the most the fee can be, paid with that fee limit, the journal's entry paid.
import { feeLimitMsat } from '@shared/payment/fees'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { encodeInvoice, nodeKeyFrom, sha256Hex } from '../../simulator/bolt11'
import { startSimulator } from '../../simulator/index'
import { type ConnectedApp, startConnectedApp } from '../ipc/appHarness'

let t: ConnectedApp
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Everyday', balanceSat: 69_525 })
})
afterAll(() => t.close())
afterEach(() => t.sim.control.clearFaults())

const accountId = () => t.app.accounts.list().activeId as string
const payee = (spec: Parameters<ConnectedApp['sim']['control']['outside']['payee']>[0]) =>
  t.sim.control.outside.payee(spec).payment_request
const run = (name: string, input: unknown) => t.app.router.handle(name, input)
const withdrawals = () => t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+\/withdraw$/ }).length
let n = 0
const pay = (invoice: string) =>
  run('pay.invoice', { accountId: accountId(), walletId: t.w.id, invoice, requestId: `req-invoice-${++n}` })

describe('pay.decode', () => {
  it('shows amount, description, payee and expiry as the service node reads them', async () => {
    const pr = payee({ amountSat: 2100, memo: 'Concert ticket', expiry: 600 })
    const v = await t.call<Record<string, unknown>>('pay.decode', { invoice: `lightning:${pr.toUpperCase()}` })
    expect(v).toMatchObject({
      invoice: pr,
      amountMsat: 2_100_000,
      description: 'Concert ticket',
      decodedBy: 'service',
      feeLimitMsat: feeLimitMsat(2_100_000),
    })
    expect(v.payee).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(v.expiresAt).toBeGreaterThan(Date.now() / 1000 + 500)
  })

  it("falls back to the app's own decoder when the service cannot decode", async () => {
    t.sim.control.injectFault({ path: '/decodeinvoice', kind: 'status', status: 404, times: 5 })
    const pr = payee({ amountSat: 10, memo: 'Fallback' })
    const v = await t.call<Record<string, unknown>>('pay.decode', { invoice: pr })
    expect(v).toMatchObject({ amountMsat: 10_000, description: 'Fallback', decodedBy: 'app' })
  })

  it('refuses an expired request, one for another network, and explains an amountless one', async () => {
    const expired = await run('pay.decode', { invoice: payee({ amountSat: 10, expired: true }) })
    expect(expired).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/has expired/) },
    })
    const amountless = await run('pay.decode', { invoice: payee({ amountSat: null }) })
    expect(amountless).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no amount.*cannot pay such invoices/) },
    })
    const mainnet = encodeInvoice(
      {
        amountMsat: 1_000_000,
        paymentHash: sha256Hex('ab'.repeat(32)),
        paymentSecret: '22'.repeat(32),
        timestamp: Math.floor(Date.now() / 1000),
        expiry: 3600,
        description: 'Lunch',
      },
      nodeKeyFrom('elsewhere'),
      { prefix: 'lnbc' },
    )
    const other = await run('pay.decode', { invoice: mainnet })
    expect(other).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/real bitcoin \(mainnet\).*not the network/) },
    })
  })
})

describe('pay.invoice', () => {
  it('pays with the fee limit; the receipt has the fee the service charged; the journal says paid', async () => {
    const before = t.sim.control.balanceMsat(t.w.id)
    const requestId = 'req-receipt-0001'
    const r = await run('pay.invoice', {
      accountId: accountId(),
      walletId: t.w.id,
      invoice: payee({ amountSat: 5000, memo: 'Receipt' }),
      requestId,
    })
    expect(r.ok).toBe(true)
    const paid = (r as { value: { amountMsat: number; feeMsat: number; preimage: string } }).value
    expect(paid.amountMsat).toBe(5_000_000)
    // the simulator's route costs 0.1 %, at least 1 sat: 5 sats here
    expect(paid.feeMsat).toBe(5000)
    expect(paid.preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(t.sim.control.balanceMsat(t.w.id)).toBe(before - 5_005_000)
    expect(t.app.journal().get(requestId)).toMatchObject({ state: 'paid', kind: 'invoice', feeLimitMsat: 5000 })
    // the request id travelled in passThru: the service's own row carries it
    const { rows } = await t.app.accounts.client().listTransactions(t.w.id, 1, 10)
    expect(rows.find((x) => x.requestId === requestId)).toMatchObject({ amountMsat: -5_000_000 })
  })

  it('above the balance with the fee: plain words, and nothing is sent', async () => {
    const sent = withdrawals()
    const balance = t.sim.control.balanceMsat(t.w.id)
    const amountSat = Math.floor(balance / 1000) - 1 // fits the balance, not with its fee
    const r = await pay(payee({ amountSat }))
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'insufficient_funds', message: expect.stringMatching(/^Not enough in Everyday: /) },
    })
    const message = (r as { error: { message: string } }).error.message
    expect(message).toContain('with the fee')
    expect(message).not.toMatch(/Invoice too large|Max balance/)
    expect(withdrawals()).toBe(sent)
  })

  it('one paid already elsewhere: the service refuses, said in plain words, the journal says failed', async () => {
    const r = await pay(payee({ amountSat: 10, paidElsewhere: true }))
    expect(r).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/someone may have paid this invoice already/) },
    })
    expect((r as { error: { message: string } }).error.message).not.toMatch(/FAILURE_REASON/)
    expect(t.app.journal().get(`req-invoice-${n}`)).toMatchObject({ state: 'failed' })
  })

  it('the same invoice twice (two confirmations): the second is refused by the service, nothing paid twice', async () => {
    const pr = payee({ amountSat: 20 })
    const before = t.sim.control.balanceMsat(t.w.id)
    expect((await pay(pr)).ok).toBe(true)
    const again = await pay(pr)
    expect(again).toMatchObject({ ok: false, error: { message: expect.stringMatching(/paid already/) } })
    expect(t.sim.control.balanceMsat(t.w.id)).toBe(before - 21_000)
  })

  it('goes out from the account on the confirmation even when another one is active', async () => {
    const first = accountId()
    // a second account at another service made active meanwhile: this wallet is unknown there (a
    // seed of its own: two simulators of one seed share their wallet ids, and would be one service)
    const elsewhere = await startSimulator({ seed: 'empty' })
    await t.call('accounts.connect', {
      kind: 'service',
      baseUrl: elsewhere.url,
      apiKey: elsewhere.keys.secret,
      label: 'Second',
    })
    expect(accountId()).not.toBe(first)
    const r = await run('pay.invoice', {
      accountId: first,
      walletId: t.w.id,
      invoice: payee({ amountSat: 30 }),
      requestId: 'req-other-account',
    })
    expect(r.ok).toBe(true)
    expect(t.app.journal().get('req-other-account')).toMatchObject({ accountId: first, state: 'paid' })
    expect(elsewhere.control.requests({ path: '/withdraw' })).toHaveLength(0)
    await t.call('accounts.switch', { id: first })
    await elsewhere.close()
  })

  it('an answer lost after the service paid: unknown, never re-sent; "Check again" finds it paid', async () => {
    t.sim.control.injectFault({ path: '/withdraw', kind: 'reset', when: 'after', times: 1 })
    const sent = withdrawals()
    const r = await run('pay.invoice', {
      accountId: accountId(),
      walletId: t.w.id,
      invoice: payee({ amountSat: 40 }),
      requestId: 'req-lost-answer',
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    expect(t.app.journal().get('req-lost-answer')).toMatchObject({ state: 'unknown' })
    const listed = await t.call<{ payments: Array<{ requestId: string }> }>('payments.unfinished')
    expect(listed.payments.map((p) => p.requestId)).toContain('req-lost-answer')
    const checked = await t.call<{ payments: Array<{ requestId: string }> }>('payments.check')
    expect(checked.payments.map((p) => p.requestId)).not.toContain('req-lost-answer')
    expect(t.app.journal().get('req-lost-answer')).toMatchObject({ state: 'paid', txId: expect.any(String) })
    expect(withdrawals()).toBe(sent + 1)
    expect(t.events.some((e) => e.name === 'payments.updated')).toBe(true)
  })

  it('an answer lost after the service paid: the next sync finds it paid, and sends nothing again', async () => {
    t.sim.control.injectFault({ path: '/withdraw', kind: 'reset', when: 'after', times: 1 })
    const sent = withdrawals()
    const r = await run('pay.invoice', {
      accountId: accountId(),
      walletId: t.w.id,
      invoice: payee({ amountSat: 41 }),
      requestId: 'req-lost-sync',
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    expect(t.app.journal().get('req-lost-sync')).toMatchObject({ state: 'unknown' })
    const told = t.events.length
    t.app.sync.onResume() // a sync of every account now, as after waking up
    await t.app.sync.idle()
    await t.app.idle()
    expect(t.app.journal().get('req-lost-sync')).toMatchObject({ state: 'paid', txId: expect.any(String) })
    const update = t.events.slice(told).find((e) => e.name === 'payments.updated')
    expect(update?.payload).toEqual({ payments: t.app.journal().unfinished() })
    expect(withdrawals()).toBe(sent + 1)
  })
})

describe('recent recipients', () => {
  it('a paid lightning address is offered next time, most recent first; an invoice is not', async () => {
    const before = await t.call<{ recipients: string[] }>('payments.recipients')
    expect(before.recipients).not.toContain('alice@sim.example')
    const paid = await run('pay.lightningAddress', {
      walletId: t.w.id,
      address: 'alice@sim.example',
      amountMsat: 21_000,
      requestId: 'req-recent-0001',
    })
    expect(paid.ok).toBe(true)
    const after = await t.call<{ recipients: string[] }>('payments.recipients')
    expect(after.recipients[0]).toBe('alice@sim.example')
    expect(after.recipients.some((r) => r.startsWith('lnbcrt'))).toBe(false)
  })
})
