// Journey 8: accounts (add, switch, remove), poll interval, notifications, theme, auth method, about.
// Removing the active account while another remains makes that one active and shows its Home
// (field report N1); the first-run screen is only for when no account is left.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { apiKeyName } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { type OpenedApp, openApp } from '../harness'
import { alertText, mainCall, navTo, waitVisible } from './support'

let o: OpenedApp
let other: SimulatorHandle
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  other = await startSimulator({ seed: 'empty' })
})
afterAll(async () => {
  await o?.close()
  await other?.close()
})

async function settings() {
  const r = await mainCall(o, 'settings.get', {})
  if (!r.ok) throw new Error(r.error.message)
  return r.value as { pollIntervalSec: number; notifications: boolean; theme: string }
}
const heading = () => o.page.locator('h1').first().textContent()
const tabBar = () => o.page.getByRole('navigation', { name: 'Main' })
async function accounts() {
  const r = await mainCall(o, 'accounts.list', {})
  if (!r.ok) throw new Error(r.error.message)
  return r.value as { accounts: Array<{ id: string; label: string; authMethod: string }>; activeId: string | null }
}

test("Settings' menu: each section one step from the top, by keyboard too", async () => {
  const p = o.page
  await p.setViewportSize({ width: 360, height: 600 })
  await navTo(p, 'Settings')
  const menu = p.getByRole('navigation', { name: 'Settings sections' })
  expect(await menu.getByRole('link').allTextContents()).toEqual([
    'Accounts',
    'Wallets',
    'Safety: lock, limits, backup',
    'Connected apps',
    'Preferences',
    'Desktop',
    'About',
  ])
  // the menu is the first thing under the title, inside the tray's first screen
  const box = await menu.boundingBox()
  expect(box!.y + box!.height).toBeLessThan(600)
  // one step: Enter on Safety brings the lock, then the limits and backup under it, and the focus
  await menu.getByRole('link', { name: 'Safety: lock, limits, backup' }).focus()
  await p.keyboard.press('Enter')
  await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('settings-safety')
  const lock = await p.locator('#settings-safety #lock-prefs').boundingBox()
  expect(lock!.y).toBeGreaterThanOrEqual(0)
  expect(lock!.y).toBeLessThan(120)
  for (const id of ['#limits-title', '#backup-title']) expect(await p.locator(`#settings-safety ${id}`).count()).toBe(1)
  // Tab goes on inside the section, not back at the top of the page
  await p.keyboard.press('Tab')
  expect(await p.evaluate(() => !!document.activeElement?.closest('#settings-safety'))).toBe(true)
  await p.evaluate(() => window.scrollTo(0, 0))
  await p.setViewportSize({ width: 420, height: 720 })
})

