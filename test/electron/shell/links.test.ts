import { encodeLnurl } from '@shared/lnurl'
import { describe, expect, it } from 'vitest'
import { lightningLinkFromArgv, linkAction } from '../../../electron/main/shell/links'
import { claimSingleInstance, registerProtocolClient } from '../../../electron/main/shell/singleInstance'
import { BOLT11_SPEC } from '../../shared/fixtures/bolt11Spec'

describe('lightning: links', () => {
  it('finds the link in a command line (Windows/Linux second instance)', () => {
    expect(lightningLinkFromArgv(['/usr/bin/lightning-tray', '--no-sandbox', 'lightning:alice@sim.example'])).toBe(
      'lightning:alice@sim.example',
    )
    expect(lightningLinkFromArgv(['app', 'LIGHTNING:LNURL1ABC'])).toBe('LIGHTNING:LNURL1ABC')
    expect(lightningLinkFromArgv(['app', '--flag', 'https://example.com'])).toBeNull()
    expect(lightningLinkFromArgv(['app', `lightning:${'x'.repeat(5000)}`])).toBeNull()
    expect(lightningLinkFromArgv(['app', 'bitcoin:bc1qexample?lightning=alice@sim.example'])).toBe(
      'bitcoin:bc1qexample?lightning=alice@sim.example',
    )
  })

  it('a bitcoin: link is paid through its lightning= request; an on-chain-only one is explained', () => {
    const P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    expect(linkAction(`bitcoin:${P2WPKH}?lightning=${BOLT11_SPEC.upperCase}`)).toEqual({
      kind: 'navigate',
      target: { to: 'send', address: BOLT11_SPEC.upperCase.toLowerCase() },
    })
    expect(linkAction(`bitcoin:${P2WPKH}?amount=0.001`)).toMatchObject({
      kind: 'notice',
      message: expect.stringMatching(/on-chain/),
    })
  })

  it('opens Send for a lightning address, normalised', () => {
    expect(linkAction('lightning:Alice@Sim.Example')).toEqual({
      kind: 'navigate',
      target: { to: 'send', address: 'alice@sim.example' },
    })
    expect(linkAction('lightning://bob@sim.example')).toEqual({
      kind: 'navigate',
      target: { to: 'send', address: 'bob@sim.example' },
    })
  })

  it('opens Send for an LNURL-pay, Claim for an LNURL-withdraw, and explains what it cannot do', () => {
    const pay = encodeLnurl('https://sim.example/.well-known/lnurlp/alice')
    expect(linkAction(`lightning:${pay}`)).toEqual({ kind: 'navigate', target: { to: 'send', address: pay } })
    const withdraw = encodeLnurl('https://sim.example/withdraw?tag=withdraw&k1=abc')
    expect(linkAction(`lightning:${withdraw}`)).toEqual({
      kind: 'navigate',
      target: { to: 'claim', lnurl: withdraw.toUpperCase() },
    })
    expect(linkAction('lightning:lnbc10n1pjexample')).toMatchObject({
      kind: 'notice',
      message: expect.stringMatching(/invoice/),
    })
    // a real invoice opens Send with it, lower case, where main reads it before anything is paid
    expect(linkAction(`lightning:${BOLT11_SPEC.upperCase}`)).toEqual({
      kind: 'navigate',
      target: { to: 'send', address: BOLT11_SPEC.upperCase.toLowerCase() },
    })
    const login = encodeLnurl('https://sim.example/auth?tag=login&k1=abc')
    expect(linkAction(`lightning:${login}`)).toMatchObject({
      kind: 'notice',
      level: 'info',
      message: expect.stringMatching(/login/),
    })
    expect(linkAction('lightning:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatchObject({
      kind: 'notice',
      message: expect.stringMatching(/on-chain/),
    })
    expect(linkAction('lightning:<script>alert(1)</script>')).toMatchObject({ kind: 'notice', level: 'warning' })
    expect(linkAction('lightning:LNURL1DAMAGED')).toMatchObject({
      kind: 'notice',
      message: expect.stringMatching(/damaged/),
    })
    expect(linkAction(`lightning:${'a'.repeat(4400)}`)).toMatchObject({
      kind: 'notice',
      message: expect.stringMatching(/too long/),
    })
  })
})

describe('single instance', () => {
  function fakeApp(lock: boolean) {
    const listeners = new Map<string, (...a: unknown[]) => void>()
    let quit = 0
    return {
      requestSingleInstanceLock: () => lock,
      on: (name: string, fn: (...a: unknown[]) => void) => listeners.set(name, fn),
      quit: () => {
        quit++
      },
      listeners,
      get quits() {
        return quit
      },
    }
  }

  it('the first instance keeps running and receives a second launch’s argv', () => {
    const app = fakeApp(true)
    const seen: (readonly string[])[] = []
    expect(claimSingleInstance(app as never, (argv) => seen.push(argv))).toBe(true)
    expect(app.quits).toBe(0)
    app.listeners.get('second-instance')?.({}, ['app', 'lightning:alice@sim.example'], '/cwd')
    expect(seen).toEqual([['app', 'lightning:alice@sim.example']])
  })

  it('a second instance quits at once and listens to nothing', () => {
    const app = fakeApp(false)
    expect(claimSingleInstance(app as never, () => {})).toBe(false)
    expect(app.quits).toBe(1)
    expect(app.listeners.size).toBe(0)
  })

  it('registers the protocol with the app path when run as `electron .`', () => {
    const calls: unknown[][] = []
    const app = {
      setAsDefaultProtocolClient: (...a: unknown[]) => calls.push(a) > 0,
      isDefaultProtocolClient: () => false,
    }
    registerProtocolClient(app as never, { scheme: 'lightning', defaultApp: true, execPath: '/e', appPath: '/src' })
    registerProtocolClient(app as never, { scheme: 'lightning', defaultApp: false, execPath: '/e', appPath: '/x' })
    expect(calls).toEqual([['lightning', '/e', ['/src']], ['lightning']])
  })
})
