// Settings says where each account's key really is: About has a line per account (not one
// "Keychain: available" for all), and removing an account promises what will happen to its key.
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { removeQuestion } from '../../renderer/src/lib/keyStorage'
import Settings from '../../renderer/src/screens/Settings'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { useSettings } from '../../renderer/src/stores/settings'
import { installFakeWallet } from './fakeWallet'
import { account } from './fixtures'

// zustand renders on the server from the store's initial state object, so the seed goes there too.
function seed<T extends object>(store: { setState(p: Partial<T>): void; getInitialState(): T }, state: Partial<T>) {
  store.setState(state)
  Object.assign(store.getInitialState(), state)
}

const everyday = account('a1', 'Everyday')
const side = { ...account('a2', 'Side shop'), storage: 'memory' as const }

beforeEach(() => {
  installFakeWallet()
  seed(useAccounts, { accounts: [everyday, side], activeId: side.id })
  seed(useSettings, {
    info: { name: 'Lightning Tray', version: '0.1.0', platform: 'linux', preview: false, keychain: 'available' },
  })
})

/** About's rows as [term, description] pairs, tags stripped */
function aboutRows(html: string): string[][] {
  const about = html.slice(html.indexOf('>About<'))
  const text = (s: string) => s.replace(/<[^>]*>/g, '').replace(/&#x27;/g, "'")
  return [...about.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map((m) => [text(m[1]!), text(m[2]!)])
}

test("About says per account where its key is, and the system keychain's state by that name", () => {
  expect(aboutRows(renderToString(<Settings />))).toEqual([
    ['App', 'Lightning Tray 0.1.0'],
    ['Platform', 'linux'],
    ['Key of Everyday', 'in the system keychain'],
    ['Key of Side shop', 'kept in memory for this session'],
    ['System keychain', 'available'],
  ])
})

test('each account row says where its key is', () => {
  const html = renderToString(<Settings />)
  expect(html).toContain('key in the system keychain')
  expect(html).toContain('key kept in memory for this session')
})

test('removing promises to delete a keychain key there, and to forget a key kept in memory', () => {
  expect(removeQuestion(everyday)).toBe('Remove Everyday and delete its key from the system keychain?')
  expect(removeQuestion(side)).toBe('Remove Side shop and forget its key (kept in memory for this session)?')
  expect(removeQuestion(side)).not.toContain('keychain')
})
