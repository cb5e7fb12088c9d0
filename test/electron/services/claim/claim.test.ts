// Claiming other people's withdraw links, through the whole app against the simulator's outside
// vouchers (real HTTP on loopback, on the account's own service's server, so no host needs
// confirming), and the claim service against hostile loopback servers.
import type { ClaimOffer, ClaimResult, OpOutput, PendingInvoice } from '@shared/contract'
import { encodeLnurl } from '@shared/lnurl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClaimService, createRemote } from '../../../../electron/main/services/claim'
import { handoverOf } from '../../../../electron/main/services/claim/handover'
import type { VoucherSpec } from '../../../simulator/outside'
import { type ConnectedApp, startConnectedApp } from '../../ipc/appHarness'
import { type Loopback, serve, streamHuge } from '../loopback'

let t: ConnectedApp
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Claims', balanceSat: 1_000 })
})
afterAll(() => t.close())

let n = 0
const rid = () => `req-claim-${++n}-${Date.now()}`
const voucher = (spec: VoucherSpec) => t.sim.control.outside.voucher(spec)
const run = (name: 'claim.read' | 'claim.run', input: object) => t.app.router.handle(name, input)
const claimOf = (id: string) => t.sim.control.outside.vouchers().find((v) => v.id === id)!
const invoicesMade = () => t.sim.control.requests({ method: 'POST', path: /\/invoice$/ }).length

describe('claiming an outside voucher through the app', () => {
  it('shows who offers how much, then claims it in full and the invoice is paid', async () => {
    const v = voucher({ maxSat: 3_000, minSat: 10, description: 'Meetup <b>gift</b>\u0007' })
    const offer = await t.call<ClaimOffer>('claim.read', { lnurl: v.lnurl })
    expect(offer).toEqual({
      lnurl: v.lnurl.toUpperCase(),
      host: new URL(t.sim.url).host,
      description: 'Meetup <b>gift</b>',
      minSat: 10,
      maxSat: 3_000,
      callbackHost: new URL(t.sim.url).host,
      // on the account's own server: nothing to warn about
      callbackRange: null,
    })
    const before = t.sim.control.balanceMsat(t.w.id)
    const r = await t.call<ClaimResult>('claim.run', {
      lnurl: `lightning:${v.lnurl}`,
      walletId: t.w.id,
      amountSat: 3_000,
      requestId: rid(),
    })
    expect(r.outcome).toBe('accepted')
    expect(r.invoice).toMatchObject({ status: 'paid', amountSat: 3_000, walletId: t.w.id })
    expect(t.sim.control.balanceMsat(t.w.id) - before).toBe(3_000_000)
    expect(claimOf(v.id).claims).toMatchObject([{ amountMsat: 3_000_000, paid: true }])
    // the watcher follows it like any invoice, and the outside server never saw the API key
    expect((await t.call<OpOutput<'invoices.list'>>('invoices.list')).invoices.map((i) => i.id)).toContain(r.invoice.id)
    expect(claimOf(v.id).calls.map((c) => c.withApiKey)).toEqual([false, false, false])
  })

  it('claims part of a voucher: only the chosen amount arrives', async () => {
    const v = voucher({ maxSat: 3_000 })
    const before = t.sim.control.balanceMsat(t.w.id)
    const r = await t.call<ClaimResult>('claim.run', {
      lnurl: v.lnurl,
      walletId: t.w.id,
      amountSat: 1_000,
      requestId: rid(),
    })
    expect(r.invoice).toMatchObject({ status: 'paid', amountSat: 1_000 })
    expect(t.sim.control.balanceMsat(t.w.id) - before).toBe(1_000_000)
  })

  it('a double click claims once', async () => {
    const v = voucher({ maxSat: 500, uses: 5 })
    const input = { lnurl: v.lnurl, walletId: t.w.id, amountSat: 500, requestId: rid() }
    const [a, b] = await Promise.all([run('claim.run', input), run('claim.run', input)])
    expect(a.ok).toBe(true)
    expect(b).toMatchObject({ ok: false, error: { code: 'busy' } })
    expect(await run('claim.run', input)).toEqual(a)
    expect(claimOf(v.id).claims).toHaveLength(1)
    expect(claimOf(v.id).usesLeft).toBe(4)
  })

  it('says a spent voucher was claimed already, and an expired one expired', async () => {
    const spent = await run('claim.read', { lnurl: voucher({ uses: 0 }).lnurl })
    expect(spent).toMatchObject({ ok: false, error: { code: 'lnurl_error' } })
    expect(!spent.ok && spent.error.message).toMatch(/^This withdraw link has already been claimed \(.+ says: “/)
    const old = await run('claim.read', { lnurl: voucher({ expiresIn: -10 }).lnurl })
    expect(!old.ok && old.error.message).toMatch(/^This withdraw link has expired/)
  })

  it("quotes an ERROR's reason, at the offer and at the callback, and keeps the invoice it made", async () => {
    const atOffer = await run('claim.read', {
      lnurl: voucher({ descriptor: 'error', errorReason: 'Faucet is dry' }).lnurl,
    })
    expect(!atOffer.ok && atOffer.error.message).toMatch(/refuses: “Faucet is dry”/)
    const v = voucher({ callback: 'error', errorReason: 'Try again tomorrow' })
    const made = invoicesMade()
    const atCallback = await run('claim.run', { lnurl: v.lnurl, walletId: t.w.id, amountSat: 50, requestId: rid() })
    expect(atCallback).toMatchObject({ ok: false, error: { code: 'lnurl_error', retryable: false } })
    expect(!atCallback.ok && atCallback.error.message).toMatch(/“Try again tomorrow”/)
    expect(invoicesMade() - made).toBe(1)
  })

  it('refuses an amount outside the offer before any invoice is made', async () => {
    const v = voucher({ minSat: 100, maxSat: 200 })
    const made = invoicesMade()
    for (const amountSat of [99, 201]) {
      const r = await run('claim.run', { lnurl: v.lnurl, walletId: t.w.id, amountSat, requestId: rid() })
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: 'Choose an amount from 100 to 200 sats.' },
      })
    }
    expect(invoicesMade()).toBe(made)
    expect(claimOf(v.id).calls.filter((c) => c.stage === 'callback')).toHaveLength(0)
  })

  it('garbage: refused as an offer; after handing over an invoice, said as unanswered', async () => {
    const bad = await run('claim.read', { lnurl: voucher({ descriptor: 'garbage' }).lnurl })
    expect(!bad.ok && bad.error.message).toMatch(/answered something that is not a withdraw offer/)
    const v = voucher({ callback: 'garbage' })
    const r = await t.call<ClaimResult>('claim.run', {
      lnurl: v.lnurl,
      walletId: t.w.id,
      amountSat: 20,
      requestId: rid(),
    })
    expect(r.outcome).toBe('unanswered')
    expect(r.message).toMatch(/It may still pay: the invoice is watched until it expires\.$/)
    expect(r.invoice.status).toBe('pending')
  })

  it('a server that takes the invoice and never pays leaves it pending, not paid', async () => {
    const v = voucher({ callback: 'okNoPay' })
    const r = await t.call<ClaimResult>('claim.run', {
      lnurl: v.lnurl,
      walletId: t.w.id,
      amountSat: 20,
      requestId: rid(),
    })
    expect(r).toMatchObject({ outcome: 'accepted', invoice: { status: 'pending' } })
  })
})

