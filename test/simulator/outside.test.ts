// Outside parties: another service's LNURL-withdraw vouchers, claimed the way the app will
// (an independent LUD-03 client: bech32 and plain fetch), and outside payees over /_sim.

import { bech32 } from 'bech32'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LnTx, LnurlStatus, WithdrawDescriptor } from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, type SimVoucher, type SimWallet, startSimulator, type VoucherSpec } from './index'
import { GARBAGE_BODY } from './outside-routes'
import { call } from './support'

let sim: SimulatorHandle
let app: SimWallet // the wallet that claims

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  app = sim.control.createWallet('Claims')
})
afterAll(() => sim.close())

const decodeLink = (lnurl: string) =>
  Buffer.from(bech32.fromWords(bech32.decode(lnurl.toLowerCase(), 1023).words)).toString('utf8')

async function invoice(sats: number | null) {
  const body = sats == null ? { memo: 'any' } : { num_satoshis: sats, memo: 'voucher' }
  const r = await call(sim, 'POST', `/v1/wallet/${app.id}/invoice`, { key: sim.keys.secret, json: body })
  return LnTx.parse(r.data)
}

async function descriptor(v: SimVoucher) {
  const res = await fetch(decodeLink(v.lnurl))
  return WithdrawDescriptor.parse(await res.json())
}

async function claim(d: { callback: string; k1: string }, pr: string) {
  const res = await fetch(`${d.callback}?${new URLSearchParams({ k1: d.k1, pr })}`)
  return { status: res.status, body: LnurlStatus.parse(await res.json()) }
}

function voucher(spec: VoucherSpec = {}) {
  return sim.control.outside.voucher({ maxSat: 5_000, description: 'Gift card', ...spec })
}

