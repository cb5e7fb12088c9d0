// A link from outside reaches no server on this computer or a private network without the
// person's word, and a packaged app opens no plain-http link at all: through the whole app
// (router, handlers, claim service) against the simulator's vouchers and plain servers on
// 127.0.0.1, counting the requests that reach them.
import type { ClaimOffer, ClaimResult } from '@shared/contract'
import { encodeLnurl } from '@shared/lnurl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClaimService, createRemote } from '../../../../electron/main/services/claim'
import { type ConnectedApp, startConnectedApp } from '../../ipc/appHarness'
import { type Loopback, serve } from '../loopback'

let n = 0
const rid = () => `req-outside-${++n}-${Date.now()}`
const invoicesMade = (t: ConnectedApp) => t.sim.control.requests({ method: 'POST', path: /\/invoice$/ }).length
const callsOf = (t: ConnectedApp, id: string) => t.sim.control.outside.vouchers().find((v) => v.id === id)!.calls
const offerAt = (base: string) => ({
  tag: 'withdrawRequest',
  callback: `${base}/cb`,
  k1: 'k1',
  minWithdrawable: 1_000,
  maxWithdrawable: 50_000,
})

describe('a packaged app', () => {
  let t: ConnectedApp
  beforeAll(async () => {
    t = await startConnectedApp({ label: 'Packaged', balanceSat: 1_000, isPackaged: true })
  })
  afterAll(() => t.close())

  it('refuses a plain-http LNURL, even on loopback and confirmed, asking nobody', async () => {
    const v = t.sim.control.outside.voucher({ maxSat: 500 })
    const host = new URL(t.sim.url).host
    const read = await t.app.router.handle('claim.read', { lnurl: v.lnurl, confirmed: [host] })
    expect(read).toMatchObject({
      ok: false,
      error: { code: 'lnurl_error', message: `The link leads to ${host} without https, so the app does not open it.` },
    })
    const made = invoicesMade(t)
    const run = await t.app.router.handle('claim.run', {
      lnurl: v.lnurl,
      walletId: t.w.id,
      amountSat: 100,
      requestId: rid(),
      confirmed: [host],
    })
    expect(run).toMatchObject({ ok: false, error: { code: 'lnurl_error' } })
    expect(callsOf(t, v.id)).toEqual([])
    expect(invoicesMade(t)).toBe(made)
  })
})

