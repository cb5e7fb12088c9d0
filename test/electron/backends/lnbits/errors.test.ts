// What the LNbits client makes of LNbits' refusals and of faults, against the simulator's LNbits
// flavor: a wrong key (LNbits' 404), the invoice key paying (403), a bad request (400), a payment
// error (520: `failed` is a refusal, anything else unknown), answers too large or with too many
// rows, reads retried and a payment never sent twice.
import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { lnbitsHttp } from '../../../../electron/main/services/backends/lnbits/http'
import { LnbitsPayment } from '../../../../electron/main/services/backends/lnbits/schemas'
import { unknownOutcomeMessage } from '../../../../electron/main/services/backends/service'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { failsWith } from '../../services/support'
import { allKeys, lnbitsClient, lnbitsSimFor, requestsTo, simBalance } from './support'

let sim: SimulatorHandle
let a: LnbitsWallet
let b: LnbitsWallet

lnbitsSimFor((s, w) => {
  sim = s
  ;[a, b] = w
})

const failure = (p: Promise<unknown>) => failsWith(p, allKeys(sim))
const PAYMENTS = '/api/v1/payments'

async function invoiceOfB(sats: number) {
  return lnbitsClient(sim, [b.adminkey]).createInvoice(b.id, { amountMsat: sats * 1000, memo: 'errors' })
}
const pay = (bolt11: string, o: Parameters<typeof lnbitsClient>[2] = {}) =>
  lnbitsClient(sim, [a.adminkey], o).payInvoice(a.id, { paymentRequest: bolt11, feeLimitMsat: 1_000, notes: {} })

describe("LNbits' refusals", () => {
  it('reads a key of no wallet (404 Wallet not found.) as a key refused', async () => {
    const err = await failure(lnbitsClient(sim, ['f'.repeat(32)]).listWallets())
    expect(err.code).toBe('unauthorized')
    expect(err.message).toMatch(/did not accept this key/)
  })

  it("reads the invoice key paying at the server (403) as needing the admin key, in LNbits' answer", async () => {
    const inv = await invoiceOfB(2)
    const call = lnbitsHttp({ baseUrl: sim.url, timeoutMs: 15_000 })
    const json = { out: true, bolt11: inv.paymentRequest }
    const sent = call({
      method: 'post',
      path: 'api/v1/payments',
      kind: 'money',
      schema: LnbitsPayment,
      key: a.inkey,
      json,
    })
    const err = await failure(sent)
    expect(err.code).toBe('forbidden')
    expect(err.message).toMatch(/admin key/)
    expect(sim.control.requests({ method: 'POST', path: PAYMENTS }).at(-1)?.status).toBe(403)
  })

  it("reads a 400 as a refusal with LNbits' words, and nothing moved", async () => {
    const before = await simBalance(sim, a)
    const err = await failure(pay(''))
    expect(err.code).toBe('invalid_input')
    expect(err.message).toContain('Missing BOLT11 invoice')
    expect(await simBalance(sim, a)).toBe(before)
  })

  it('reads a 520 with status failed as a refusal, not an unknown outcome: paying an invoice twice', async () => {
    const inv = await invoiceOfB(3)
    await pay(inv.paymentRequest)
    const before = await simBalance(sim, a)
    const err = await failure(pay(inv.paymentRequest))
    expect(err.code).not.toBe('unknown_outcome')
    expect(err.retryable).toBe(false)
    expect(sim.control.requests({ method: 'POST', path: PAYMENTS }).at(-1)?.status).toBe(520)
    expect(await simBalance(sim, a)).toBe(before)
  })
})

describe('a payment of unknown outcome, never sent twice', () => {
  it('a 520 with status pending after the payment went: unknown, once, and the books moved once', async () => {
    const inv = await invoiceOfB(4)
    sim.control.resetRequests()
    const before = await simBalance(sim, a)
    const body = JSON.stringify({ detail: 'Payment is pending.', status: 'pending' })
    sim.control.injectFault({ method: 'POST', path: PAYMENTS, kind: 'status', status: 520, body, when: 'after' })
    const err = await failure(pay(inv.paymentRequest))
    expect(err.code).toBe('unknown_outcome')
    expect(err.message).toBe(unknownOutcomeMessage())
    expect(requestsTo(sim, 'POST', PAYMENTS)).toBe(1)
    expect(await simBalance(sim, a)).toBe(before - 4_000)
    // checked by payment hash later: it went
    expect(await lnbitsClient(sim, [a.adminkey]).invoiceState(inv.paymentHash)).toMatchObject({ settled: true })
  })

  it.each([
    ['a 500', { kind: 'status' as const, status: 500 }],
    ['a 503', { kind: 'status' as const, status: 503 }],
    ['a reset connection', { kind: 'reset' as const }],
    ['a truncated answer', { kind: 'truncated' as const }],
    ['a malformed answer', { kind: 'malformed' as const }],
    ['no answer in time', { kind: 'latency' as const, ms: 3_000 }],
  ])('%s after the payment went: unknown, sent once', async (_name, fault) => {
    const inv = await invoiceOfB(1)
    sim.control.resetRequests()
    sim.control.injectFault({ method: 'POST', path: PAYMENTS, when: 'after', ...fault })
    const err = await failure(pay(inv.paymentRequest, { timeoutMs: 1_000 }))
    expect(err.code).toBe('unknown_outcome')
    expect(requestsTo(sim, 'POST', PAYMENTS)).toBe(1)
  })

  it('a refused connection before anything was sent is a network error, not unknown', async () => {
    const gone = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
    const url = gone.url
    await gone.close()
    const client = lnbitsClient({ ...sim, url }, [a.adminkey])
    const err = await failure(client.listWallets())
    expect(err.code).toBe('network')
  })
})

