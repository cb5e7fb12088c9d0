// Receive's list of invoices: the watcher's invoices stay visible after leaving the screen and
// after the window reloads, "Check now" asks the service at once, and an invoice opened again
// from the list shows the same QR code and turns "Paid" live.
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp, readQrFromPage } from '../harness'
import { mainCall, navTo, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  // The slowest poll: besides "Check now" and the focus of a shown invoice (2 s), only the ticks
  // an invoice made minutes ago still gets can find a payment, and the "Check now" test stops those.
  const r = await mainCall(o, 'settings.update', { pollIntervalSec: 3600 })
  expect(r.ok).toBe(true)
})
afterAll(() => o?.close())

/**
 * A click once the screen has what it asked for (its list, the wallets, what the account can do):
 * a load that lands between Playwright's aim and its click moves or replaces what it aimed at.
 */
async function click(target: Locator) {
  await o.settled()
  await target.click()
}

const list = () => o.page.getByRole('region', { name: 'Recent invoices' })
const row = (memo: string) => list().getByRole('listitem').filter({ hasText: memo })
const rowText = async (memo: string) => (await row(memo).textContent()) ?? ''

async function createInvoice(walletId: string, amount: string, memo: string) {
  await o.page.getByLabel('Wallet').selectOption(walletId)
  await o.page.getByLabel('Amount (sats)').fill(amount)
  await o.page.getByLabel('Memo (shown to the payer)').fill(memo)
  await click(o.page.getByRole('button', { name: 'Create invoice' }))
  await o.page.getByRole('region', { name: 'Invoice', exact: true }).getByText('Waiting for payment').waitFor()
  const r = await mainCall(o, 'invoices.list', {})
  if (!r.ok) throw new Error(r.error.message)
  const inv = (r.value as { invoices: Array<{ id: string; memo: string }> }).invoices.find((i) => i.memo === memo)
  if (!inv) throw new Error('the invoice is not being watched')
  return inv.id
}

let firstId: string
let secondId: string

test('two invoices made, the screen left and opened again: both are listed as pending, newest first', async () => {
  const wallets = o.sim.keys.wallets
  await navTo(o.page, 'Receive')
  await waitVisible(o.page, 'No invoices yet.')
  firstId = await createInvoice(wallets[0]!.id, '1,111', 'first <i>invoice</i>')
  await click(o.page.getByRole('button', { name: 'New invoice' }))
  // a minute later by the service's clock, so "newest first" has one right answer
  o.sim.control.clock.advance(60)
  secondId = await createInvoice(wallets[1]!.id, '2,222', 'second invoice')

  await navTo(o.page, 'Home')
  await navTo(o.page, 'Receive')
  await expect.poll(() => list().getByRole('listitem').count()).toBe(2)
  expect(await list().getByRole('listitem').first().textContent()).toContain('second invoice')
  const first = await rowText('first <i>invoice</i>') // the memo as text, not markup
  expect(first).toMatch(/1,111 sats/)
  expect(first).toMatch(/Pending · expires in 23:59:\d\d|Pending · expires in 24:00:00/)
  expect(first).toContain(wallets[0]!.label)
  const second = await rowText('second invoice')
  expect(second).toMatch(/2,222 sats/)
  expect(second).toContain('Pending · expires in')
  expect(second).toContain(wallets[1]!.label)
  expect(firstId).not.toBe(secondId)
})

test('after a reload (a new renderer, as after a restart) the watcher’s invoices are listed again', async () => {
  await o.page.reload()
  await waitVisible(o.page, o.sim.keys.wallets[0]!.label)
  await navTo(o.page, 'Receive')
  await o.page.getByRole('button', { name: 'Create invoice' }).waitFor() // the form: nothing is open
  await expect.poll(() => list().getByRole('listitem').count(), { timeout: 15_000 }).toBe(2)
  expect(await rowText('first <i>invoice</i>')).toContain('Pending')
  expect(await rowText('second invoice')).toContain('Pending')
})

test('paid through the service: "Check now" turns it Paid in the list without a reload', async () => {
  // These invoices are minutes old, so the loop still ticks every few seconds for them: on a busy
  // machine one of its ticks could find the payment between the settle and the click. Its ticks
  // start with the balances, so while those fail only the click can find it.
  const account = o.app.accounts.list().accounts[0]!.id
  o.sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'status', status: 500 })
  await o.sim.control.settleInvoice(firstId)
  // a tick of the loop came and went (then backs off): it did not find the payment
  const before = o.app.sync.ticks(account)
  await expect.poll(() => o.app.sync.ticks(account), { timeout: 15_000 }).toBeGreaterThan(before)
  await o.app.sync.idle()
  expect(await rowText('first <i>invoice</i>')).toContain('Pending')
  o.sim.control.resetRequests()
  await click(row('first <i>invoice</i>').getByRole('button', { name: 'Check now' }))
  await expect.poll(() => rowText('first <i>invoice</i>'), { timeout: 15_000 }).toMatch(/Paid at /)
  // the click asked the service about this invoice
  expect(o.sim.control.requests({ method: 'GET', path: new RegExp(`/v1/lntx/${firstId}`) }).length).toBeGreaterThan(0)
  // the loop as before: its failures forgotten by a tick that reads the balances again
  o.sim.control.clearFaults()
  const ticks = o.app.sync.ticks(account)
  o.app.sync.nudge(account)
  await expect.poll(() => o.app.sync.ticks(account), { timeout: 15_000 }).toBeGreaterThan(ticks)
  await o.app.sync.idle()
  expect(await row('first <i>invoice</i>').getByRole('button', { name: 'Check now' }).count()).toBe(0)
  // still payable ones come first
  expect(await list().getByRole('listitem').first().textContent()).toContain('second invoice')
  expect(await rowText('second invoice')).toContain('Pending')
})

test('the other one opened again: the same QR code, "Waiting for payment", then "Paid" live', async () => {
  await click(row('second invoice').getByRole('button', { name: 'Show QR' }))
  const shown = o.page.getByRole('region', { name: 'Invoice', exact: true })
  await shown.getByText('Waiting for payment').waitFor()
  const ln = (await service(o, 'GET', `/v1/lntx/${secondId}`)).data as { payment_request: string }
  expect(await readQrFromPage(o.page, '.qr canvas')).toBe(`lightning:${ln.payment_request.toUpperCase()}`)
  expect(await shown.getByText('second invoice').count()).toBe(1)
  expect(await row('second invoice').getAttribute('aria-current')).toBe('true')

  // polling is hourly: only the focus that the shown invoice asks for finds this payment
  await o.sim.control.settleInvoice(secondId)
  await expect.poll(() => shown.getByRole('status').first().textContent(), { timeout: 20_000 }).toBe('Paid')
  await expect.poll(() => rowText('second invoice')).toMatch(/Paid at /)
  expect(await o.page.locator('.qr canvas').count()).toBe(0)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
