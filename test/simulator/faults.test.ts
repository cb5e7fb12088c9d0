// Each injected fault as a plain HTTP client sees it; the /_sim control API; the clock.
import { request } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody, LnTx, WalletList } from '../../electron/main/services/backends/service/schemas'
import { Faults, LOG_LIMIT } from './faults'
import { type SimulatorHandle, startSimulator } from './index'
import { call } from './support'

let sim: SimulatorHandle
let get: (path?: string) => Promise<Response>

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  get = (path = '/v1/wallets') => fetch(sim.url + path, { headers: { 'X-Api-Key': sim.keys.secret } })
})
afterEach(() => sim.control.clearFaults())
afterAll(() => sim.close())

function rawGet(path: string): Promise<{ status: number; body: string; error: Error | null }> {
  return new Promise((resolve) => {
    const req = request(`${sim.url}${path}`, { headers: { 'X-Api-Key': sim.keys.secret } }, (res) => {
      let body = ''
      res.on('data', (c) => {
        body += c
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, error: null }))
      res.on('error', (error) => resolve({ status: res.statusCode ?? 0, body, error }))
      res.on('aborted', () => resolve({ status: res.statusCode ?? 0, body, error: new Error('aborted') }))
    })
    req.on('error', (error) => resolve({ status: 0, body: '', error }))
    req.end()
  })
}

