// The service goes away while the app is open and comes back: the page says it cannot be reached,
// and once the service answers again the banner goes and the balances are fresh, with nothing
// clicked. The simulator really stops and starts again on the same port (same seed, same keys).
// A service that answers 5xx shows its own words in the same banner, gone once it recovers. A
// revoked key leads to Settings, where the new key replaces it and the banner goes.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { type OpenedApp, openApp } from '../harness'
import { fastPolling } from './support'

let o: OpenedApp
let back: SimulatorHandle | null = null
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(async () => {
  await back?.close()
  await o?.close()
})

test('offline banner while the service is down; back online it goes and the balances refresh', async () => {
  // while offline, main asks again every poll interval (the shortest here)
  await fastPolling(o)
  const w = o.sim.keys.wallets[0]!
  const card = o.page.getByRole('listitem', { name: `Wallet ${w.label}` })
  await expect
    .poll(() => card.textContent(), { timeout: 15_000 })
    .toContain(formatMsat(o.sim.control.balanceMsat(w.id)))
  const banner = o.page.getByRole('status').filter({ hasText: 'cannot be reached' })
  expect(await banner.count()).toBe(0)

  const port = Number(new URL(o.sim.url).port)
  await o.sim.close()
  await o.page.getByRole('button', { name: 'Refresh', exact: true }).click()
  await banner.waitFor({ timeout: 15_000 })
  expect(await banner.textContent()).toContain('Balances may be out of date')

  back = await startSimulator({ seed: 'demo', port })
  // money that arrived while the app could not look
  await back.control.payInbound(w.id, 4321, 'while away')
  const fresh = formatMsat(back.control.balanceMsat(w.id))
  expect(await card.textContent()).not.toContain(fresh)
  await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0)
  await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(fresh)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test('error banner while the service answers 5xx, in the same place as offline; it goes once the service recovers', async () => {
  const sim = back as SimulatorHandle
  const banner = o.page.getByRole('status').filter({ hasText: 'answering with errors' })
  expect(await banner.count()).toBe(0)
  sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'status', status: 503 })
  await o.page.getByRole('button', { name: 'Refresh', exact: true }).click()
  await banner.waitFor({ timeout: 15_000 })
  expect(await banner.textContent()).toBe(
    'The wallet service is answering with errors. Balances may be out of date; the app keeps trying.',
  )
  expect(await banner.getAttribute('class')).toBe('banner warning')
  // nothing clicked: the probe finds the service working again
  sim.control.clearFaults()
  await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test('a revoked key: the banner says so and takes the person to Settings, where the fix is', async () => {
  const sim = back as SimulatorHandle
  const banner = o.page.getByRole('status').filter({ hasText: 'refused' })
  const newKey = sim.control.replaceSecretKey() // revoked at the service; the app still holds the old one
  await o.page.getByRole('button', { name: 'Refresh', exact: true }).click()
  await banner.waitFor({ timeout: 15_000 })
  expect(await banner.textContent()).toBe(
    "The service refused this account's API key. It may have been revoked: make a new key on the wallet service, then use Replace key in Settings. Open Settings",
  )
  await banner.getByRole('button', { name: 'Open Settings' }).click()
  await o.page.getByRole('heading', { name: 'Settings' }).waitFor()
  // on Settings the banner stays, without a button to where the person already is
  expect(await banner.textContent()).not.toContain('Open Settings')

  // the fix: the new key given to the same account
  await o.page.getByRole('button', { name: /^Replace key for / }).click()
  const field = o.page.getByLabel('New API key')
  await field.fill('sak_not_the_new_key_0000')
  await o.page.getByRole('button', { name: 'Replace key', exact: true }).click()
  // a key the service refuses: said at the form, and the account's banner is still the old one
  await o.page.locator('form.replace-key [role="alert"]').waitFor()
  expect(await banner.count()).toBe(1)
  await field.fill(newKey)
  await o.page.getByRole('button', { name: 'Replace key', exact: true }).click()
  await o.page
    .getByRole('status')
    .filter({ hasText: `Key replaced: sak_…${newKey.slice(-4)}.` })
    .waitFor()
  // the banner goes without anything else pressed, and the key never reached the page
  await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0)
  expect(await o.page.content()).not.toContain(newKey)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
