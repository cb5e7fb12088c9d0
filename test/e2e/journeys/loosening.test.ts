/// <reference lib="dom" />
// What loosens the lock asks for the app's passphrase in the page too (issue 41; docs/security.md,
// "What needs the passphrase"), at a tray popover's 360×600: with a lock set, Show balances on Home
// asks for it (a wrong one is said, the right one shows them), and a connected app with a
// 10,000,000-sat budget that never renews is made only once the form has been given it.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { type OpenedApp, openApp } from '../harness'
import { mainCall, navTo, waitVisible } from './support'

const PASSPHRASE = 'a desk with nobody at it'
let o: OpenedApp
let relay: TestRelay
beforeAll(async () => {
  relay = await startRelay()
  o = await openApp({ seed: 'demo', viewport: { width: 360, height: 600 } })
  const set = await mainCall(o, 'lock.set', { passphrase: PASSPHRASE })
  if (!set.ok) throw new Error(set.error.message)
})
afterAll(async () => {
  await o?.close()
  await relay?.close()
})

test('Show balances asks for the passphrase; a wrong one is said; the right one shows them', async () => {
  const { page } = o
  await navTo(page, 'Home')
  await page.getByRole('button', { name: 'Hide balances' }).click()
  // main has stored the hide (on a busy machine the press of Show could come before it)
  await expect.poll(() => o.app.settings.current().settings.hideBalances, { timeout: 30_000 }).toBe(true)
  await page.getByRole('button', { name: 'Show balances' }).click()
  await waitVisible(page, 'This change loosens the app lock or shows amounts', 30_000)
  // still hidden while it asks, on the page too: main refused the change
  expect(o.app.settings.current().settings.hideBalances).toBe(true)
  expect(await page.getByRole('button', { name: 'Show balances' }).count()).toBe(1)
  const field = page.getByLabel('App passphrase', { exact: true })
  await field.fill('somebody guessing')
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await waitVisible(page, 'That passphrase is not right.')
  expect(o.app.lock.status().failures).toBe(1)
  // the lock's back-off holds here too: wait it out, then the right one
  await expect.poll(() => o.app.lock.status().retryAt, { timeout: 5_000 }).toBeNull()
  await field.fill(PASSPHRASE)
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect.poll(() => page.getByLabel('App passphrase', { exact: true }).count(), { timeout: 30_000 }).toBe(0)
  expect(o.app.settings.current().settings.hideBalances).toBe(false)
  await page.getByRole('button', { name: 'Hide balances' }).waitFor({ timeout: 30_000 })
})

test('a connection with a 10,000,000-sat budget that never renews is made only with the passphrase', async () => {
  const { page } = o
  await navTo(page, 'Settings')
  await page.getByLabel('Relay', { exact: true }).fill(relay.url)
  await page.getByRole('button', { name: 'Save relay' }).click()
  await page.getByRole('button', { name: 'Connect an app' }).click()
  await page.getByLabel('App name').fill('Big spender')
  await page.getByLabel('Budget (sats)').fill('10000000')
  await page.getByLabel('Renews').selectOption('never')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await waitVisible(page, 'A connection that can pay more than the confirm limit needs the app’s passphrase.')
  expect(await page.getByLabel('Connection string', { exact: true }).count()).toBe(0)
  const form = page.getByRole('form', { name: 'Connect an app' })
  await form.getByLabel('App passphrase', { exact: true }).fill(PASSPHRASE)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  const box = page.getByLabel('Connection string', { exact: true })
  await box.waitFor({ timeout: 30_000 })
  expect(await box.inputValue()).toMatch(/^nostr\+walletconnect:\/\/[0-9a-f]{64}\?relay=/)
})