describe('a claim the link’s server refuses leaves no invoice waiting for payment', () => {
  const servers: Loopback[] = []
  afterAll(() => Promise.all(servers.map((s) => s.close())))
  const invoiceEvents = () =>
    t.events.filter((e) => e.name === 'invoice.updated').map((e) => e.payload as PendingInvoice)
  const listed = async () => (await t.call<OpOutput<'invoices.list'>>('invoices.list')).invoices
  const waitingFor = () => t.app.sync.pendingCount()
  /** a claim, and the invoice.updated events it sent (the invoice it made, then what became of it) */
  async function claimOnce(lnurl: string, confirmed: string[] = []) {
    const before = invoiceEvents().length
    const r = await run('claim.run', { lnurl, walletId: t.w.id, amountSat: 70, requestId: rid(), confirmed })
    const told = invoiceEvents().slice(before)
    return { r, told, id: told[0]?.id as string }
  }

  it('an ERROR at the callback: marked refused, neither listed nor counted, after a restart too; paid after all, paid', async () => {
    const v = voucher({ callback: 'error', errorReason: 'Maximum number of uses already reached' })
    const waiting = waitingFor()
    const { r, told, id } = await claimOnce(v.lnurl)
    expect(r).toMatchObject({ ok: false, error: { code: 'lnurl_error', retryable: false } })
    expect(!r.ok && r.error.message).toMatch(/^This withdraw link has already been claimed .*“Maximum number of uses/)
    // the invoice exists at the service; here it is told as refused, and waits for nobody
    expect(told.map((i) => [i.id, i.status])).toEqual([
      [id, 'pending'],
      [id, 'refused'],
    ])
    expect((await listed()).map((i) => i.id)).not.toContain(id)
    expect(waitingFor()).toBe(waiting)
    await t.restart()
    expect((await listed()).map((i) => i.id)).not.toContain(id)
    expect(t.app.sync.pendingCount()).toBe(waiting)
    expect(
      t.app
        .ledger()
        .invoices({ status: 'refused' })
        .map((i) => i.id),
    ).toContain(id)

    // a server that refuses and pays anyway: the money came, so the invoice is paid
    await t.sim.control.settleInvoice(id)
    t.app.sync.nudge(told[0]!.accountId)
    await expect
      .poll(() => invoiceEvents().some((i) => i.id === id && i.status === 'paid'), { timeout: 20_000 })
      .toBe(true)
    expect((await listed()).find((i) => i.id === id)).toMatchObject({ status: 'paid', amountSat: 70 })
  }, 40_000)

  it('a failing HTTP status at the callback is a refusal; a gateway’s 502 leaves the invoice watched', async () => {
    let answer: { status: number; type: string; body: string } = {
      status: 400,
      type: 'text/plain',
      body: 'Bad Request',
    }
    const s = await serve((q, res) => {
      if (q.url?.startsWith('/cb'))
        return res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body)
      const offer = {
        tag: 'withdrawRequest',
        callback: `${s.url}/cb`,
        k1: 'k1',
        minWithdrawable: 1_000,
        maxWithdrawable: 100_000,
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(offer))
    })
    servers.push(s)
    const lnurl = encodeLnurl(`${s.url}/w`)
    const host = new URL(s.url).host
    for (const refusedWith of [
      { status: 400, type: 'text/plain', body: 'Bad Request' },
      { status: 500, type: 'application/json', body: '{"detail":"withdraw link spent"}' },
      { status: 404, type: 'text/html', body: '<h1>Not Found</h1>' },
    ]) {
      answer = refusedWith
      const waiting = waitingFor()
      const { r, told, id } = await claimOnce(lnurl, [host])
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'lnurl_error', message: `${host} refuses, without saying why.` },
      })
      expect(told.map((i) => i.status)).toEqual(['pending', 'refused'])
      expect((await listed()).map((i) => i.id)).not.toContain(id)
      expect(waitingFor()).toBe(waiting)
    }
    // a gateway's failure: the server behind it may have the invoice, and may pay it
    answer = { status: 502, type: 'text/html', body: '<html>502 Bad Gateway</html>' }
    const waiting = waitingFor()
    const { r, told, id } = await claimOnce(lnurl, [host])
    expect(r).toMatchObject({ ok: true, value: { outcome: 'unanswered', invoice: { id, status: 'pending' } } })
    expect(r.ok && (r.value as ClaimResult).message).toMatch(
      /It may still pay: the invoice is watched until it expires\.$/,
    )
    expect(told.map((i) => i.status)).toEqual(['pending'])
    expect((await listed()).find((i) => i.id === id)?.status).toBe('pending')
    expect(waitingFor()).toBe(waiting + 1)
  })

  it('reads each answer of a callback as LUD-03 and HTTP say', () => {
    const of = (status: number, body?: unknown) => handoverOf(status, body, 'sats.example').kind
    expect(of(200, { status: 'OK' })).toBe('accepted')
    expect(of(201, { status: 'OK' })).toBe('accepted')
    expect(of(200, { status: 'ERROR', reason: 'spent' })).toBe('refused')
    expect(of(400, { status: 'ERROR', reason: 'spent' })).toBe('refused')
    expect(of(403)).toBe('refused')
    expect(of(500, { detail: 'x' })).toBe('refused')
    // said OK, yet failing, or unreadable, or a gateway's: it may still pay
    expect(of(400, { status: 'OK' })).toBe('unknown')
    expect(of(200)).toBe('unknown')
    expect(of(200, { detail: 'x' })).toBe('unknown')
    expect(of(502)).toBe('unknown')
    expect(of(504, { detail: 'x' })).toBe('unknown')
  })
})