test('theme: dark and light apply at once and are saved', async () => {
  await navTo(o.page, 'Settings')
  const bg = () => o.page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await o.page.getByLabel('Dark').check()
  await expect.poll(() => o.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  expect(await bg()).toBe('rgb(21, 21, 26)')
  await expect.poll(async () => (await settings()).theme).toBe('dark')
  await o.page.getByLabel('Light').check()
  await expect.poll(bg).toBe('rgb(247, 247, 245)')
  await o.page.getByLabel('Same as the system').check()
  await expect.poll(async () => (await settings()).theme).toBe('system')
})

test('poll interval is checked and saved; notifications toggle is saved', async () => {
  await o.page.getByLabel('Check for payments every (seconds)').fill('2')
  await o.page.getByRole('button', { name: 'Save', exact: true }).click()
  expect(await alertText(o.page)).toContain('5 to 3600')
  expect((await settings()).pollIntervalSec).not.toBe(2)
  await o.page.getByLabel('Check for payments every (seconds)').fill('45')
  await o.page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect.poll(async () => (await settings()).pollIntervalSec).toBe(45)
  const before = (await settings()).notifications
  await o.page.getByLabel('Notify me when a payment arrives').click()
  await expect.poll(async () => (await settings()).notifications).toBe(!before)
})

test('about names the app, its version, where each key is and the keychain state', async () => {
  const info = await mainCall(o, 'app.info', {})
  if (!info.ok) throw new Error(info.error.message)
  const v = info.value as { name: string; version: string; keychain: string }
  expect(v.version).toBe(APP_VERSION)
  await waitVisible(o.page, `${v.name} ${v.version}`)
  await waitVisible(o.page, v.keychain)
  // the harness keeps the simulator account's key in memory: About says so, not "keychain"
  const { accounts: list } = await accounts()
  const row = o.page.locator('.field-row').filter({ hasText: `Key of ${list[0]!.label}` })
  expect(await row.locator('dd').textContent()).toBe('kept in memory for this session')
})

test('auth method per account is saved', async () => {
  const { activeId } = await accounts()
  // under Advanced, closed at first: the choice is not in plain view until opened
  const auth = o.page.locator(`#auth-${activeId}`)
  const advanced = o.page.locator('details.advanced').first()
  expect(await advanced.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false)
  expect(await auth.isVisible()).toBe(false)
  await advanced.getByText('Advanced', { exact: true }).click()
  expect(await auth.isVisible()).toBe(true)
  await auth.selectOption('basic')
  await expect.poll(async () => (await accounts()).accounts.find((a) => a.id === activeId)?.authMethod).toBe('basic')
  // still works with the new method
  await navTo(o.page, 'Home')
  await o.page.getByRole('button', { name: 'Refresh', exact: true }).click()
  await waitVisible(o.page, o.sim.keys.wallets[0]!.label)
  expect(await o.page.getByRole('alert').count()).toBe(0)
})

test('add a second account, switch between them, remove one (its key goes too)', async () => {
  const first = (await accounts()).activeId!
  await navTo(o.page, 'Settings')
  await o.page.getByRole('button', { name: 'Add an account' }).click()
  await waitVisible(o.page, 'Add an account')
  await o.page.getByLabel('Service address').fill(other.url)
  await o.page.getByLabel('API key').fill(other.keys.secret)
  await o.page.getByLabel('Name for this account (optional)').fill('Second')
  await o.page.getByRole('button', { name: 'Save and connect' }).click()
  await waitVisible(o.page, 'Second ·')
  await waitVisible(o.page, other.keys.wallets[0]!.label)
  const after = await accounts()
  expect(after.accounts).toHaveLength(2)

  // the same address and key again: refused, naming the account that has them
  await navTo(o.page, 'Settings')
  await o.page.getByRole('button', { name: 'Add an account' }).click()
  await o.page.getByLabel('Service address').fill(`${other.url}/`)
  await o.page.getByLabel('API key').fill(other.keys.secret)
  await o.page.getByLabel('Name for this account (optional)').fill('Again')
  await o.page.getByRole('button', { name: 'Save and connect' }).click()
  expect(await alertText(o.page)).toContain("This key is already connected as 'Second'.")
  expect((await accounts()).accounts).toHaveLength(2)
  await o.page.getByRole('button', { name: '← Home' }).click()
  const second = after.activeId!
  expect(second).not.toBe(first)

  await navTo(o.page, 'Settings')
  // each row's buttons name their account (a screen reader lists them out of their rows)
  const firstLabel = after.accounts.find((a) => a.id === first)!.label
  await o.page.getByRole('button', { name: `Switch to this account: ${firstLabel}`, exact: true }).click()
  await expect.poll(async () => (await accounts()).activeId).toBe(first)
  await navTo(o.page, 'Home')
  await waitVisible(o.page, o.sim.keys.wallets[0]!.label)

  await navTo(o.page, 'Settings')
  const row = o.page.getByRole('listitem').filter({ hasText: 'Second' })
  // a key kept in memory is forgotten, not deleted "from the keychain"
  await o.page.getByRole('button', { name: `Remove ${firstLabel}…`, exact: true }).click()
  await waitVisible(o.page, `Remove ${firstLabel} and forget its key (kept in memory for this session)?`)
  await o.page.getByRole('button', { name: `Keep ${firstLabel}`, exact: true }).click()
  await o.page.getByRole('button', { name: 'Remove Second…', exact: true }).click()
  await waitVisible(o.page, 'Remove Second and delete its key from the system keychain?')
  await row.getByRole('button', { name: 'Remove Second', exact: true }).click()
  await expect.poll(async () => (await accounts()).accounts.map((a) => a.id)).toEqual([first])
  expect(await o.booted.secretStore.get(apiKeyName(second))).toBeNull()
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test('removing the active account makes the other one active and shows its Home, not the first run', async () => {
  const first = (await accounts()).activeId!
  const demoWallet = o.sim.keys.wallets[0]!.label
  await navTo(o.page, 'Settings')
  await o.page.getByRole('button', { name: 'Add an account' }).click()
  await o.page.getByLabel('Service address').fill(other.url)
  await o.page.getByLabel('API key').fill(other.keys.secret)
  await o.page.getByLabel('Name for this account (optional)').fill('Second')
  await o.page.getByRole('button', { name: 'Save and connect' }).click()
  await waitVisible(o.page, other.keys.wallets[0]!.label)
  const second = (await accounts()).activeId!
  expect(second).not.toBe(first)

  await navTo(o.page, 'Settings')
  await o.page.getByRole('button', { name: 'Remove Second…', exact: true }).click()
  await o.page.getByRole('button', { name: 'Remove Second', exact: true }).click()

  await expect.poll(async () => (await accounts()).accounts.map((a) => a.id)).toEqual([first])
  expect((await accounts()).activeId).toBe(first)
  // Home of the account left, with the tab bar: never the first-run form
  await expect.poll(heading, { timeout: 15_000 }).not.toMatch(/Connect your wallet service|Settings/)
  await waitVisible(o.page, demoWallet)
  expect(await tabBar().isVisible()).toBe(true)
  expect(await o.page.getByText('Connect your wallet service').count()).toBe(0)
  expect(await tabBar().getByRole('button', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page')
  // and it stays so after a reload
  await o.page.reload()
  await waitVisible(o.page, demoWallet)
  expect(await tabBar().isVisible()).toBe(true)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test('desktop: tray total and start at login are saved; a malformed shortcut is refused with a reason', async () => {
  await navTo(o.page, 'Settings')
  await o.page.getByLabel('Show the total balance on the tray icon').uncheck()
  await expect.poll(settings).toMatchObject({ trayTotal: false })
  await o.page.getByLabel('Open the app when I log in').check()
  await expect.poll(settings).toMatchObject({ openAtLogin: true })
  const field = o.page.getByLabel('Shortcut to open the app from anywhere (empty for none)')
  await field.fill('Ctrl+Shift+ ')
  await o.page.getByRole('button', { name: 'Save shortcut' }).click()
  expect(await alertText(o.page)).toContain('Write a shortcut like CommandOrControl+Shift+L')
  await field.fill('CommandOrControl+Alt+K')
  await o.page.getByRole('button', { name: 'Save shortcut' }).click()
  await expect.poll(settings).toMatchObject({ shortcut: 'CommandOrControl+Alt+K' })
  // the browser preview has no popover: no pin is offered
  expect(await o.page.getByLabel('Keep this window open when I click elsewhere').count()).toBe(0)
})

test('removing the last account leads to the first-run screen', async () => {
  const { activeId } = await accounts()
  await navTo(o.page, 'Settings')
  const label = (await accounts()).accounts.find((a) => a.id === activeId)!.label
  await o.page.getByRole('button', { name: `Remove ${label}…`, exact: true }).click()
  await o.page.getByRole('button', { name: `Remove ${label}`, exact: true }).click()
  await expect.poll(heading, { timeout: 15_000 }).toBe('Connect your wallet service')
  expect((await accounts()).activeId).toBeNull()
  expect(await tabBar().count()).toBe(0)
})
