// The app starts in Chromium, connected to the simulator, and shows the balances the service holds.

import { WalletList, walletBalanceMsat } from '@shared/schemas/service'
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
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
