// A payment from outside, made while the app sits on Home: the new balance shows within one tick
// of the sync loop, and the payment is announced once, without anyone pressing anything.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { wholeTick } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { fastPolling, navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await fastPolling(o) // a tick every 5 s
})
afterAll(() => o?.close())

const cardOf = (label: string) => o.page.getByRole('listitem', { name: `Wallet ${label}` })

test('a deposit from outside shows on Home within one tick, and is announced once', async () => {
  const w = o.sim.keys.wallets[0]!
  await waitVisible(o.page, w.label)
  await expect
    .poll(() => cardOf(w.label).textContent(), { timeout: 15_000 })
    .toContain(formatMsat(o.sim.control.balanceMsat(w.id)))
  // the first sync of the demo history is done, and told nothing
  await o.app.sync.idle()
  const before = o.booted.notifications.length
  await o.sim.control.payInbound(w.id, 4_321, 'from outside')
  const msat = o.sim.control.balanceMsat(w.id)
  const paidAt = Date.now()
  // one tick is 5 s here; the margin is for a busy machine, not for a second tick
  await expect.poll(() => cardOf(w.label).textContent(), { timeout: 9_000, interval: 100 }).toContain(formatMsat(msat))
  expect(Date.now() - paidAt).toBeLessThan(9_000)
  await expect.poll(() => o.booted.notifications.length - before, { timeout: 5_000 }).toBe(1)
  const shown = o.booted.notifications.at(-1)
  expect(shown?.title).toBe('Received 4,321 sats')
  expect(shown?.body).toBe(`from outside\nTo ${w.label}`)
  await wholeTick(o.app) // another tick: not told again
  expect(o.booted.notifications.length - before).toBe(1)
})

test('a payment from outside shows at the top of Transactions within one tick, while the list is open', async () => {
  const w = o.sim.keys.wallets[1]!
  await navTo(o.page, 'Transactions')
  await o.page.locator('li.history-row').first().waitFor()
  await o.app.sync.idle()
  await o.sim.control.payInbound(w.id, 2_468, 'seen in the list')
  const paidAt = Date.now()
  // the list is read again on ledger.updated: no Refresh, no navigation
  await expect
    .poll(() => o.page.locator('li.history-row').first().textContent(), { timeout: 9_000, interval: 100 })
    .toContain('seen in the list')
  expect(Date.now() - paidAt).toBeLessThan(9_000)
  const row = await o.page.locator('li.history-row').first().textContent()
  expect(row).toMatch(/^Received/)
  expect(row).toContain(formatMsat(2_468_000, { signed: true }))
  expect(row).toContain(w.label)
})
