// wallets.staticLink against the simulator: each wallet's permanent LNURL-pay link as the service
// describes it, and answers the app must refuse (a link to an address a wallet may not open).
import type { StaticLinkView } from '@shared/contract'
import { decodeLnurl, encodeLnurl } from '@shared/lnurl'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedApp, startConnectedApp } from './appHarness'

let t: ConnectedApp
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Tip jar', balanceSat: 0 })
})
afterAll(() => t.close())
afterEach(() => t.sim.control.clearFaults())

/** The link as the service's own view says it, asked with the secret key. */
async function serviceView(lnurlpId: string) {
  const res = await fetch(`${t.sim.url}/v1/lnurlp/${lnurlpId}`, { headers: { 'X-Api-Key': t.sim.keys.secret } })
  return (await res.json()) as Record<string, unknown> & { lnurl_encoded: string }
}
async function lnurlpId(walletId: string): Promise<string> {
  const res = await fetch(`${t.sim.url}/v1/wallet/${walletId}`, { headers: { 'X-Api-Key': t.sim.keys.secret } })
  return ((await res.json()) as { default_lnurlpay_id: string }).default_lnurlpay_id
}

describe('wallets.staticLink', () => {
  it("reads the wallet's link: the service's LNURL upper-cased, its limits in whole sats, its description", async () => {
    const id = await lnurlpId(t.w.id)
    const raw = await serviceView(id)
    const link = await t.call<StaticLinkView>('wallets.staticLink', { walletId: t.w.id })
    expect(link).toEqual({
      walletId: t.w.id,
      lnurl: raw.lnurl_encoded.toUpperCase(),
      uri: `lightning:${raw.lnurl_encoded.toUpperCase()}`,
      minSat: 1,
      maxSat: 100_000,
      description: 'Tip jar',
    })
    expect(decodeLnurl(link.lnurl)).toBe(raw.lnurl_decoded)
    // the link pays this wallet: an outside payer's 2,100 sats land in it
    const before = t.sim.control.balanceMsat(t.w.id)
    t.sim.control.outside.payLink(id, 2_100_000, 'thanks')
    expect(t.sim.control.balanceMsat(t.w.id)).toBe(before + 2_100_000)
  })

  it('an unknown wallet is a clear error', async () => {
    await expect(t.call('wallets.staticLink', { walletId: 'wal_nobody' })).rejects.toThrow(/^not_found: /)
  })

  const spoiled = async (over: Record<string, unknown>) => {
    const id = await lnurlpId(t.w.id)
    const body = JSON.stringify({ ...(await serviceView(id)), ...over })
    t.sim.control.injectFault({ path: `/v1/lnurlp/${id}`, kind: 'status', status: 200, body })
  }

  it.each([
    ['an LNURL that opens a plain-http address elsewhere', { lnurl_encoded: encodeLnurl('http://evil.example/pay') }],
    ['an LNURL with a password in its address', { lnurl_encoded: encodeLnurl('https://a@pay.example/x') }],
    ['something that is not an LNURL', { lnurl_encoded: 'lnbc1notalink' }],
    ['no LNURL', { lnurl_encoded: null }],
    ['a minimum above the maximum', { lnurlp_minSendable_msat: 5_000, lnurlp_maxSendable_msat: 1_000 }],
    ['limits that are not numbers', { lnurlp_maxSendable_msat: '100000000' }],
  ])('refuses %s, saying the answer could not be read', async (_, over) => {
    await spoiled(over)
    await expect(t.call('wallets.staticLink', { walletId: t.w.id })).rejects.toThrow(
      'service_error: The service sent an answer the app could not read.',
    )
  })

  it('takes extra keys and a lower-case LNURL, showing it upper case', async () => {
    const id = await lnurlpId(t.w.id)
    const raw = await serviceView(id)
    await spoiled({ lnurl_encoded: raw.lnurl_encoded.toLowerCase(), something_new: { nested: true } })
    const link = await t.call<StaticLinkView>('wallets.staticLink', { walletId: t.w.id })
    expect(link.lnurl).toBe(raw.lnurl_encoded.toUpperCase())
  })
})