describe('fault injection', () => {
  it('latency: the answer comes late (a short client timeout gives up), then normal again', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'latency', ms: 1500, times: 1 })
    await expect(fetch(`${sim.url}/v1/wallets`, { signal: AbortSignal.timeout(150) })).rejects.toThrow()
    const r = await get()
    expect(r.status).toBe(200)
  })

  it('hold: the request is read whole and handled late, even once the caller has given up', async () => {
    const w = sim.control.createWallet('Held', 5_000)
    const payee = sim.control.outside.payee({ amountSat: 100, expiry: 3600 })
    const pr = payee.payment_request
    sim.control.injectFault({ path: '/withdraw', kind: 'hold', ms: 1_000, times: 1 })
    const paid = () => sim.control.outside.book().filter((e) => e.paymentHash === payee.paymentHash).length
    const giveUp = new AbortController()
    const pay = fetch(`${sim.url}/v1/wallet/${w.id}/withdraw`, {
      method: 'POST',
      headers: { 'X-Api-Key': sim.keys.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_request: pr }),
      signal: giveUp.signal,
    })
    // the caller gives up once the service has read the request whole (not after a time: on a busy
    // machine it might give up before the request is even out)
    const held = () => sim.control.requests({ path: '/withdraw' }).filter((e) => e.held).length
    await expect.poll(held, { timeout: 15_000, interval: 5 }).toBe(1)
    giveUp.abort()
    await expect(pay).rejects.toThrow()
    expect(paid()).toBe(0) // not yet: the service is still at it
    await expect.poll(paid, { timeout: 5_000 }).toBe(1)
  })

  it('hold: releaseHeld lets a long hold go on at once, and says how many it let go', async () => {
    const w = sim.control.createWallet('Released', 5_000)
    const payee = sim.control.outside.payee({ amountSat: 100, expiry: 3600 })
    const held = () => sim.control.requests({ path: '/withdraw' }).filter((e) => e.held).length
    const heldBefore = held()
    sim.control.injectFault({ path: '/withdraw', kind: 'hold', ms: 600_000, times: 1 })
    const paid = () => sim.control.outside.book().filter((e) => e.paymentHash === payee.paymentHash).length
    const pay = fetch(`${sim.url}/v1/wallet/${w.id}/withdraw`, {
      method: 'POST',
      headers: { 'X-Api-Key': sim.keys.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_request: payee.payment_request }),
    })
    await expect.poll(held, { timeout: 15_000, interval: 5 }).toBe(heldBefore + 1)
    expect(paid()).toBe(0)
    expect(sim.control.releaseHeld()).toBe(1)
    expect((await pay).ok).toBe(true)
    expect(paid()).toBe(1)
    expect(sim.control.releaseHeld()).toBe(0)
  })

  it.each([500, 502, 503])('status %i in the error shape', async (status) => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status, times: 1 })
    const r = await get()
    expect(r.status).toBe(status)
    expect(ErrorBody.parse(await r.json()).status).toBe(status)
    expect((await get()).status).toBe(200)
  })

  it('a proxy-style 502 with an HTML body', async () => {
    sim.control.injectFault({
      path: '/v1/wallets',
      kind: 'status',
      status: 502,
      body: '<html>Bad Gateway</html>',
      times: 1,
    })
    const r = await get()
    expect(r.status).toBe(502)
    expect(r.headers.get('content-type')).toMatch(/text\/html/)
    expect(await r.text()).toBe('<html>Bad Gateway</html>')
  })

  it('malformed JSON', async () => {
    sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'malformed' })
    const r = await get()
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/json/)
    const text = await r.text()
    expect(() => JSON.parse(text)).toThrow()
  })

  it('a body of the wrong shape: valid JSON that the schema refuses', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'wrongShape' })
    const r = await get()
    expect(r.status).toBe(200)
    expect(WalletList.safeParse(await r.json()).success).toBe(false)
  })

  it('a truncated body: fewer bytes than Content-Length, then the connection drops', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'truncated' })
    const viaFetch = await get()
    expect(viaFetch.status).toBe(200)
    await expect(viaFetch.text()).rejects.toThrow()
    const viaHttp = await rawGet('/v1/wallets')
    expect(viaHttp.error).not.toBeNull()
    expect(() => JSON.parse(viaHttp.body)).toThrow()
  })

  it('a reset connection', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'reset' })
    await expect(get()).rejects.toThrow()
    const viaHttp = await rawGet('/v1/wallets')
    expect(viaHttp.status).toBe(0)
    expect(viaHttp.error).not.toBeNull()
  })

  it('method filter and count: only the matching requests, only `times` of them', async () => {
    const w = sim.keys.wallets[0]!
    sim.control.injectFault({ method: 'POST', path: /\/invoice$/, kind: 'status', status: 503, times: 2 })
    expect((await get(`/v1/wallet/${w.id}`)).status).toBe(200)
    const post = () =>
      call(sim, 'POST', `/v1/wallet/${w.id}/invoice`, { key: sim.keys.secret, json: { num_satoshis: 1 } })
    expect((await post()).status).toBe(503)
    expect((await post()).status).toBe(503)
    expect((await post()).status).toBe(201)
  })

  it("'after': the payment happens but its answer is lost (an unknown outcome for the client)", async () => {
    const w = sim.keys.wallets[0]!
    await sim.control.payInbound(w.id, 1000)
    const before = sim.control.balanceMsat(w.id)
    sim.control.injectFault({ path: '/lnurlp/pay', kind: 'reset', when: 'after', times: 1 })
    await expect(
      call(sim, 'POST', `/v1/wallet/${w.id}/lnurlp/pay`, {
        key: sim.keys.secret,
        json: { ln_address: 'alice@sim.example', amt_msat: 10_000 },
      }),
    ).rejects.toThrow()
    expect(sim.control.balanceMsat(w.id)).toBe(before - 10_000 - 1000)
  })

  it("'after' truncated: the invoice exists, the client cannot read its answer", async () => {
    const w = sim.keys.wallets[0]!
    const before = sim.control.ledger.lntx.size
    sim.control.injectFault({ method: 'POST', path: '/invoice', kind: 'truncated', when: 'after', times: 1 })
    const res = await fetch(`${sim.url}/v1/wallet/${w.id}/invoice`, {
      method: 'POST',
      headers: { 'X-Api-Key': sim.keys.secret, 'Content-Type': 'application/json' },
      body: JSON.stringify({ num_satoshis: 2 }),
    })
    expect(res.status).toBe(201)
    await expect(res.text()).rejects.toThrow()
    expect(sim.control.ledger.lntx.size).toBe(before + 1)
  })

  it("'after' status and wrong shape replace a real answer", async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status: 503, when: 'after', times: 1 })
    sim.control.injectFault({ path: '/v1/wallets', kind: 'wrongShape', when: 'after', times: 1 })
    expect((await get()).status).toBe(503)
    expect(WalletList.safeParse(await (await get()).json()).success).toBe(false)
    expect(WalletList.safeParse(await (await get()).json()).success).toBe(true)
  })

  it('the request log records each request, its status and its fault', async () => {
    sim.control.resetRequests()
    sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status: 502, times: 1 })
    await get()
    await get()
    await get('/v1/lntx/lntx_missing')
    const log = sim.control.requests({ path: '/v1/wallets' })
    expect(log.map((e) => [e.method, e.path, e.status, e.fault])).toEqual([
      ['GET', '/v1/wallets', 502, 'status'],
      ['GET', '/v1/wallets', 200, undefined],
    ])
    expect(sim.control.requests({ path: /lntx/ })).toMatchObject([{ status: 401 }])
    expect(sim.control.requests()).toHaveLength(3)
  })
})

