// Moving sats between one's own wallets from Settings: reviewed, then a double click on Confirm
// moves them once (one request at the service), both balances change by exactly the amount, and
// the move shows in the history in plain words without any sync (its rows go into the ledger).
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

const balance = async (id: string) => (await service(o, 'GET', `/v1/wallet/${id}`)).data.balance_msat as number

test('a transfer between two wallets: confirmed once, moved once, shown in the history', async () => {
  const from = o.sim.keys.wallets[0]!
  const to = o.sim.keys.wallets[1]!
  const before = [await balance(from.id), await balance(to.id)]
  o.sim.control.resetRequests()
  await navTo(o.page, 'Settings')
  await o.page.locator('#move-from').selectOption(from.id)
  await o.page.locator('#move-to').selectOption(to.id)
  await o.page.getByLabel('Amount (sats)').fill('1,234')
  await o.page.getByLabel('Memo (optional)').fill('Holiday fund')
  await o.page.getByRole('button', { name: 'Review move' }).click()
  await waitVisible(o.page, `Move ${formatMsat(1_234_000)} from ${from.label} to ${to.label}`)
  expect(o.sim.control.requests({ path: /\/transfer$/ })).toHaveLength(0)
  await o.page.getByRole('button', { name: 'Confirm move' }).dblclick()
  await waitVisible(o.page, `Moved ${formatMsat(1_234_000)} from ${from.label} to ${to.label}.`)
  expect(o.sim.control.requests({ path: /\/transfer$/ })).toHaveLength(1)
  expect([await balance(from.id), await balance(to.id)]).toEqual([before[0]! - 1_234_000, before[1]! + 1_234_000])
  // Home shows the new balances without a refresh
  await navTo(o.page, 'Home')
  await waitVisible(o.page, formatMsat(before[1]! + 1_234_000))

  await navTo(o.page, 'Transactions')
  await o.page.getByLabel('Search').fill('holiday')
  await waitVisible(o.page, 'Page 1 of 1 · 2 transactions')
  const texts = await o.page.locator('li.history-row').allTextContents()
  expect(
    texts.some((t) => t.includes(`Moved to ${to.label}`) && t.includes(formatMsat(-1_234_000, { signed: true }))),
  ).toBe(true)
  expect(
    texts.some((t) => t.includes(`Moved from ${from.label}`) && t.includes(formatMsat(1_234_000, { signed: true }))),
  ).toBe(true)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test('a new wallet is made; its keys are shown only when asked, then hidden', async () => {
  await navTo(o.page, 'Settings')
  await o.page.getByLabel('Wallet name').fill('Gifts')
  await o.page.getByLabel(/Show its access keys once/).check()
  await o.page.getByRole('button', { name: 'Make wallet' }).click()
  await waitVisible(o.page, 'Made the wallet Gifts.')
  const shown = await o.page.locator('.keys code').allTextContents()
  expect(shown.length).toBeGreaterThanOrEqual(5)
  const listed = (await service(o, 'GET', '/v1/wallets')).data as Array<{ user_label: string }>
  expect(listed.map((w) => w.user_label)).toContain('Gifts')
  await o.page.getByRole('button', { name: 'Hide keys' }).click()
  await expect.poll(() => o.page.locator('.keys code').count()).toBe(0)
  // nothing of them in what main logged
  const logs = JSON.stringify(o.booted.logs)
  for (const k of shown) expect(logs.includes(k)).toBe(false)
})
