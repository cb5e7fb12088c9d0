// openApp with the real keychain (gnome-keyring under scripts/with-keyring.sh): the account's key
// goes to the Secret Service, and the app in Chromium works from it.
import keytar from 'keytar'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from './harness'

let opened: OpenedApp

beforeAll(async () => {
  opened = await openApp({ seed: 'demo', secretStore: 'keychain' })
})
afterAll(async () => {
  const service = opened?.booted.keychainService
  await opened?.close()
  if (service) for (const c of await keytar.findCredentials(service)) await keytar.deletePassword(service, c.account)
})

test('the key is in the system keychain, not in memory, and the first screen shows the wallets', async () => {
  const service = opened.booted.keychainService
  expect(service).toMatch(/^lightning-tray-test-/)
  const stored = await keytar.findCredentials(service!)
  expect(stored.map((c) => c.password)).toEqual([opened.sim.keys.secret])

  const accounts = await opened.app.router.handle('accounts.list', {})
  expect(accounts).toMatchObject({ ok: true, value: { accounts: [{ storage: 'keychain' }] } })

  const label = opened.sim.keys.wallets[0]!.label
  await expect.poll(() => opened.page.getByText(label).first().isVisible(), { timeout: 15_000 }).toBe(true)
})