it('the request log keeps the newest entries only', () => {
  const f = new Faults()
  for (let i = 0; i < LOG_LIMIT + 5; i++) f.record({ method: 'GET', path: `/p${i}`, status: 200, at: i })
  expect(f.log).toHaveLength(LOG_LIMIT)
  expect(f.log[0]?.path).toBe('/p5')
})

describe('/_sim control API', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(sim.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  it('refuses any request that carries an API key, by any method', async () => {
    const k = sim.keys.secret
    for (const r of [
      await fetch(`${sim.url}/_sim/state`, { headers: { 'X-Api-Key': k } }),
      await fetch(`${sim.url}/_sim/state`, { headers: { Authorization: `Basic ${btoa(`${k}:`)}` } }),
      await fetch(`${sim.url}/_sim/state?access-token=${k}`),
      await post('/_sim/inbound', { walletId: sim.keys.wallets[0]!.id, amountSat: 5 }, { 'X-Api-Key': k }),
    ]) {
      expect(r.status).toBe(403)
      expect(ErrorBody.parse(await r.json()).status).toBe(403)
    }
  })

  it('answers on loopback only', async () => {
    const far = await sim.server.inject({ method: 'GET', url: '/_sim/state', remoteAddress: '192.0.2.7' })
    expect(far.statusCode).toBe(403)
    const near = await sim.server.inject({ method: 'GET', url: '/_sim/state', remoteAddress: '127.0.0.1' })
    expect(near.statusCode).toBe(200)
  })

  it('a new secret key revokes the old one: 401 for it, the new one works, and /_sim/state shows it', async () => {
    const own = await startSimulator({ seed: 'empty' })
    try {
      const old = own.keys.secret
      expect((await call(own, 'GET', '/v1/wallets', { key: old })).status).toBe(200)
      const r = await fetch(`${own.url}/_sim/secret-key`, { method: 'POST' })
      expect(r.status).toBe(200)
      const { secret } = (await r.json()) as { secret: string }
      expect(secret).toMatch(/^sak_/)
      expect(secret).not.toBe(old)
      const refused = await call(own, 'GET', '/v1/wallets', { key: old })
      expect(refused.status).toBe(401)
      expect(refused.data).toMatchObject({ message: 'Your request was made with invalid credentials.' })
      expect((await call(own, 'GET', '/v1/wallets', { key: secret })).status).toBe(200)
      const state = (await (await fetch(`${own.url}/_sim/state`)).json()) as { keys: { secret: string } }
      expect(state.keys.secret).toBe(secret)
    } finally {
      await own.close()
    }
  })

  it('wallets, recipients and outside invoices over HTTP', async () => {
    const created = await post('/_sim/wallets', { label: 'Via HTTP', balanceSat: 12 })
    expect(created.status).toBe(201)
    const cw = (await created.json()) as { id: string; keys: { admin: string } }
    expect(sim.control.balanceMsat(cw.keys.admin)).toBe(12_000)
    expect(
      (await post('/_sim/recipients', { address: 'Carol@Sim.Example', minSendableMsat: 1000, maxSendableMsat: 5000 }))
        .status,
    ).toBe(200)
    const probe = await call(sim, 'GET', '/v1/lnurlp/probe/carol@sim.example', { key: sim.keys.secret })
    expect(probe.data).toMatchObject({ minSendable: 1000, maxSendable: 5000, commentAllowed: 0 })
    const bad = await post('/_sim/recipients', { address: 'not an address', minSendableMsat: 1, maxSendableMsat: 2 })
    expect(bad.status).toBe(400)
    const out = (await (await post('/_sim/outside-invoice', { amountSat: 3 })).json()) as { payment_request: string }
    const paid = await call(sim, 'POST', `/v1/wallet/${cw.id}/withdraw`, {
      key: sim.keys.secret,
      json: { payment_request: out.payment_request },
    })
    expect(paid.status).toBe(201)
    expect(paid.data.lnTx.payment_preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(sim.control.balanceMsat(cw.id)).toBe(12_000 - 3000 - 1000)
  })

  it('inbound payment, settle, faults, clock, state over HTTP', async () => {
    const w = sim.keys.wallets[0]!
    const before = sim.control.balanceMsat(w.id)
    expect((await post('/_sim/inbound', { walletId: w.id, amountSat: 21, memo: 'hi' })).status).toBe(200)
    expect(sim.control.balanceMsat(w.id)).toBe(before + 21_000)

    const inv = LnTx.parse(
      (await call(sim, 'POST', `/v1/wallet/${w.id}/invoice`, { key: sim.keys.secret, json: { num_satoshis: 9 } })).data,
    )
    expect((await post('/_sim/settle', { id: inv.id })).status).toBe(200)
    expect(sim.control.balanceMsat(w.id)).toBe(before + 30_000)
    const again = await post('/_sim/settle', { id: inv.id })
    expect(again.status).toBe(400)

    expect(
      (await post('/_sim/faults', { path: '^/v1/wallets$', regex: true, kind: 'status', status: 500 })).status,
    ).toBe(200)
    expect((await get()).status).toBe(500)
    expect((await fetch(`${sim.url}/_sim/state`)).status).toBe(200) // faults never touch /_sim
    expect((await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' })).status).toBe(200)
    expect((await get()).status).toBe(200)

    const state = (await (await fetch(`${sim.url}/_sim/state`)).json()) as {
      keys: { secret: string }
      totals: Record<string, number>
    }
    expect(state.keys.secret).toBe(sim.keys.secret)
    expect(state.totals.walletsMsat).toBe(sim.control.totals().walletsMsat)

    const now = sim.control.clock.now()
    const adv = (await (await post('/_sim/clock/advance', { seconds: 3600 })).json()) as { now: number }
    expect(adv.now - now).toBeGreaterThanOrEqual(3600)
    await post('/_sim/clock/reset', {})
    expect(sim.control.clock.now() - now).toBeLessThan(3600)

    const requests = (await (await fetch(`${sim.url}/_sim/requests?path=/v1/wallets`)).json()) as unknown[]
    expect(requests.length).toBeGreaterThan(0)
  })
})

describe('clock and auto-settle', () => {
  it("every answer is dated by the simulator's clock, as created_at is", async () => {
    const dated = async () => Date.parse((await get()).headers.get('date') ?? '') / 1000
    expect(Math.abs((await dated()) - sim.control.clock.now())).toBeLessThanOrEqual(1)
    sim.control.clock.advance(25 * 3600)
    try {
      expect(Math.abs((await dated()) - sim.control.clock.now())).toBeLessThanOrEqual(1)
      expect((await dated()) - Date.now() / 1000).toBeGreaterThan(25 * 3600 - 5)
    } finally {
      sim.control.clock.reset()
    }
  })

  it('an invoice past its expiry cannot be settled, by an outside payer or another wallet', async () => {
    const [w] = sim.keys.wallets
    const other = sim.control.createWallet('Payer', 1000)
    const inv = LnTx.parse(
      (
        await call(sim, 'POST', `/v1/wallet/${w!.id}/invoice`, {
          key: sim.keys.secret,
          json: { num_satoshis: 5, expiry: 60 },
        })
      ).data,
    )
    expect(inv.expires_at).toBe(inv.created_at + 60)
    sim.control.clock.advance(61)
    try {
      await expect(sim.control.settleInvoice(inv.id)).rejects.toThrow(/expired/)
      const pay = await call(sim, 'POST', `/v1/wallet/${other.id}/withdraw`, {
        key: sim.keys.secret,
        json: { payment_request: inv.payment_request },
      })
      expect(pay.status).toBe(400)
      expect(pay.data.message).toMatch(/^invoice expired\. Valid until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000 UTC$/)
      expect(sim.control.balanceMsat(other.id)).toBe(1_000_000)
    } finally {
      sim.control.clock.reset()
    }
  })

  it('auto-settle (turned on over HTTP) pays each new invoice after the delay', async () => {
    const w = sim.keys.wallets[0]!
    const on = await fetch(`${sim.url}/_sim/auto-settle`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ afterMs: 20 }),
    })
    expect(on.status).toBe(200)
    try {
      const inv = LnTx.parse(
        (await call(sim, 'POST', `/v1/wallet/${w.id}/invoice`, { key: sim.keys.secret, json: { num_satoshis: 3 } }))
          .data,
      )
      let settled = false
      for (let i = 0; i < 250 && !settled; i++) {
        await new Promise((r) => setTimeout(r, 20))
        const r = await call(sim, 'GET', `/v1/lntx/${inv.id}?fields=settled`, { key: sim.keys.secret })
        settled = r.data.settled === 1
      }
      expect(settled).toBe(true)
    } finally {
      sim.control.setAutoSettle(null)
    }
  })
})
