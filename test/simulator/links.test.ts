// Every wallet's static LNURL-pay link: the service's view of it, the LUD-06 endpoints behind
// it (driven by an independent client: the bech32 package and plain fetch), and payments into
// it from outside payers, which arrive as `ln_lnurl_pay_inbound`.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { bech32 } from 'bech32'
import { decode } from 'light-bolt11-decoder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LnurlStatus, Wallet, WalletTransaction } from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, type SimWallet, startSimulator } from './index'
import { call, expectError, withSimulator } from './support'

let sim: SimulatorHandle
let sak: string
let w: SimWallet
let linkId: string

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  sak = sim.keys.secret
  w = sim.control.createWallet('Tip jar')
  linkId = Wallet.parse((await call(sim, 'GET', `/v1/wallet/${w.id}`, { key: sak })).data).default_lnurlpay_id as string
})
afterAll(() => sim.close())

const LinkView = z.object({
  id: z.string().regex(/^lnurlp_/),
  wallet_id: z.string(),
  user_label: z.string(),
  lnurl_encoded: z.string().regex(/^LNURL1[02-9AC-HJ-NP-Z]+$/),
  lnurl_decoded: z.string().url(),
  lnurlp_minSendable_msat: z.number().int(),
  lnurlp_maxSendable_msat: z.number().int(),
  lnurlp_short_desc: z.string(),
  statusType: z.object({ name: z.string() }),
})
const PayRequest = z.object({
  tag: z.literal('payRequest'),
  callback: z.string().url(),
  minSendable: z.number().int(),
  maxSendable: z.number().int(),
  metadata: z.string(),
  commentAllowed: z.number().int(),
})

function decodeLink(lnurl: string): string {
  const { prefix, words } = bech32.decode(lnurl.toLowerCase(), 1023)
  expect(prefix).toBe('lnurl')
  return Buffer.from(bech32.fromWords(words)).toString('utf8')
}

const getJson = async (url: string) => {
  const res = await fetch(url)
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown }
}

