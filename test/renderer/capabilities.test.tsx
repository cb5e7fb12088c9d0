// An NWC account cannot make withdraw links or a permanent QR: the tab, the wallet menu's entry
// and the Receive screen's choice are left out by the account's capability flags.
import { capabilitiesOf } from '@shared/contract'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { App } from '../../renderer/src/App'
import { screenAllowed } from '../../renderer/src/lib/capabilities'
import Receive from '../../renderer/src/screens/Receive'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { installFakeWallet } from './fakeWallet'
import { account } from './fixtures'

function seed(kind: 'service' | 'nwc') {
  installFakeWallet()
  const seeded = {
    accounts: [{ ...account('a1', 'Mine'), kind, capabilities: capabilitiesOf(kind) }],
    activeId: 'a1',
  }
  useAccounts.setState(seeded)
  Object.assign(useAccounts.getInitialState(), seeded)
}

afterEach(() => seed('service'))

test('a service account shows the withdraw tab and the permanent QR choice', () => {
  seed('service')
  expect(renderToString(<App />)).toContain('title="Withdraw')
  expect(renderToString(<Receive />)).toContain('Receive with')
})

test('an NWC account hides the withdraw tab, the permanent QR and the menu entry', () => {
  seed('nwc')
  expect(renderToString(<App />)).not.toContain('title="Withdraw')
  expect(renderToString(<Receive />)).not.toContain('Receive with')
  expect(capabilitiesOf('nwc')).toEqual({
    createWallets: false,
    withdrawLinks: false,
    vouchers: false,
    transfers: false,
    permanentQr: false,
    connectedApps: false,
  })
  // the wallet menu's entries go through the same filter
  expect(screenAllowed('withdraw', capabilitiesOf('nwc'))).toBe(false)
  expect(screenAllowed('receive', capabilitiesOf('nwc'))).toBe(true)
})

/** an LNbits account with these flags (the server render reads the store's initial state) */
function seedLnbits(capabilities: ReturnType<typeof capabilitiesOf>) {
  installFakeWallet()
  const seeded = { accounts: [{ ...account('a1', 'Mine'), kind: 'lnbits' as const, capabilities }], activeId: 'a1' }
  useAccounts.setState(seeded)
  Object.assign(useAccounts.getInitialState(), seeded)
}

test('an LNbits account of invoice keys only hides Send; with an admin key it shows it', () => {
  const receiveOnly = { ...capabilitiesOf('lnbits'), pays: false }
  seedLnbits(receiveOnly)
  expect(renderToString(<App />)).not.toContain('title="Send')
  expect(renderToString(<App />)).toContain('title="Receive')
  expect(screenAllowed('send', receiveOnly)).toBe(false)
  seedLnbits({ ...receiveOnly, pays: true })
  expect(renderToString(<App />)).toContain('title="Send')
  // a service account's flags say nothing of paying: it pays
  expect(screenAllowed('send', capabilitiesOf('service'))).toBe(true)
})
