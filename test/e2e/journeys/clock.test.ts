// Journey: a computer whose clock is 25 hours ahead (main and the page alike), the service on the
// true time. A fresh 24-hour invoice shows "Waiting for payment" with its whole day left, not
// "Expired", then "Paid"; Settings says in one line that the clock is off; withdraw links are
// not shown old.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { fastPolling, mainCall, navTo, waitVisible } from './support'

const AHEAD_MS = 25 * 3_600_000
let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo', clockOffsetMs: AHEAD_MS })
  await fastPolling(o)
})
afterAll(() => o?.close())

test("the page's clock and main's are both a day ahead of the service's", async () => {
  const pageNow = await o.page.evaluate(() => Date.now())
  expect(pageNow - Date.now()).toBeGreaterThan(AHEAD_MS - 60_000)
  // main learns the service's clock from its answers and gives the page the offset
  await expect
    .poll(async () => {
      const r = await mainCall(o, 'accounts.list', {})
      return r.ok
        ? (r.value as { accounts: Array<{ clockOffsetSec: number | null }> }).accounts[0]?.clockOffsetSec
        : null
    })
    .toBeLessThan(-(AHEAD_MS / 1000) + 5)
})

test('a fresh invoice shows pending with its 24 hours left, not Expired; then Paid', async () => {
  const w = o.sim.keys.wallets[0]!
  await navTo(o.page, 'Receive')
  await o.page.getByLabel('Wallet').selectOption(w.id)
  await o.page.getByLabel('Amount (sats)').fill('2,400')
  await o.page.getByLabel('Memo (shown to the payer)').fill('A day ahead')
  await o.page.getByRole('button', { name: 'Create invoice' }).click()
  await waitVisible(o.page, 'Waiting for payment')
  await waitVisible(o.page, /Expires in 2[34]:\d\d:\d\d/)
  const section = o.page.getByRole('region', { name: 'Invoice', exact: true })
  expect(await section.textContent()).not.toMatch(/Expired|expired/)
  // the list below says the same
  const row = o.page.locator('ul.invoices li').filter({ hasText: 'A day ahead' })
  await expect.poll(() => row.getAttribute('data-status')).toBe('pending')
  expect(await row.textContent()).toMatch(/Pending · expires in 2[34]:\d\d:\d\d/)

  const list = await mainCall(o, 'invoices.list', {})
  const inv = (list.ok ? (list.value as { invoices: Array<{ id: string; memo: string }> }).invoices : []).find(
    (i) => i.memo === 'A day ahead',
  )
  expect(inv).toBeDefined()
  await o.sim.control.settleInvoice(inv!.id)
  await waitVisible(o.page, /^Paid$/, 20_000)
})

test("Settings says in one line that this computer's clock is a day ahead; nothing is blocked", async () => {
  await navTo(o.page, 'Settings')
  await waitVisible(
    o.page,
    "This computer's clock is 25 hours ahead of this service's; the app goes by the service's clock.",
  )
})