describe("a wallet's static LNURL-pay link", () => {
  it('GET /v1/lnurlp/<default_lnurlpay_id>: the link, its LNURL, limits and short description', async () => {
    for (const key of [sak, sim.keys.public]) {
      const r = await call(sim, 'GET', `/v1/lnurlp/${linkId}`, { key })
      expect(r.status).toBe(200)
      const v = LinkView.parse(r.data)
      expect(v).toMatchObject({
        id: linkId,
        wallet_id: w.id,
        user_label: 'LNURL-pay Tip jar',
        lnurlp_minSendable_msat: 1000,
        lnurlp_maxSendable_msat: 100_000_000,
        lnurlp_short_desc: 'Tip jar',
        statusType: { name: 'lnurl_active' },
      })
      expect(decodeLink(v.lnurl_encoded)).toBe(v.lnurl_decoded)
      expect(new URL(v.lnurl_decoded).pathname).toBe(`/v1/wallet/${w.keys.lnurlp}/lnurlp/${linkId}`)
    }
  })

  it("an unknown link, another account's link and a missing key answer the published errors", async () => {
    expectError(await call(sim, 'GET', '/v1/lnurlp/lnurlp_nope', { key: sak }), 500, 'Unknown lnurlpay id')
    await withSimulator({ seed: 'empty' }, async (other) => {
      expectError(
        await call(other, 'GET', `/v1/lnurlp/${linkId}`, { key: other.keys.secret }),
        500,
        'Unknown lnurlpay id',
      )
    })
    expectError(await call(sim, 'GET', `/v1/lnurlp/${linkId}`), 401, 'Your request was made with invalid credentials.')
  })

  it('LUD-06: descriptor, then a fresh invoice for the amount, committing to the metadata', async () => {
    const v = LinkView.parse((await call(sim, 'GET', `/v1/lnurlp/${linkId}`, { key: sak })).data)
    const first = await getJson(decodeLink(v.lnurl_encoded))
    expect(first.headers.get('access-control-allow-origin')).toBe('*')
    const d = PayRequest.parse(first.body)
    expect(d).toMatchObject({ minSendable: 1000, maxSendable: 100_000_000, commentAllowed: 0 })
    expect(JSON.parse(d.metadata)).toEqual([['text/plain', 'Tip jar']])
    const r = await getJson(`${d.callback}?amount=21000&comment=${encodeURIComponent('for the coffee')}`)
    const { pr, routes } = z.object({ pr: z.string(), routes: z.array(z.unknown()) }).parse(r.body)
    expect(routes).toEqual([])
    const sections = decode(pr).sections as Array<{ name: string; value?: unknown }>
    const value = (name: string) => sections.find((s) => s.name === name)?.value
    expect(Number(value('amount'))).toBe(21_000)
    expect(value('description_hash')).toBe(bytesToHex(sha256(new TextEncoder().encode(d.metadata))))
    // two calls, two invoices; nothing is paid by asking
    const again = z.object({ pr: z.string() }).parse((await getJson(`${d.callback}?amount=21000`)).body)
    expect(again.pr).not.toBe(pr)
    expect(sim.control.balanceMsat(w.id)).toBe(0)
    // an amount that is not whole sats is rounded up, as the published server does
    const odd = z.object({ pr: z.string() }).parse((await getJson(`${d.callback}?amount=1500`)).body)
    expect(
      Number(
        (decode(odd.pr).sections as Array<{ name: string; value?: unknown }>).find((s) => s.name === 'amount')?.value,
      ),
    ).toBe(2000)
  })

  it('refusals are LNURL errors (HTTP 200): amount out of range or not a number, a wrong key or link', async () => {
    const v = LinkView.parse((await call(sim, 'GET', `/v1/lnurlp/${linkId}`, { key: sak })).data)
    const cb = v.lnurl_decoded
    const refused = async (url: string, reason: string | RegExp) => {
      const r = await getJson(url)
      expect(r.status).toBe(200)
      const s = LnurlStatus.parse(r.body)
      expect(s.status).toBe('ERROR')
      if (s.status === 'ERROR') expect(s.reason).toMatch(reason)
    }
    await refused(`${cb}?amount=999`, '0.999 sat is not within 1 - 100000 sat')
    await refused(`${cb}?amount=100000001`, '100000.001 sat is not within 1 - 100000 sat')
    await refused(`${cb}?amount=ten`, /whole number/)
    await refused(`${cb}?amount=1000&comment=${'x'.repeat(640)}`, /comment is longer/)
    await refused(cb.replace(w.keys.lnurlp, 'waklp_nope'), 'Wallet not found: waklp_nope')
    await refused(cb.replace(linkId, 'lnurlp_nope'), 'Wallet or lnurlpay link is not valid or active')
    const other = sim.control.createWallet('Other jar')
    await refused(cb.replace(w.keys.lnurlp, other.keys.lnurlp), 'Wallet or lnurlpay link is not valid or active')
    // any key of the link's own wallet opens it, as published
    expect(PayRequest.parse((await getJson(cb.replace(w.keys.lnurlp, w.keys.read))).body).maxSendable).toBe(100_000_000)
    expect(sim.control.balanceMsat(w.id)).toBe(0)
  })

  it("an invoice cap lowers the link's maximum and bounds its invoices", async () => {
    await withSimulator({ seed: 'empty', invoiceCapSat: 10_000 }, async (capped) => {
      const cw = capped.keys.wallets[0]!
      const id = Wallet.parse((await call(capped, 'GET', `/v1/wallet/${cw.id}`, { key: capped.keys.secret })).data)
        .default_lnurlpay_id as string
      const v = LinkView.parse((await call(capped, 'GET', `/v1/lnurlp/${id}`, { key: capped.keys.secret })).data)
      expect(v.lnurlp_maxSendable_msat).toBe(10_000_000)
      const s = LnurlStatus.parse((await getJson(`${v.lnurl_decoded}?amount=10000001`)).body)
      expect(s.status).toBe('ERROR')
    })
  })
})

