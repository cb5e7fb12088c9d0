// Pairing links (docs/nwc.md, "One-tap pairing"): what @getalby/sdk's NWAClient writes is read as
// it meant, NWC-08's own spelling too; anything oversized, malformed or pointing a callback at a
// web page or a file is refused; outside text is cleaned before it reaches the screen.
import { NWAClient } from '@getalby/sdk/nwc'
import { describe, expect, it } from 'vitest'
import { isPairingLink, MAX_PAIRING_LINK, parsePairingLink } from '../../shared/nwc/pairing'
import { routePayInput } from '../../shared/payment/route'

const PK = 'b889ff5b1513b641e2a139f661a661364979c5beee91842f8f0ef42ab558e9d4'
const STATE = '9f2c4a0b1e3d5f7a9c8b6d4e2f0a1b3c'

describe('nostr+walletauth://', () => {
  it('reads what @getalby/sdk writes', () => {
    const c = new NWAClient({
      relayUrls: ['wss://relay.example.com/v1'],
      requestMethods: ['pay_invoice', 'get_balance', 'get_info'],
      name: 'Zapper',
      icon: 'https://zapper.example/icon.png',
      maxAmount: 5_000_000,
      budgetRenewal: 'weekly',
      expiresAt: 2_000_000_000,
      notificationTypes: ['payment_received'],
    })
    const r = parsePairingLink(c.connectionUri)
    expect(r).toMatchObject({
      kind: 'walletauth',
      clientPubkey: c.options.appPubkey,
      relays: ['wss://relay.example.com/v1'],
      name: 'Zapper',
      icon: 'https://zapper.example/icon.png',
      requestMethods: ['pay_invoice', 'get_balance', 'get_info'],
      maxAmountMsat: 5_000_000,
      period: 'weekly',
      expiresAt: 2_000_000_000,
      notificationTypes: ['payment_received'],
    })
    c.close()
  })

  it("reads NWC-08's spelling: state, renewal_period, optional methods, a wallet-specific scheme", () => {
    const link = `nostr+walletauth+lightningtray://${PK}?relay=wss%3A%2F%2Fa.example&relay=wss%3A%2F%2Fb.example&state=${STATE}&request_methods=get_info&optional_request_methods=pay_invoice%20list_transactions&max_amount=1000&renewal_period=yearly`
    expect(isPairingLink(link)).toBe(true)
    expect(parsePairingLink(link)).toMatchObject({
      relays: ['wss://a.example', 'wss://b.example'],
      state: STATE,
      requestMethods: ['get_info'],
      optionalMethods: ['pay_invoice', 'list_transactions'],
      maxAmountMsat: 1000,
      period: 'yearly',
    })
  })

  it('cleans the name: no bidirectional overrides, no line breaks, at most 60 characters', () => {
    const name = encodeURIComponent(`Evil\u202Eppa\nname ${'x'.repeat(100)}`)
    const r = parsePairingLink(`nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&name=${name}`)
    expect(r?.name).not.toMatch(/[\u202E\n]/)
    expect(Array.from(r?.name ?? '').length).toBeLessThanOrEqual(60)
    expect(r?.name?.startsWith('Evilppa name')).toBe(true)
  })

  it.each([
    ['no relay', `nostr+walletauth://${PK}?request_methods=get_info`],
    ['a plain ws:// relay elsewhere', `nostr+walletauth://${PK}?relay=ws%3A%2F%2Frelay.example`],
    ['five relays', `nostr+walletauth://${PK}?${'relay=wss%3A%2F%2Fa.example&'.repeat(5)}`],
    ['a short key', `nostr+walletauth://${PK.slice(2)}?relay=wss%3A%2F%2Fa.example`],
    ['a key that is not hex', `nostr+walletauth://${PK.slice(1)}g?relay=wss%3A%2F%2Fa.example`],
    ['an amount that is no number', `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&max_amount=1e9`],
    ['a state that is not hex', `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&state=not-hex`],
    ['a negative amount', `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&max_amount=-5`],
    ['an unknown period', `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&max_amount=5&renewal_period=hourly`],
    ['an http icon', `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&icon=http%3A%2F%2Fa.example%2Fi.png`],
    [
      'a method that is no word',
      `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&request_methods=pay%3Cscript%3E`,
    ],
    ['a path', `nostr+walletauth://${PK}/x?relay=wss%3A%2F%2Fa.example`],
  ])('refuses %s', (_what, link) => {
    expect(parsePairingLink(link)).toBeNull()
  })

  it(`refuses a link over ${MAX_PAIRING_LINK} characters, before reading it`, () => {
    const link = `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example&name=${'a'.repeat(MAX_PAIRING_LINK)}`
    expect(isPairingLink(link)).toBe(false)
    expect(parsePairingLink(link)).toBeNull()
  })
})

describe('nostrnwc://connect', () => {
  it("reads NIP-47's deep link", () => {
    const link =
      'nostrnwc://connect?appname=Podcasts&appicon=https%3A%2F%2Fpod.example%2Fi.png&callback=podapp%3A%2F%2Fnwc'
    expect(parsePairingLink(link)).toEqual({
      kind: 'nostrnwc',
      name: 'Podcasts',
      icon: 'https://pod.example/i.png',
      callback: 'podapp://nwc',
    })
    expect(parsePairingLink('nostrnwc+tray://connect?appname=X')).toMatchObject({ kind: 'nostrnwc', name: 'X' })
  })

  it.each(['https://evil.example/steal', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x'])(
    'refuses a callback to %s (the string would go to a web page or a file)',
    (callback) => {
      expect(parsePairingLink(`nostrnwc://connect?appname=X&callback=${encodeURIComponent(callback)}`)).toBeNull()
    },
  )

  it('is not nostrnwc://anything-else', () => {
    expect(isPairingLink('nostrnwc://other?appname=X')).toBe(false)
  })
})

describe('the router every link, clipboard and scan goes through', () => {
  it('sends a pairing link to its approval screen, and nothing else there', () => {
    const link = `nostr+walletauth://${PK}?relay=wss%3A%2F%2Fa.example`
    expect(routePayInput(`  ${link} `)).toEqual({ to: 'pair', link })
    expect(routePayInput('nostrnwc://connect?appname=X')).toEqual({ to: 'pair', link: 'nostrnwc://connect?appname=X' })
    expect(routePayInput('alice@sats.example')).toEqual({ to: 'send', address: 'alice@sats.example' })
  })
})
