// Main's events reach the screen: navigate (tray, notification click, lightning: link), notices,
// the connection state, and new balances.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await o.page.getByRole('listitem', { name: `Wallet ${o.sim.keys.wallets[0]!.label}` }).waitFor()
})
afterAll(() => o?.close())

test('navigate from main opens Send for a lightning: link, shown, and looked up at the press', async () => {
  const probes = () => o.sim.control.requests({ path: /\/lnurlp\/probe\// }).length
  const before = probes()
  o.booted.events.emit('navigate', { to: 'send', address: 'alice@sim.example' })
  await o.page.getByRole('region', { name: 'What arrived' }).waitFor({ timeout: 15_000 })
  expect(probes()).toBe(before)
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
  expect(await o.page.getByLabel('Lightning address').inputValue()).toBe('alice@sim.example')
  o.booted.events.emit('navigate', { to: 'home' })
  await waitVisible(o.page, 'Wallets')
})

test('a notice is shown as text and can be dismissed', async () => {
  o.booted.events.emit('notice', { level: 'warning', message: 'Settings file was <b>corrupt</b>; defaults used.' })
  await waitVisible(o.page, 'Settings file was <b>corrupt</b>; defaults used.')
  await o.page.getByRole('button', { name: 'Dismiss' }).click()
  await expect.poll(() => o.page.getByText('Settings file was').count()).toBe(0)
})

test('offline shows a banner; back online removes it and refreshes the balances', async () => {
  o.booted.events.emit('connection', {
    state: 'offline',
    reason: null,
    message: 'The wallet service cannot be reached.',
  })
  await waitVisible(o.page, 'The wallet service cannot be reached.')
  const w = o.sim.keys.wallets[0]!
  await o.sim.control.payInbound(w.id, 4321, 'while offline')
  o.booted.events.emit('connection', { state: 'online', reason: null, message: null })
  await expect.poll(() => o.page.getByText('The wallet service cannot be reached.').count()).toBe(0)
  const card = o.page.getByRole('listitem', { name: `Wallet ${w.label}` })
  await expect
    .poll(() => card.textContent(), { timeout: 15_000 })
    .toContain(formatMsat(o.sim.control.balanceMsat(w.id)))
})

test('wallets.updated from main repaints the balances', async () => {
  const w = o.sim.keys.wallets[0]!
  o.booted.events.emit('wallets.updated', {
    wallets: [{ id: w.id, label: w.label, balanceMsat: 1_234_567, createdAt: 1 }],
  })
  await expect.poll(() => o.page.getByTestId('total').textContent()).toBe('1,234.567 sats')
})
