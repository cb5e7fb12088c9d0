// The app starts in Chromium, connected to the simulator, and shows the balances the service holds.

import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WalletList, walletBalanceMsat } from '../../electron/main/services/backends/service/schemas'
import { type OpenedApp, openApp } from './harness'

let opened: OpenedApp

beforeAll(async () => {
  opened = await openApp({ seed: 'demo' })
})
afterAll(async () => {
  await opened?.close()
})

test('the first screen shows every wallet balance the simulator holds', async () => {
  // Ask the service directly (not through the app) what the balances are.
  const res = await fetch(`${opened.sim.url}/v1/wallets`, { headers: { 'X-Api-Key': opened.sim.keys.secret } })
  expect(res.status).toBe(200)
  const wallets = WalletList.parse(await res.json())
  expect(wallets.length).toBeGreaterThan(0)

  const { page } = opened
  const visible = (text: string) => page.getByText(text).first().isVisible()
  for (const wallet of wallets) {
    const balance = formatMsat(walletBalanceMsat(wallet), { unit: false })
    await expect.poll(() => visible(balance), { timeout: 15_000 }).toBe(true)
    if (wallet.user_label) await expect.poll(() => visible(wallet.user_label!), { timeout: 15_000 }).toBe(true)
  }
  expect(opened.pageErrors).toEqual([])
})

test('the first screen loads its code in one chunk: the entry, the bundler runtime and the messages', async () => {
  const { page } = opened
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('lt:first-balance').length)).toBe(1)
  // every script the page fetched before the first balance was on screen (electron.vite.config.ts:
  // the entry's static imports go in the entry chunk, not in small chunks shared with lazy screens)
  const scripts = await page.evaluate(() => {
    const shown = performance.getEntriesByName('lt:first-balance')[0]!.startTime
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < shown && /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
      .map((e) => new URL(e.name).pathname.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''))
      .sort()
  })
  expect(scripts).toEqual(['index', 'rolldown-runtime', 'runtime'])
})