describe('reads', () => {
  it('retries a read the server failed, and not more than twice', async () => {
    sim.control.injectFault({ method: 'GET', path: '/api/v1/wallet', kind: 'status', status: 503, times: 1 })
    const [w] = await lnbitsClient(sim, [a.adminkey]).listWallets()
    expect(w?.balanceMsat).toBe(await simBalance(sim, a))
    expect(requestsTo(sim, 'GET', '/api/v1/wallet')).toBe(2)
    sim.control.resetRequests()
    sim.control.injectFault({ method: 'GET', path: '/api/v1/wallet', kind: 'status', status: 503 })
    const err = await failure(lnbitsClient(sim, [a.adminkey]).listWallets())
    expect(err.code).toBe('service_error')
    expect(err.message).toMatch(/HTTP 503/)
    expect(requestsTo(sim, 'GET', '/api/v1/wallet')).toBe(3)
  })
})

describe('caps on what the server sends', () => {
  it('does not read an answer larger than the cap: a read fails in words, a payment is unknown', async () => {
    const huge = JSON.stringify({ data: [], total: 0, pad: 'x'.repeat(5 * 1024 * 1024) })
    sim.control.injectFault({ path: '/api/v1/payments/paginated', kind: 'status', status: 200, body: huge })
    const err = await failure(lnbitsClient(sim, [a.adminkey]).listTransactions(a.id, 1, 10))
    expect(err.code).toBe('service_error')
    expect(err.message).toMatch(/far larger than expected/)
    const inv = await invoiceOfB(1)
    sim.control.resetRequests()
    sim.control.injectFault({ method: 'POST', path: PAYMENTS, kind: 'status', status: 200, body: huge, when: 'after' })
    expect((await failure(pay(inv.paymentRequest))).code).toBe('unknown_outcome')
    expect(requestsTo(sim, 'POST', PAYMENTS)).toBe(1)
  })

  it('refuses a page of more rows than LNbits ever sends, and clips a memo of a megabyte', async () => {
    const client = lnbitsClient(sim, [a.adminkey])
    const real = (await (
      await fetch(`${sim.url}/api/v1/payments/paginated?limit=1`, { headers: { 'X-Api-Key': a.adminkey } })
    ).json()) as { data: Record<string, unknown>[] }
    const row = { ...real.data[0], status: 'success' }
    const many = JSON.stringify({ data: Array.from({ length: 1001 }, () => row), total: 1001 })
    sim.control.injectFault({ path: '/api/v1/payments/paginated', kind: 'status', status: 200, body: many, times: 1 })
    const err = await failure(client.listTransactions(a.id, 1, 1000))
    expect(err.code).toBe('service_error')
    const one = JSON.stringify({ data: [{ ...row, memo: `\u202e${'m'.repeat(1024 * 1024)}` }], total: 1 })
    sim.control.injectFault({ path: '/api/v1/payments/paginated', kind: 'status', status: 200, body: one, times: 1 })
    const page = await client.listTransactions(a.id, 1, 10)
    expect(page.rows[0]?.memo?.length).toBeLessThanOrEqual(1024)
    expect(page.rows[0]?.memo?.startsWith('m')).toBe(true) // the direction override is gone
  })

  it('a body of the wrong shape is unreadable, in words that hold no key', async () => {
    sim.control.injectFault({ path: '/api/v1/wallet', kind: 'wrongShape' })
    const err = await failure(lnbitsClient(sim, [a.adminkey, b.inkey]).listWallets())
    expect(err).toBeInstanceOf(AppError)
    expect(err.code).toBe('service_error')
    expect(err.message).toMatch(/could not read/)
  })
})
