// Journey 4: an invoice as a QR code that reads back to exactly the service's payment request,
// a countdown, "Waiting for payment", then "Paid" from the watcher; leaving does not stop it.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp, readQrFromPage } from '../harness'
import { fastPolling, mainCall, navTo, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await fastPolling(o)
})
afterAll(() => o?.close())

async function createInvoice(walletId: string, amount: string, memo: string) {
  await o.page.getByLabel('Wallet').selectOption(walletId)
  await o.page.getByLabel('Amount (sats)').fill(amount)
  await o.page.getByLabel('Memo (shown to the payer)').fill(memo)
  await o.page.getByRole('button', { name: 'Create invoice' }).click()
  await waitVisible(o.page, 'Waiting for payment')
  const list = await mainCall(o, 'invoices.list', {})
  if (!list.ok) throw new Error(list.error.message)
  const inv = (list.value as { invoices: Array<{ id: string; memo: string }> }).invoices.find((i) => i.memo === memo)
  if (!inv) throw new Error('the invoice is not being watched')
  return inv.id
}

test('the QR code is lightning: + the upper-cased payment request the service issued; paid turns to "Paid"', async () => {
  const w = o.sim.keys.wallets[0]!
  await navTo(o.page, 'Receive')
  await o.page.getByText('Advanced').click()
  await o.page.getByLabel('Expires after (minutes)').fill('30')
  const id = await createInvoice(w.id, '1,234', 'coffee <b>beans</b>')
  const ln = (await service(o, 'GET', `/v1/lntx/${id}`)).data as {
    payment_request: string
    num_satoshis: number
    expiry: number
  }
  expect(ln.num_satoshis).toBe(1234)
  expect(ln.expiry).toBe(1800)
  expect(await readQrFromPage(o.page, '.qr canvas')).toBe(`lightning:${ln.payment_request.toUpperCase()}`)
  await waitVisible(o.page, ln.payment_request)
  await waitVisible(o.page, 'coffee <b>beans</b>') // memo shown as text
  await waitVisible(o.page, /Expires in (29|30):\d\d/)
  expect(await o.page.getByRole('button', { name: 'Copy the payment request' }).isVisible()).toBe(true)

  await o.sim.control.settleInvoice(id)
  await waitVisible(o.page, /^Paid$/, 20_000)
  expect(await o.page.locator('.qr canvas').count()).toBe(0)
})

test('leaving the screen does not stop the watching: paid while away shows "Paid" on return', async () => {
  await o.page.getByRole('button', { name: 'New invoice' }).click()
  const w = o.sim.keys.wallets[1]!
  const id = await createInvoice(w.id, '500', 'while away')
  await navTo(o.page, 'Home')
  const before = o.booted.notifications.length
  await o.sim.control.settleInvoice(id)
  await expect.poll(() => o.booted.notifications.length, { timeout: 30_000 }).toBeGreaterThan(before)
  await navTo(o.page, 'Receive')
  await waitVisible(o.page, /^Paid$/)
  await waitVisible(o.page, 'while away')
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