describe('a server on a private address (the demo and tests allow plain http on loopback)', () => {
  let t: ConnectedApp
  const servers: Loopback[] = []
  beforeAll(async () => {
    t = await startConnectedApp({ label: 'Private', balanceSat: 1_000 })
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await t.close()
  })

  it('is contacted only once the person confirmed its host: another port on this computer', async () => {
    const s = await serve((_q, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(offerAt(s.url))),
    )
    servers.push(s)
    const lnurl = encodeLnurl(`${s.url}/w`)
    const host = `127.0.0.1:${s.port}`
    const refused = await t.app.router.handle('claim.read', { lnurl })
    expect(refused).toMatchObject({ ok: false, error: { code: 'private_host', retryable: false } })
    expect(!refused.ok && refused.error.message).toBe(
      `${host} is on this computer. A link from outside could use it to reach what runs there, so the app asks first.`,
    )
    // a confirmation for another host does not count, nor does the account's own service's
    for (const confirmed of [['127.0.0.1:1'], [new URL(t.sim.url).host]])
      expect(await t.app.router.handle('claim.read', { lnurl, confirmed })).toMatchObject({
        ok: false,
        error: { code: 'private_host' },
      })
    expect(s.seen).toHaveLength(0)
    const offer = await t.call<ClaimOffer>('claim.read', { lnurl, confirmed: [host] })
    expect(offer).toMatchObject({ host, maxSat: 50, callbackHost: host, callbackRange: 'loopback' })
    expect(s.seen).toHaveLength(1)
  })

  it('a link on the account’s own service’s server needs no confirmation, however its host is written', async () => {
    const sim = new URL(t.sim.url)
    // the simulator listens on 127.0.0.1: `localhost` is the other way to write it that reaches it
    for (const written of [sim.origin, `http://localhost:${sim.port}`]) {
      const v = t.sim.control.outside.voucher({ maxSat: 500 })
      const lnurl = encodeLnurl(v.url.replace(sim.origin, written))
      const offer = await t.call<ClaimOffer>('claim.read', { lnurl })
      expect(offer).toMatchObject({ host: new URL(written).host, maxSat: 500, callbackRange: null })
      const r = await t.call<ClaimResult>('claim.run', { lnurl, walletId: t.w.id, amountSat: 300, requestId: rid() })
      expect(r).toMatchObject({ outcome: 'accepted', invoice: { status: 'paid', amountSat: 300 } })
      expect(callsOf(t, v.id).map((c) => c.stage)).toEqual(['descriptor', 'descriptor', 'callback'])
    }
  })

  it('another private host still warns, even with the account’s own service on one', async () => {
    // names resolved here: the service's on this computer (port 1: nothing answers), any other on a private network
    const resolve = async (name: string) => [{ address: name === 'wallet.lan' ? '127.0.0.1' : '10.0.0.9', family: 4 }]
    const claims = createClaimService({
      remote: createRemote({ timeoutMs: 2_000, resolve }),
      serviceUrl: () => 'https://wallet.lan:1',
    })
    const refusal = (url: string) =>
      claims.read(encodeLnurl(url)).then(
        () => null,
        (err: Error) => err,
      )
    for (const [url, where] of [
      ['https://10.0.0.9/w', 'on your local network'],
      ['https://vouchers.lan:1/w', 'on your local network'],
      ['https://wallet.lan:2/w', 'on this computer'],
      ['https://wallet.lan/w', 'on this computer'],
    ]) {
      const e = await refusal(url as string)
      expect(e).toMatchObject({ code: 'private_host' })
      expect(e?.message).toMatch(new RegExp(`^${new URL(url as string).host} is ${where}\\.`))
    }
    // the service's own server is asked without a warning (nothing answers on port 1)
    expect(await refusal('https://wallet.lan:1/w')).toMatchObject({ code: 'network' })
  })

  it('names the callback’s host, and hands it no invoice until that host too is confirmed', async () => {
    const callback = await serve((_q, res) => res.writeHead(200).end('{"status":"OK"}'))
    servers.push(callback)
    // the link on 127.0.0.1 sends the money request to another host: localhost, resolved here
    const link: Loopback = await serve((_q, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          tag: 'withdrawRequest',
          callback: `http://localhost:${callback.port}/cb`,
          k1: 'k1',
          defaultDescription: 'elsewhere',
          minWithdrawable: 1_000,
          maxWithdrawable: 50_000,
        }),
      ),
    )
    servers.push(link)
    const lnurl = encodeLnurl(`${link.url}/w`)
    const linkHost = `127.0.0.1:${link.port}`
    const cbHost = `localhost:${callback.port}`
    const offer = await t.call<ClaimOffer>('claim.read', { lnurl, confirmed: [linkHost] })
    expect(offer).toMatchObject({ host: linkHost, callbackHost: cbHost, callbackRange: 'loopback' })

    const made = invoicesMade(t)
    const refused = await t.app.router.handle('claim.run', {
      lnurl,
      walletId: t.w.id,
      amountSat: 20,
      requestId: rid(),
      confirmed: [linkHost],
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'private_host' } })
    expect(!refused.ok && refused.error.message).toMatch(new RegExp(`^${cbHost} is on this computer`))
    expect(invoicesMade(t)).toBe(made)
    expect(callback.seen).toHaveLength(0)

    const r = await t.call<ClaimResult>('claim.run', {
      lnurl,
      walletId: t.w.id,
      amountSat: 20,
      requestId: rid(),
      confirmed: [linkHost, cbHost],
    })
    expect(r.outcome).toBe('accepted')
    expect(invoicesMade(t)).toBe(made + 1)
    expect(callback.seen).toHaveLength(1)
    expect(new URL(callback.seen[0]!.url, callback.url).searchParams.get('pr')).toBe(r.invoice.paymentRequest)
  })
})