describe('the claim service against hostile servers on loopback', () => {
  const servers: Loopback[] = []
  afterAll(() => Promise.all(servers.map((s) => s.close())))
  // plain http on loopback, as in the tests and the demo; each server's host confirmed
  const remote = createRemote({ timeoutMs: 400, maxBytes: 16 * 1024, plainHttp: () => true })
  const claims = createClaimService({ remote })
  const hostOf = (url: string) => [new URL(url).host]
  async function server(handler: Parameters<typeof serve>[0]) {
    const s = await serve(handler)
    servers.push(s)
    return s
  }
  const json = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }
  const offerFrom = (s: Loopback, o: Record<string, unknown> = {}) => ({
    tag: 'withdrawRequest',
    callback: `${s.url}/cb`,
    k1: 'k1',
    defaultDescription: 'x',
    minWithdrawable: 1_000,
    maxWithdrawable: 5_000,
    ...o,
  })
  const readError = (url: string) =>
    claims.read(encodeLnurl(url), hostOf(url)).then(
      () => null,
      (e: Error) => e,
    )

  it('follows no redirect, to another scheme or another host', async () => {
    const elsewhere = await server(json({}))
    for (const location of ['file:///etc/passwd', `${elsewhere.url}/lnurlw`, 'https://127.0.0.1:1/x']) {
      const s = await server((_q, res) => res.writeHead(302, { location }).end())
      expect((await readError(`${s.url}/w`))?.message).toMatch(
        /sent the app elsewhere \(a redirect\), which is not followed/,
      )
    }
    expect(elsewhere.seen).toHaveLength(0)
  })

  it('stops reading a huge answer at the cap', async () => {
    const s = await server((_q, res) => void streamHuge(res, 200).catch(() => undefined))
    expect((await readError(`${s.url}/w`))?.message).toMatch(/answered with far too much data/)
  })

  it('gives up on a server that never answers, within its deadline', async () => {
    const s = await server(() => undefined)
    const started = Date.now()
    const e = await readError(`${s.url}/w`)
    expect(e).toMatchObject({ code: 'timeout' })
    expect(e?.message).toMatch(/did not answer within 400 ms\.$/)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('refuses a minimum above the maximum, an offer under one sat, and a non-https callback', async () => {
    const a = await server((q, res) => json(offerFrom(a, { minWithdrawable: 9_000 }))(q, res))
    expect((await readError(`${a.url}/w`))?.message).toMatch(/offers a minimum above its maximum/)
    const b = await server((q, res) => json(offerFrom(b, { minWithdrawable: 1, maxWithdrawable: 999 }))(q, res))
    expect((await readError(`${b.url}/w`))?.message).toMatch(/less than one whole sat/)
    const c = await server(json({ ...offerFrom(a), callback: 'http://evil.example/cb' }))
    expect((await readError(`${c.url}/w`))?.message).toMatch(/not a withdraw offer/)
  })

  it('reads an offer in msat as whole sats inside its limits', async () => {
    const s = await server((q, res) => json(offerFrom(s, { minWithdrawable: 1_500, maxWithdrawable: 4_900 }))(q, res))
    expect(await claims.read(encodeLnurl(`${s.url}/w`), hostOf(s.url))).toMatchObject({ minSat: 2, maxSat: 4 })
  })

  it('never fetches a plain-http link off loopback, nor a pay link as a withdraw', async () => {
    const e = await claims.read(encodeLnurl('http://sats.example/w')).catch((err: Error) => err)
    expect(e).toMatchObject({ code: 'invalid_input' })
    expect((e as Error).message).toMatch(/only https/)
    const p = await server(json({ tag: 'payRequest', callback: 'https://x.example', minSendable: 1, maxSendable: 2 }))
    expect((await readError(`${p.url}/w`))?.message).toMatch(/asks to be paid/)
  })

  it('a callback that stalls after the invoice was handed over is unanswered, never an error', async () => {
    const s = await server((q, res) => {
      if (q.url?.startsWith('/cb')) return // never answered
      json(offerFrom(s))(q, res)
    })
    const invoice = {
      id: 'lntx_1',
      walletId: 'w',
      accountId: 'a',
      amountSat: 3,
      memo: 'x',
      paymentRequest: 'lnbcrt30n1fake',
      paymentHash: 'h',
      createdAt: 1,
      expiresAt: 2,
      status: 'pending' as const,
      settledAt: null,
    }
    const refused: string[] = []
    const r = await claims.claim(
      { lnurl: encodeLnurl(`${s.url}/w`), walletId: 'w', amountSat: 3, confirmed: hostOf(s.url) },
      { createInvoice: async () => invoice, check: async () => invoice, refuse: (id) => void refused.push(id) },
    )
    // the payer may still pay: the invoice stays one to wait for
    expect(r).toMatchObject({ outcome: 'unanswered', invoice })
    expect(refused).toEqual([])
    expect(r.message).toMatch(/did not answer within/)
    const cb = new URL(s.seen.find((x) => x.url.startsWith('/cb'))!.url, s.url)
    expect([cb.searchParams.get('k1'), cb.searchParams.get('pr')]).toEqual(['k1', 'lnbcrt30n1fake'])
  })
})
