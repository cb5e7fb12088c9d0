// BOLT 11 requests at the edges of what the app reads (docs/payment-input.md): prefixes that only
// look like a network, amounts of zero, a payment hash of the wrong length, an expiry past what a
// number holds, the length limit, and damage told apart from a wrong checksum. Requests are
// signed here by the simulator's encoder, so only the field under test is odd.
import { BOLT11_LIMIT, decodeBolt11, looksLikeBolt11 } from '@shared/payment/bolt11'
import { bech32 } from 'bech32'
import { describe, expect, it } from 'vitest'
import { encodeInvoice, type InvoiceFields, nodeKeyFrom } from '../simulator/bolt11'
import { english } from './fixtures/englishWords'

const KEY = nodeKeyFrom('bolt11-edges')
const fields = (f: Partial<InvoiceFields> = {}): InvoiceFields => ({
  amountMsat: 250_000,
  timestamp: 1_700_000_000,
  paymentHash: '11'.repeat(32),
  paymentSecret: '22'.repeat(32),
  description: 'Edge',
  expiry: 600,
  ...f,
})
const invoice = (f: Partial<InvoiceFields> = {}, prefix = 'lnbc') => encodeInvoice(fields(f), KEY, { prefix })
/** the refusal's English words (the catalog's), or "read" */
const reason = (input: string): string => {
  const r = decodeBolt11(input)
  return r.kind === 'invalid' ? english(r.reason) : 'read'
}
/** the body after the amount, from a real request: the prefix is what changes */
const body = (s: string) => s.slice(s.lastIndexOf('1'))

describe('decodeBolt11 at the edges', () => {
  it('reads a signed request of each network, and its fields', () => {
    expect(decodeBolt11(invoice())).toMatchObject({
      kind: 'bolt11',
      network: 'mainnet',
      amountMsat: 250_000,
      paymentHash: '11'.repeat(32),
      expiresAt: 1_700_000_600,
    })
    expect(decodeBolt11(invoice({}, 'lntbs'))).toMatchObject({ network: 'signet' })
    expect(decodeBolt11(invoice({}, 'lnsb'))).toMatchObject({ network: 'simnet' })
  })

  it('names a prefix before "ln" an unknown network, not a damaged request', () => {
    expect(reason(`x${invoice()}`)).toMatch(/network or currency/)
    expect(reason(`x${invoice({ amountMsat: null })}`)).toMatch(/network or currency/)
  })

  it('refuses an amount of zero however it is written, and only zero', () => {
    const rest = body(invoice())
    expect(reason(`lnbc0${rest}`)).toMatch(/amount of zero/)
    expect(reason(`lnbc00u${rest}`)).toMatch(/amount of zero/)
    // a leading zero before other digits is not zero (this one's checksum no longer matches)
    expect(reason(`lnbc05u${rest}`)).not.toMatch(/zero/)
  })

  it('skips a payment hash of the wrong length, as BOLT 11 asks, and then has none', () => {
    expect(reason(invoice({ paymentHash: '11'.repeat(33) }))).toMatch(/no payment hash/)
  })

  it('refuses an expiry that would end past the largest safe number', () => {
    expect(reason(invoice({ expiry: 2 ** 53 - 1000 }))).toMatch(/expiry time/)
    expect(decodeBolt11(invoice({ expiry: 2 ** 40 }))).toMatchObject({ expirySec: 2 ** 40 })
  })

  it('tells a wrong checksum from a body that cannot be read', () => {
    const good = invoice()
    const last = good.at(-1) === 'q' ? 'p' : 'q'
    expect(reason(`${good.slice(0, -1)}${last}`)).toMatch(/a character is wrong or missing/)
    // a valid checksum around a body no request has
    expect(reason(bech32.encode('lnbc', [1, 2, 3], 2000))).toMatch(/damaged and cannot be read/)
  })

  it('measures the length limit exactly', () => {
    const at = `lnbc1${'q'.repeat(BOLT11_LIMIT - 5)}`
    expect(at).toHaveLength(BOLT11_LIMIT)
    expect(reason(at)).not.toMatch(/too long/)
    expect(reason(`${at}q`)).toMatch(/too long/)
  })
})

describe('looksLikeBolt11', () => {
  it('wants "ln" at the start, a bech32 body to the end, and no LNURL', () => {
    expect(looksLikeBolt11(invoice())).toBe(true)
    expect(looksLikeBolt11(`x${invoice()}`)).toBe(false)
    expect(looksLikeBolt11(`${invoice()}!`)).toBe(false)
    expect(looksLikeBolt11('LNURL1DP68GURN8GHJ7')).toBe(false)
    // "lnurl" inside a body is only letters
    expect(looksLikeBolt11('lnbc1qqlnurlqq')).toBe(true)
  })
})
