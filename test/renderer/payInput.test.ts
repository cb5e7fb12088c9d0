// What Scan and Send do with what a person hands them: a recipient to look up, or words saying why not.
import { encodeLnurl } from '@shared/lnurl'
import { routePayInput, summarize } from '@shared/payment/route'
import { describe, expect, it } from 'vitest'
import { BOLT11_SPEC } from '../shared/fixtures/bolt11Spec'
import { saysEnglish } from '../shared/fixtures/englishWords'

const P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const PAY = encodeLnurl('https://sim.example/.well-known/lnurlp/alice')
const OPAQUE = encodeLnurl('https://service.example/api?q=1')
const WITHDRAW = encodeLnurl('https://sim.example/w?tag=withdraw&k1=1')
const LOGIN = encodeLnurl('https://sim.example/a?tag=login&k1=1')

describe('routePayInput', () => {
  it('sends a lightning address or an LNURL that may be pay to the lookup, normalised', () => {
    expect(routePayInput(' LIGHTNING:Alice@Sim.Example\n')).toEqual({ to: 'send', address: 'alice@sim.example' })
    expect(routePayInput(PAY.toLowerCase())).toEqual({ to: 'send', address: PAY })
    // a bech32 LNURL that does not say what it is: the lookup finds out
    expect(routePayInput(`lightning:${OPAQUE}`)).toEqual({ to: 'send', address: OPAQUE })
    expect(routePayInput('lnurlp://sim.example/.well-known/lnurlp/bob')).toEqual({
      to: 'send',
      address: encodeLnurl('https://sim.example/.well-known/lnurlp/bob'),
    })
  })

  it('takes the lightning= part of a bitcoin: URI', () => {
    expect(routePayInput(`bitcoin:${P2WPKH}?lightning=bob@sim.example`)).toEqual({
      to: 'send',
      address: 'bob@sim.example',
    })
  })

  it('hands an invoice with an amount to main to read, in lower case, bare or inside a bitcoin: URI', () => {
    expect(routePayInput(BOLT11_SPEC.coffee60s)).toEqual({ to: 'invoice', invoice: BOLT11_SPEC.coffee60s })
    expect(routePayInput(`BITCOIN:${P2WPKH.toUpperCase()}?LIGHTNING=${BOLT11_SPEC.upperCase}`)).toEqual({
      to: 'invoice',
      invoice: BOLT11_SPEC.upperCase.toLowerCase(),
    })
  })

  it('says what it is when Send cannot pay it', () => {
    expect(routePayInput(BOLT11_SPEC.donationAnyAmount)).toEqual({
      problem: { id: 'route.invoiceNoAmount' },
    })
    expect(routePayInput(WITHDRAW)).toEqual({ to: 'claim', lnurl: WITHDRAW.toUpperCase() })
    expect(routePayInput(LOGIN)).toMatchObject({ problem: saysEnglish(/login/) })
    expect(routePayInput(P2WPKH)).toMatchObject({ problem: saysEnglish(/on-chain.*Lightning only/) })
    expect(routePayInput('hello')).toEqual({ problem: { id: 'parse.notRecognised' } })
    expect(routePayInput(BOLT11_SPEC.badChecksum)).toMatchObject({
      problem: saysEnglish(/invoice is damaged/),
    })
  })
})

describe('summarize', () => {
  const said = (text: string) => {
    const s = summarize(text)
    return s && { kind: s.kind, host: s.host, words: s.words }
  }

  it('names what a text from outside is, and the host a look-up would reach, before anything is asked', () => {
    expect(said(BOLT11_SPEC.coffee60s)).toEqual({ kind: 'invoice', host: null, words: { id: 'route.invoice' } })
    expect(said('lightning:Alice@Sim.Example')).toEqual({
      kind: 'address',
      host: 'sim.example',
      words: { id: 'route.address', values: { address: 'alice@sim.example' } },
    })
    expect(said(WITHDRAW)).toEqual({
      kind: 'withdraw',
      host: 'sim.example',
      words: { id: 'route.withdraw', values: { host: 'sim.example' } },
    })
    expect(said('lnurlp://sim.example/.well-known/lnurlp/bob')).toEqual({
      kind: 'pay',
      host: 'sim.example',
      words: { id: 'route.pay', values: { host: 'sim.example' } },
    })
    expect(said(OPAQUE)).toEqual({
      kind: 'lnurl',
      host: 'service.example',
      words: { id: 'route.lnurl', values: { host: 'service.example' } },
    })
    expect(summarize(WITHDRAW)?.words).toEqual(saysEnglish('a withdraw link from sim.example'))
  })

  it('names nothing for text that is no recipient', () => {
    expect(summarize('hello')).toBeNull()
    expect(summarize(P2WPKH)).toBeNull()
  })
})
