import {
  decodeLnurl,
  encodeLnurl,
  isAllowedLnurlUrl,
  isLoopbackHost,
  lightningUri,
  lud17ToUrl,
  parseLightningAddress,
  stripLightningPrefix,
} from '@shared/lnurl'
import { bech32 } from 'bech32'
import { describe, expect, it } from 'vitest'

// LUD-01's own example
const LUD01_URL = 'https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df'
const LUD01_LNURL =
  'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS'

describe('LNURL encoding (LUD-01)', () => {
  it('matches the LUD-01 example both ways', () => {
    expect(encodeLnurl(LUD01_URL)).toBe(LUD01_LNURL)
    expect(decodeLnurl(LUD01_LNURL)).toBe(LUD01_URL)
    expect(decodeLnurl(LUD01_LNURL.toLowerCase())).toBe(LUD01_URL)
    expect(decodeLnurl(`lightning:${LUD01_LNURL}`)).toBe(LUD01_URL)
  })

  it('handles links longer than bech32’s 90-character default', () => {
    const url = `http://127.0.0.1:4100/v1/wallet/waklw_${'x'.repeat(40)}/lnurl-process?ott=${'y'.repeat(64)}&num_satoshis=1000&memo=Coffee`
    const lnurl = encodeLnurl(url)
    expect(lnurl.length).toBeGreaterThan(90)
    expect(() => bech32.decode(lnurl.toLowerCase())).toThrow(/length/i)
    expect(decodeLnurl(lnurl)).toBe(url)
  })

  it('rejects mixed case, wrong prefix and damaged strings', () => {
    const mixed = `${LUD01_LNURL.slice(0, 10)}${LUD01_LNURL.slice(10).toLowerCase()}`
    expect(() => decodeLnurl(mixed)).toThrow(/case/)
    const words = bech32.toWords(new TextEncoder().encode('https://a.example'))
    expect(() => decodeLnurl(bech32.encode('lnbc', words))).toThrow(/not an LNURL/)
    expect(() => decodeLnurl(`${LUD01_LNURL.slice(0, -1)}Q`)).toThrow()
  })

  it('builds upper-case lightning: URIs for QR codes', () => {
    expect(lightningUri('lnurl1abc')).toBe('lightning:LNURL1ABC')
    expect(lightningUri('lightning:lnbcrt10u1xyz')).toBe('lightning:LNBCRT10U1XYZ')
  })

  it('allows http only for loopback and onion', () => {
    expect(isAllowedLnurlUrl('https://x.example/a')).toBe(true)
    expect(isAllowedLnurlUrl('http://127.0.0.1:4100/a')).toBe(true)
    expect(isAllowedLnurlUrl('http://[::1]:4100/a')).toBe(true)
    expect(isAllowedLnurlUrl('http://abc.onion/a')).toBe(true)
    expect(isAllowedLnurlUrl('http://evil.example/a')).toBe(false)
    expect(isAllowedLnurlUrl('javascript:alert(1)')).toBe(false)
    // a user part makes the link show one host and go to another
    expect(isAllowedLnurlUrl('https://pay.example@evil.example/a')).toBe(false)
    expect(isAllowedLnurlUrl('https://u:p@pay.example/a')).toBe(false)
    expect(isLoopbackHost('localhost')).toBe(true)
    expect(isLoopbackHost('127.1.2.3')).toBe(true)
    expect(isLoopbackHost('128.0.0.1')).toBe(false)
  })

  it('maps LUD-17 schemes', () => {
    expect(lud17ToUrl('lnurlw://pay.example/w?x=1')).toBe('https://pay.example/w?x=1')
    expect(lud17ToUrl('lnurlp://abc.onion/p')).toBe('http://abc.onion/p')
    expect(lud17ToUrl('keyauth://site.example/a?k1=1')).toBe('https://site.example/a?k1=1')
    expect(lud17ToUrl('https://x')).toBeNull()
    // not a LUD-17 scheme
    expect(lud17ToUrl('lnurla://x.example/a')).toBeNull()
  })

  it('strips lightning:, in any case, and the mistaken lightning://', () => {
    expect(stripLightningPrefix('LIGHTNING:LNURL1X')).toBe('LNURL1X')
    expect(stripLightningPrefix('lightning://alice@x.com')).toBe('alice@x.com')
    expect(stripLightningPrefix('alice@x.com')).toBe('alice@x.com')
  })
})

describe('lightning addresses (LUD-16)', () => {
  it('normalises to lower case and builds the well-known URL', () => {
    expect(parseLightningAddress('  Alice@Sim.Example ')).toEqual({
      user: 'alice',
      domain: 'sim.example',
      address: 'alice@sim.example',
      url: 'https://sim.example/.well-known/lnurlp/alice',
    })
    expect(parseLightningAddress('lightning:bob_1.x-y@pay.example.com')?.address).toBe('bob_1.x-y@pay.example.com')
  })

  it('rejects what is not an address', () => {
    const lookAlikes = ['\u212Aate@x.com' /* Kelvin sign: lower-cases to k */, 'аlice@x.com' /* Cyrillic а */]
    for (const bad of [
      'alice',
      '@x.com',
      'a@b',
      'a b@x.com',
      'a+b@x.com',
      'a@x..com',
      'a@-',
      '<script>@x.com',
      ...lookAlikes,
    ]) {
      expect(parseLightningAddress(bad), bad).toBeNull()
    }
  })
})
