// Settings with several accounts: each row's buttons name their account, so a screen reader's
// list of buttons is not "Switch to this account" twice. The visible words stay in the name.
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import Settings from '../../renderer/src/screens/Settings'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { installFakeWallet } from './fakeWallet'
import { account } from './fixtures'

test('switch and remove buttons carry the account label; the active one has no switch', () => {
  installFakeWallet()
  // zustand renders on the server from the store's initial state object, so the seed goes there
  const seeded = {
    accounts: [account('a1', 'Shop'), account('a2', 'Home & <b>'), account('a3', 'Café')],
    activeId: 'a1',
  }
  useAccounts.setState(seeded)
  Object.assign(useAccounts.getInitialState(), seeded)
  const html = renderToString(<Settings />)
  const buttons = (html.match(/<button[^>]*>[^<]*<\/button>/g) ?? []).filter((b) => /Switch|Remove/.test(b))
  const named = buttons.map((b) => [/aria-label="([^"]*)"/.exec(b)?.[1], />([^<]*)</.exec(b)?.[1]])
  expect(named).toEqual([
    ['Remove Shop…', 'Remove…'],
    ['Switch to this account: Home &amp; &lt;b&gt;', 'Switch to this account'],
    ['Remove Home &amp; &lt;b&gt;…', 'Remove…'],
    ['Switch to this account: Café', 'Switch to this account'],
    ['Remove Café…', 'Remove…'],
  ])
})