describe('a wallet of the service paying a static link by its LNURL', () => {
  it('probe shows the link; lnurlp/pay pays it internally: outbound row here, inbound row there, no fee', async () => {
    const v = LinkView.parse((await call(sim, 'GET', `/v1/lnurlp/${linkId}`, { key: sak })).data)
    const probe = await call(sim, 'GET', `/v1/lnurlp/probe/${v.lnurl_encoded}`, { key: sak })
    expect(probe.data).toMatchObject({
      tag: 'payRequest',
      minSendable: 1000,
      maxSendable: 100_000_000,
      metadata: [['text/plain', 'Tip jar']],
    })
    const payer = sim.control.createWallet('Payer', 1_000)
    const [p0, w0, t0] = [sim.control.balanceMsat(payer.id), sim.control.balanceMsat(w.id), sim.control.totals()]
    const paid = await call(sim, 'POST', `/v1/wallet/${payer.id}/lnurlp/pay`, {
      key: sak,
      json: { ln_address: v.lnurl_encoded, amt_msat: 7_000, comment: 'hi jar' },
    })
    expect(paid.status).toBe(201)
    const out = WalletTransaction.parse(paid.data)
    expect(out).toMatchObject({ num_satoshis: -7, wtxType: { name: 'ln_lnurl_pay_outbound' } })
    expect(out.passThru).toMatchObject({ target_lnurlp_encoded: v.lnurl_encoded, lnurlp_comment: 'hi jar' })
    expect(out.lnTx?.fee_msat).toBe(0)
    expect(sim.control.balanceMsat(payer.id)).toBe(p0 - 7_000)
    expect(sim.control.balanceMsat(w.id)).toBe(w0 + 7_000)
    expect(sim.control.totals()).toEqual(t0) // nothing crossed the edge
    const inn = z
      .array(WalletTransaction)
      .parse((await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=1`, { key: sak })).data)[0]
    expect(inn).toMatchObject({ num_satoshis: 7, wtxType: { name: 'ln_lnurl_pay_inbound' }, lnTx: { memo: 'hi jar' } })
    // the link's rules hold, and a part of a sat cannot be asked for: its invoice is in whole sats
    const pay = (amt_msat: number) =>
      call(sim, 'POST', `/v1/wallet/${payer.id}/lnurlp/pay`, {
        key: sak,
        json: { ln_address: v.lnurl_encoded, amt_msat },
      })
    expectError(await pay(999), 400, 'LNURL cannot accept less than 1000 msat')
    expectError(await pay(100_000_001), 400, 'LNURL cannot accept more than 100000000 msat')
    expectError(await pay(1_500), 400, 'Requested invoice (1500) and invoice generated (2000) do not match.')
    expect(sim.control.balanceMsat(payer.id)).toBe(p0 - 7_000)
    // the published server's own field name for the LNURL pays the same way
    const byOwnName = await call(sim, 'POST', `/v1/wallet/${payer.id}/lnurlp/pay`, {
      key: sak,
      form: { lnurlpay_encoded: v.lnurl_encoded, amt_msat: '3000' },
    })
    expect(byOwnName.status).toBe(201)
    expect(WalletTransaction.parse(byOwnName.data)).toMatchObject({
      num_satoshis: -3,
      wtxType: { name: 'ln_lnurl_pay_outbound' },
      passThru: { target_lnurlp_encoded: v.lnurl_encoded },
    })
    expect(sim.control.balanceMsat(payer.id)).toBe(p0 - 10_000)
    expect(sim.control.balanceMsat(w.id)).toBe(w0 + 10_000)
  })
})

describe('outside payers of a static link', () => {
  it('pay with a comment: ln_lnurl_pay_inbound, the comment as memo and in passThru, the outside book agrees', async () => {
    const before = sim.control.balanceMsat(w.id)
    const paid = sim.control.outside.payLink(w.id, 21_000, 'thanks for the podcast')
    const rows = z
      .array(WalletTransaction)
      .parse((await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=1`, { key: sak })).data)
    expect(rows[0]).toMatchObject({ num_satoshis: 21, wtxType: { name: 'ln_lnurl_pay_inbound' } })
    expect(rows[0]?.lnTx).toMatchObject({ memo: 'thanks for the podcast', settled: true, id: paid.lnTxId })
    expect(rows[0]?.passThru).toMatchObject({
      wallet_lnurlpay_id: linkId,
      amount: '21000',
      comment: 'thanks for the podcast',
    })
    expect(sim.control.balanceMsat(w.id)).toBe(before + 21_000)
    expect(sim.control.outside.book().at(-1)).toMatchObject({
      direction: 'in',
      party: 'link-payer',
      amountMsat: 21_000,
      paymentHash: paid.paymentHash,
    })
  })

  it('over HTTP, by link id; without a comment the memo is the published default; out of range is refused', async () => {
    const post = (body: unknown) =>
      fetch(`${sim.url}/_sim/outside/pay-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    const ok = await post({ target: linkId, amountMsat: 5_000 })
    expect(ok.status).toBe(200)
    const { lnTxId } = (await ok.json()) as { lnTxId: string }
    expect((await call(sim, 'GET', `/v1/lntx/${lnTxId}`, { key: sak })).data.memo).toBe('LNURL PAY')
    const before = sim.control.balanceMsat(w.id)
    const low = await post({ target: w.keys.admin, amountMsat: 999 })
    expect(low.status).toBe(400)
    expect(((await low.json()) as { message: string }).message).toBe('0.999 sat is not within 1 - 100000 sat')
    expect((await post({ target: 'lnurlp_nope', amountMsat: 5_000 })).status).toBe(400)
    expect(sim.control.balanceMsat(w.id)).toBe(before)
  })

  it('a payer that fetched the callback itself is paid by auto-settle, like any invoice made over HTTP', async () => {
    const v = LinkView.parse((await call(sim, 'GET', `/v1/lnurlp/${linkId}`, { key: sak })).data)
    const before = sim.control.balanceMsat(w.id)
    sim.control.setAutoSettle(10)
    try {
      await getJson(`${v.lnurl_decoded}?amount=3000`)
      await expect.poll(() => sim.control.balanceMsat(w.id), { timeout: 3000 }).toBe(before + 3000)
    } finally {
      sim.control.setAutoSettle(null)
    }
  })
})
