// An independent LUD-03 client (bech32 package, plain fetch) against the simulator's withdraw links.

import { bech32 } from 'bech32'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LnTx,
  LnurlStatus,
  WalletTransactionList,
  WithdrawDescriptor,
  WithdrawLink,
} from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, startSimulator } from './index'
import { call } from './support'

let sim: SimulatorHandle
let payer: SimulatorHandle['keys']['wallets'][number] // the service wallet the link draws on
let thirdParty: SimulatorHandle['keys']['wallets'][number] // stands in for the third-party wallet's node

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  payer = sim.keys.wallets[0]!
  thirdParty = sim.control.createWallet('Third-party wallet')
  await sim.control.payInbound(payer.id, 50_000)
})
afterAll(() => sim.close())

function decodeLink(lnurl: string): string {
  const { prefix, words } = bech32.decode(lnurl.toLowerCase(), 1023)
  expect(prefix).toBe('lnurl')
  return Buffer.from(bech32.fromWords(words)).toString('utf8')
}

async function getJson(url: string) {
  const res = await fetch(url)
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown }
}

async function mint(numSatoshis?: number) {
  const q = numSatoshis ? `num_satoshis=${numSatoshis}&memo=Gift` : 'memo=Gift'
  const r = await call(sim, 'GET', `/v1/wallet/${payer.id}/lnurl/withdraw?${q}`, { key: sim.keys.secret })
  return WithdrawLink.parse(r.data)
}

async function invoiceFromThirdParty(sats: number) {
  const r = await call(sim, 'POST', `/v1/wallet/${thirdParty.keys.invoice}/invoice`, {
    key: sim.keys.secret,
    json: { num_satoshis: sats, memo: 'withdrawal' },
  })
  return LnTx.parse(r.data)
}

const withQuery = (url: string, q: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(q).toString()}`

describe('LUD-03 withdraw', () => {
  it('a third-party client pulls funds exactly once; the second use fails', async () => {
    const link = await mint(100)
    const url = decodeLink(link.lnurl)
    expect(new URL(url).searchParams.get('ott')).toBe(link.ott)

    const first = await getJson(url)
    expect(first.status).toBe(200)
    expect(first.headers.get('access-control-allow-origin')).toBe('*')
    const d = WithdrawDescriptor.parse(first.body)
    expect(d).toMatchObject({
      tag: 'withdrawRequest',
      minWithdrawable: 1000,
      maxWithdrawable: 100_000,
      defaultDescription: 'Gift',
    })
    expect(new URL(d.callback).pathname).toBe(`/v1/user/wallet/${payer.keys.lnurlw}/lnurl-process`)
    expect(d.k1).toMatch(/^[0-9a-f]{64}$/)

    const inv = await invoiceFromThirdParty(d.maxWithdrawable / 1000)
    const [p0, t0] = [sim.control.balanceMsat(payer.id), sim.control.balanceMsat(thirdParty.id)]
    const ok = await getJson(withQuery(d.callback, { k1: d.k1, pr: inv.payment_request }))
    expect(LnurlStatus.parse(ok.body)).toEqual({ status: 'OK' })
    expect(sim.control.balanceMsat(payer.id)).toBe(p0 - 100_000)
    expect(sim.control.balanceMsat(thirdParty.id)).toBe(t0 + 100_000)

    // the wallet transaction tells which link was claimed
    const txs = WalletTransactionList.parse(
      (await call(sim, 'GET', `/v1/wallet/${payer.id}/transactions?per-page=1`, { key: sim.keys.secret })).data,
    )
    expect(txs[0]).toMatchObject({ num_satoshis: -100, wtxType: { name: 'ln_lnurl_withdraw' } })
    expect(txs[0]?.passThru.ott).toBe(link.ott)

    // second use: a fresh invoice, same link
    const again = await invoiceFromThirdParty(50)
    const second = await getJson(withQuery(d.callback, { k1: d.k1, pr: again.payment_request }))
    expect(second.status).toBe(200)
    const status = LnurlStatus.parse(second.body)
    expect(status.status).toBe('ERROR')
    expect(status.status === 'ERROR' && status.reason).toMatch(/no longer valid/)
    const replay = await getJson(withQuery(d.callback, { k1: d.k1, pr: inv.payment_request }))
    expect(LnurlStatus.parse(replay.body).status).toBe('ERROR')
    expect(sim.control.balanceMsat(payer.id)).toBe(p0 - 100_000)
    expect(sim.control.balanceMsat(thirdParty.id)).toBe(t0 + 100_000)
    // and the link itself now answers the error instead of a descriptor
    expect(LnurlStatus.parse((await getJson(url)).body).status).toBe('ERROR')
  })

  it('an amount above the maximum, an invalid pr or a wrong k1 move nothing and leave the link usable', async () => {
    const link = await mint(10)
    const d = WithdrawDescriptor.parse((await getJson(decodeLink(link.lnurl))).body)
    const p0 = sim.control.balanceMsat(payer.id)
    const tooMuch = await invoiceFromThirdParty(11)
    for (const q of [
      { k1: d.k1, pr: tooMuch.payment_request },
      { k1: d.k1, pr: 'lnbcrt1notaninvoice' },
      { k1: 'ff'.repeat(32), pr: (await invoiceFromThirdParty(10)).payment_request },
    ]) {
      const r = await getJson(withQuery(d.callback, q))
      expect(r.status).toBe(200)
      const s = LnurlStatus.parse(r.body)
      expect(s.status).toBe('ERROR')
      expect(s.status === 'ERROR' && s.reason.length).toBeGreaterThan(0)
    }
    expect(sim.control.balanceMsat(payer.id)).toBe(p0)
    const ok = await getJson(withQuery(d.callback, { k1: d.k1, pr: (await invoiceFromThirdParty(10)).payment_request }))
    expect(LnurlStatus.parse(ok.body)).toEqual({ status: 'OK' })
    expect(sim.control.balanceMsat(payer.id)).toBe(p0 - 10_000)
  })

  it('a link without an amount offers the balance, less room for a fee; balanceCheck gives a fresh descriptor', async () => {
    const link = await mint()
    const d = WithdrawDescriptor.parse((await getJson(decodeLink(link.lnurl))).body)
    const balance = sim.control.balanceMsat(payer.id)
    expect(d.maxWithdrawable).toBeLessThanOrEqual(balance)
    expect(d.maxWithdrawable).toBeGreaterThan(balance - 100_000)
    expect(d.balanceCheck).toBeDefined()
    const fresh = WithdrawDescriptor.parse((await getJson(d.balanceCheck!)).body)
    expect(fresh.k1).not.toBe(d.k1)
    expect(fresh.callback).not.toBe(d.callback)
  })

  it('an empty wallet offers min = max = 0, and a wrong wallet key answers the error shape', async () => {
    const empty = sim.control.createWallet('Empty')
    const r = await call(sim, 'GET', `/v1/wallet/${empty.id}/lnurl/withdraw?num_satoshis=5`, { key: sim.keys.secret })
    const d = WithdrawDescriptor.parse((await getJson(decodeLink(WithdrawLink.parse(r.data).lnurl))).body)
    expect([d.minWithdrawable, d.maxWithdrawable]).toEqual([0, 0])
    const link = await mint(5)
    const wrong = decodeLink(link.lnurl).replace(payer.keys.lnurlw, 'waklw_nope')
    const res = await getJson(wrong)
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ status: 401, code: 0, message: 'Wallet not found: waklw_nope' })
  })
})
