// The Claim screen as first drawn, before any effect runs: a link that just arrived shows its host
// and a button, and nothing else; one on this computer shows the warning instead, unless it is on
// the active account's own service's server (the demo's voucher). (Both hosts of an
// offer, and the warning for a private callback, are checked in Chromium: test/e2e/journeys/
// outsideLinks.test.ts.)
import type { AccountView } from '@shared/contract'
import { encodeLnurl } from '@shared/lnurl'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import Claim from '../../renderer/src/screens/Claim'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { useClaim } from '../../renderer/src/stores/claim'

/** a server render reads a store's initial state: set both */
function seedAccounts(state: Pick<ReturnType<typeof useAccounts.getState>, 'accounts' | 'activeId'>) {
  useAccounts.setState(state)
  Object.assign(useAccounts.getInitialState(), state)
}
beforeEach(() => {
  useClaim.getState().reset()
  seedAccounts({ accounts: [], activeId: null })
})
/** the active account's service at `baseUrl` */
function serviceAt(baseUrl: string) {
  const account: AccountView = {
    id: 'acc',
    label: 'Demo',
    baseUrl,
    authMethod: 'header',
    keyHint: 'sak_…9f2c',
    storage: 'keychain',
  }
  seedAccounts({ accounts: [account], activeId: 'acc' })
}
const warned = (lnurl: string) => renderToString(<Claim lnurl={lnurl} />).includes('private-host-warning')
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")

test('a link from a public host: its host and one button to ask it', () => {
  const lnurl = encodeLnurl('https://sats.example/w/1')
  const html = renderToString(<Claim lnurl={lnurl} />)
  expect(text(html)).toContain('A withdraw link from sats.example. Nothing has been asked of sats.example yet.')
  expect(text(html)).toContain('Ask sats.example what it offers')
  expect(html).not.toContain('private-host-warning')
})

test('a link on this computer: the warning naming it, and its button, before anything is asked', () => {
  const lnurl = encodeLnurl('http://127.0.0.1:4210/w/1')
  const html = text(renderToString(<Claim lnurl={lnurl} />))
  expect(html).toContain('127.0.0.1:4210 is on this computer.')
  expect(html).toContain('Contact 127.0.0.1:4210 anyway')
  expect(html).not.toContain('what it offers')
})

test('a link on the active account’s own service’s server: no warning; any other private host: the warning', () => {
  serviceAt('http://localhost:4210/')
  // the service's server, however its loopback name is written
  expect(warned(encodeLnurl('http://127.0.0.1:4210/_outside/lnurlw/v1'))).toBe(false)
  expect(text(renderToString(<Claim lnurl={encodeLnurl('http://127.0.0.1:4210/w/1')} />))).toContain(
    'Ask 127.0.0.1:4210 what it offers',
  )
  // another port on this computer, another private host
  expect(warned(encodeLnurl('http://127.0.0.1:4211/w/1'))).toBe(true)
  expect(warned(encodeLnurl('https://192.168.1.5/w/1'))).toBe(true)
  serviceAt('https://192.168.1.5')
  expect(warned(encodeLnurl('https://192.168.1.5/w/1'))).toBe(false)
  expect(warned(encodeLnurl('https://192.168.1.6/w/1'))).toBe(true)
  expect(warned(encodeLnurl('https://192.168.1.5:8443/w/1'))).toBe(true)
  // no account: every private host warns
  seedAccounts({ accounts: [], activeId: null })
  expect(warned(encodeLnurl('http://127.0.0.1:4210/w/1'))).toBe(true)
})

test('a used-up or expired link offers no "Try again"; a link that could not be reached does', () => {
  const lnurl = encodeLnurl('https://sats.example/w/1')
  const shown = (error: { code: 'lnurl_error' | 'invalid_input' | 'network'; retryable: boolean }) => {
    useClaim.setState({ lnurl, readStatus: 'error', readError: { ...error, message: 'From the link.' } })
    Object.assign(useClaim.getInitialState(), useClaim.getState())
    return text(renderToString(<Claim lnurl={lnurl} />))
  }
  expect(shown({ code: 'lnurl_error', retryable: false })).not.toContain('Try again')
  expect(shown({ code: 'invalid_input', retryable: false })).not.toContain('Try again')
  expect(shown({ code: 'network', retryable: true })).toContain('Try again')
})