describe("another service's vouchers", () => {
  it('a loopback http LNURL of another service: descriptor, then a partial claim paid once; the link is then spent', async () => {
    const v = voucher({ minSat: 10 })
    const url = new URL(decodeLink(v.lnurl))
    expect(url.protocol).toBe('http:')
    expect(url.hostname).toBe('127.0.0.1')
    expect(url.pathname).toBe(`/_outside/lnurlw/${v.id}`)
    const d = await descriptor(v)
    expect(d).toMatchObject({ minWithdrawable: 10_000, maxWithdrawable: 5_000_000, defaultDescription: 'Gift card' })
    expect(d.k1).toBe(v.k1)
    const before = sim.control.totals()
    const inv = await invoice(1_000) // less than the voucher's maximum
    const ok = await claim(d, inv.payment_request)
    expect(ok.body).toEqual({ status: 'OK' })
    expect(sim.control.balanceMsat(app.id)).toBe(1_000_000)
    expect(sim.control.totals().inboundMsat - before.inboundMsat).toBe(1_000_000)
    expect(sim.control.outside.book().at(-1)).toMatchObject({
      direction: 'in',
      party: `voucher:${v.id}`,
      amountMsat: 1_000_000,
    })
    const seen = sim.control.outside.vouchers().find((x) => x.id === v.id)!
    expect(seen.usesLeft).toBe(0)
    expect(seen.claims).toMatchObject([{ amountMsat: 1_000_000, paymentHash: inv.r_hash_decoded, paid: true }])
    expect(seen.calls.map((c) => [c.stage, c.withApiKey])).toEqual([
      ['descriptor', false],
      ['callback', false],
    ])
    // spent: the descriptor and the callback both say so, nothing more is paid
    const again = await claim(d, (await invoice(1_000)).payment_request)
    expect(again.body).toEqual({ status: 'ERROR', reason: 'This voucher has already been claimed' })
    expect(LnurlStatus.parse(await (await fetch(v.url)).json())).toEqual({
      status: 'ERROR',
      reason: 'This voucher has already been claimed',
    })
    expect(sim.control.balanceMsat(app.id)).toBe(1_000_000)
  })

  it('refuses a wrong k1, an amount outside its limits, an amountless or foreign invoice, and stays usable', async () => {
    const v = voucher({ minSat: 100, maxSat: 1_000 })
    const d = await descriptor(v)
    const before = sim.control.balanceMsat(app.id)
    const reason = async (k1: string, pr: string) => {
      const r = await claim({ callback: d.callback, k1 }, pr)
      expect(r.status).toBe(200)
      return r.body.status === 'ERROR' ? r.body.reason : 'OK'
    }
    expect(await reason('00'.repeat(32), (await invoice(500)).payment_request)).toBe('Wrong k1')
    expect(await reason(d.k1, (await invoice(1_001)).payment_request)).toBe(
      'The amount must be between 100 and 1000 sats',
    )
    expect(await reason(d.k1, (await invoice(99)).payment_request)).toBe('The amount must be between 100 and 1000 sats')
    expect(await reason(d.k1, (await invoice(null)).payment_request)).toBe('Amountless invoices are not accepted')
    expect(await reason(d.k1, 'lnbcrt1garbage')).toBe('Invalid payment request')
    expect(await reason(d.k1, sim.control.outside.payee({ amountSat: 500 }).payment_request)).toBe(
      'No route to the node of this invoice',
    )
    const paid = await invoice(500)
    await sim.control.settleInvoice(paid.id)
    expect(await reason(d.k1, paid.payment_request)).toMatch(/paid or expired/)
    const missing = await fetch(`${d.callback}?k1=${d.k1}`)
    expect(LnurlStatus.parse(await missing.json())).toEqual({
      status: 'ERROR',
      reason: 'A payment request (pr) is required',
    })
    expect(sim.control.balanceMsat(app.id)).toBe(before + 500_000) // only the invoice settled by hand
    expect(await reason(d.k1, (await invoice(1_000)).payment_request)).toBe('OK')
  })

  it('an expired voucher, a spent one (uses: 0), and one that allows two claims', async () => {
    const expired = voucher({ expiresIn: -1 })
    expect(LnurlStatus.parse(await (await fetch(expired.url)).json())).toEqual({
      status: 'ERROR',
      reason: 'This voucher has expired',
    })
    const soon = voucher({ expiresIn: 60 })
    const d = await descriptor(soon)
    sim.control.clock.advance(61)
    try {
      expect((await claim(d, (await invoice(10)).payment_request)).body).toEqual({
        status: 'ERROR',
        reason: 'This voucher has expired',
      })
    } finally {
      sim.control.clock.reset()
    }
    const spent = voucher({ uses: 0 })
    expect(LnurlStatus.parse(await (await fetch(spent.url)).json()).status).toBe('ERROR')
    const twice = voucher({ uses: 2 })
    const d2 = await descriptor(twice)
    for (const expected of ['OK', 'OK', 'ERROR'])
      expect((await claim(d2, (await invoice(10)).payment_request)).body.status).toBe(expected)
  })

  it('a voucher that answers ERROR with its reason, at either stage, pays nothing', async () => {
    const first = voucher({ descriptor: 'error', errorReason: 'Voucher campaign is over' })
    expect(LnurlStatus.parse(await (await fetch(first.url)).json())).toEqual({
      status: 'ERROR',
      reason: 'Voucher campaign is over',
    })
    const later = voucher({ callback: 'error', errorReason: 'Insufficient funds in the campaign' })
    const d = await descriptor(later)
    const before = sim.control.balanceMsat(app.id)
    expect((await claim(d, (await invoice(10)).payment_request)).body).toEqual({
      status: 'ERROR',
      reason: 'Insufficient funds in the campaign',
    })
    expect(sim.control.balanceMsat(app.id)).toBe(before)
    expect(sim.control.outside.vouchers().find((x) => x.id === later.id)?.usesLeft).toBe(1)
  })

  it('a voucher whose server answers garbage, or stalls (a client gives up; a stall with an end answers late)', async () => {
    const garbage = voucher({ descriptor: 'garbage' })
    const res = await fetch(garbage.url)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toBe(GARBAGE_BODY)
    expect(() => JSON.parse(text)).toThrow()
    // garbage at the callback: nothing claimed, nothing paid
    const garbled = voucher({ callback: 'garbage' })
    const g = await descriptor(garbled)
    const before = sim.control.balanceMsat(app.id)
    const gRes = await fetch(`${g.callback}?k1=${g.k1}&pr=${(await invoice(10)).payment_request}`)
    expect(await gRes.text()).toBe(GARBAGE_BODY)
    expect(sim.control.outside.vouchers().find((x) => x.id === garbled.id)).toMatchObject({ usesLeft: 1, claims: [] })
    expect(sim.control.balanceMsat(app.id)).toBe(before)
    const stalls = voucher({ callback: 'stall' })
    const d = await descriptor(stalls)
    const pr = (await invoice(10)).payment_request
    await expect(fetch(`${d.callback}?k1=${d.k1}&pr=${pr}`, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
    const slow = voucher({ descriptor: 'stall', stallMs: 300 })
    const t0 = Date.now()
    const late = await descriptor(slow)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250)
    expect(late.k1).toBe(slow.k1)
  })

  it('a callback stalled forever does nothing when the simulator closes: the claim is neither spent nor paid', async () => {
    const own = await startSimulator({ seed: 'empty' })
    const w = own.keys.wallets[0]!
    const v = own.control.outside.voucher({ callback: 'stall' })
    const d = WithdrawDescriptor.parse(await (await fetch(v.url)).json())
    const inv = LnTx.parse(
      (await call(own, 'POST', `/v1/wallet/${w.id}/invoice`, { key: own.keys.secret, json: { num_satoshis: 10 } }))
        .data,
    )
    const pending = fetch(`${d.callback}?k1=${d.k1}&pr=${inv.payment_request}`).catch((e: unknown) => e)
    await expect.poll(() => own.control.outside.vouchers()[0]?.calls.length).toBe(2)
    await own.close()
    expect(await pending).toBeInstanceOf(Error) // the connection was dropped, never answered
    expect(own.control.outside.vouchers()[0]).toMatchObject({ usesLeft: 1, claims: [] })
    expect(own.control.balanceMsat(w.id)).toBe(0)
  })

  it('OK but never paid (okNoPay), and OK then paid later (payAfterMs)', async () => {
    const before = sim.control.balanceMsat(app.id)
    const liar = voucher({ callback: 'okNoPay' })
    const inv = await invoice(10)
    expect((await claim(await descriptor(liar), inv.payment_request)).body).toEqual({ status: 'OK' })
    const slow = voucher({ payAfterMs: 150 })
    const inv2 = await invoice(20)
    expect((await claim(await descriptor(slow), inv2.payment_request)).body).toEqual({ status: 'OK' })
    expect(sim.control.balanceMsat(app.id)).toBe(before) // nothing yet
    await expect.poll(() => sim.control.balanceMsat(app.id), { timeout: 3000 }).toBe(before + 20_000)
    const lnTx = async (id: string) =>
      LnTx.parse((await call(sim, 'GET', `/v1/lntx/${id}`, { key: sim.keys.secret })).data)
    expect((await lnTx(inv.id)).settled).toBe(false)
    expect((await lnTx(inv2.id)).settled).toBe(true)
  })

  it('concurrent claims of one voucher pay once', async () => {
    const v = voucher({ maxSat: 100 })
    const d = await descriptor(v)
    const before = sim.control.balanceMsat(app.id)
    const prs = await Promise.all(Array.from({ length: 20 }, async () => (await invoice(100)).payment_request))
    const answers = await Promise.all(prs.map((pr) => claim(d, pr)))
    expect(answers.filter((a) => a.body.status === 'OK')).toHaveLength(1)
    expect(sim.control.balanceMsat(app.id)).toBe(before + 100_000)
  })

  it('records a request that carried an API key (no client may send its key to another service)', async () => {
    const v = voucher()
    await fetch(v.url, { headers: { 'X-Api-Key': sim.keys.secret } })
    await fetch(`${v.url}?access-token=x`)
    expect(
      sim.control.outside
        .vouchers()
        .find((x) => x.id === v.id)
        ?.calls.map((c) => c.withApiKey),
    ).toEqual([true, true])
  })
})

describe('the outside parties over /_sim/outside', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${sim.url}/_sim/outside/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('vouchers and payees are made and listed; bad specs are refused', async () => {
    const made = await post('vouchers', { maxSat: 300, minSat: 10, uses: 1, callback: 'error', errorReason: 'no' })
    expect(made.status).toBe(201)
    const v = (await made.json()) as SimVoucher
    expect(decodeLink(v.lnurl)).toBe(v.url)
    const listed = (await (await fetch(`${sim.url}/_sim/outside/vouchers`)).json()) as SimVoucher[]
    expect(listed.map((x) => x.id)).toContain(v.id)
    for (const bad of [{ callback: 'explode' }, { descriptor: 'okNoPay' }, { minSat: 5, maxSat: 4 }, { uses: -1 }])
      expect((await post('vouchers', bad)).status).toBe(400)

    const payee = await post('payees', { amountSat: 0, memo: 'any amount' })
    expect(payee.status).toBe(201)
    const p = (await payee.json()) as { payment_request: string; amountMsat: number | null }
    expect(p.amountMsat).toBeNull()
    const expired = (await (await post('payees', { amountSat: 5, expired: true })).json()) as {
      payment_request: string
    }
    const r = await call(sim, 'POST', `/v1/wallet/${app.id}/withdraw`, {
      key: sim.keys.secret,
      json: { payment_request: expired.payment_request },
    })
    expect(r.data.message).toMatch(/^invoice expired/)
    expect((await post('payees', { amountSat: -1 })).status).toBe(400)
    const book = (await (await fetch(`${sim.url}/_sim/outside/book`)).json()) as unknown[]
    expect(book).toEqual(sim.control.outside.book())
  })

  it('refuses an API key and far callers, like every /_sim control', async () => {
    const r = await fetch(`${sim.url}/_sim/outside/book`, { headers: { 'X-Api-Key': sim.keys.secret } })
    expect(r.status).toBe(403)
    const far = await sim.server.inject({ method: 'GET', url: '/_sim/outside/vouchers', remoteAddress: '192.0.2.7' })
    expect(far.statusCode).toBe(403)
  })
})
