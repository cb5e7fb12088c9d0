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
  await o.page.getByLabel('Can be paid for').selectOption({ label: '10 minutes' })
  const id = await createInvoice(w.id, '1,234', 'coffee <b>beans</b>')
  const ln = (await service(o, 'GET', `/v1/lntx/${id}`)).data as {
    payment_request: string
    num_satoshis: number
    expiry: number
  }
  expect(ln.num_satoshis).toBe(1234)
  expect(ln.expiry).toBe(600)
  expect(await readQrFromPage(o.page, '.qr canvas')).toBe(`lightning:${ln.payment_request.toUpperCase()}`)
  await waitVisible(o.page, ln.payment_request)
  await waitVisible(o.page, 'coffee <b>beans</b>') // memo shown as text
  await waitVisible(o.page, /Expires in (9|10):\d\d/)
  await waitVisible(o.page, 'valid for 10 minutes')
  expect(await o.page.getByRole('button', { name: 'Copy the payment request' }).isVisible()).toBe(true)

  await o.sim.control.settleInvoice(id)
  await waitVisible(o.page, /^Paid$/, 20_000)
  expect(await o.page.locator('.qr canvas').count()).toBe(0)
  // paid: the request and its Copy button are of no more use
  await expect.poll(() => o.page.getByText(ln.payment_request).count()).toBe(0)
  expect(await o.page.getByRole('button', { name: 'Copy the payment request' }).count()).toBe(0)
})

test('at tray size a long memo folds: the whole QR shows in the window, centred in its column', async () => {
  await o.page.setViewportSize({ width: 360, height: 600 })
  await o.page.getByRole('button', { name: 'New invoice' }).click()
  const memo = 'A memo that explains the purchase at length, as some shops write them. '.repeat(7)
  await createInvoice(o.sim.keys.wallets[0]!.id, '2,100', memo.trim())
  const qr = o.page.locator('.qr')
  await qr.locator('canvas').waitFor()
  await o.page.evaluate(() => window.scrollTo(0, 0))
  const box = (await qr.boundingBox())!
  const column = (await o.page.getByRole('region', { name: 'Invoice', exact: true }).boundingBox())!
  expect(box.y + box.height, `QR ${JSON.stringify(box)}`).toBeLessThanOrEqual(600)
  const [left, right] = [box.x - column.x, column.x + column.width - (box.x + box.width)]
  expect(Math.abs(left - right), `QR ${JSON.stringify(box)} in ${JSON.stringify(column)}`).toBeLessThanOrEqual(1)
  await o.page.setViewportSize({ width: 420, height: 720 })
})

test('in a wide window the QR stands beside the words, and Check now shows without scrolling', async () => {
  await o.page.setViewportSize({ width: 1280, height: 800 })
  await o.page.getByRole('button', { name: 'New invoice' }).click()
  await createInvoice(o.sim.keys.wallets[0]!.id, '2,100', 'side by side')
  const shown = o.page.getByRole('region', { name: 'Invoice', exact: true })
  await shown.locator('.qr canvas').waitFor()
  await o.page.evaluate(() => window.scrollTo(0, 0))
  const qr = (await shown.locator('.qr').boundingBox())!
  const check = (await shown.getByRole('button', { name: 'Check now' }).boundingBox())!
  const words = (await shown.getByText('Waiting for payment').boundingBox())!
  expect(check.y + check.height, `Check now ${JSON.stringify(check)}`).toBeLessThanOrEqual(800)
  // two columns: the code and the words share rows instead of one under the other
  expect(qr.x >= words.x + words.width || qr.x + qr.width <= words.x, `QR ${JSON.stringify(qr)}`).toBe(true)
  expect(qr.y).toBeLessThan(check.y)
  await o.page.setViewportSize({ width: 420, height: 720 })
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

test('no amount: the payer chooses; an outside payer sends 1,234 sats and the screen shows Paid 1,234 sats', async () => {
  await o.page.getByRole('button', { name: 'New invoice' }).click()
  const w = o.sim.keys.wallets[2]!
  const before = o.sim.control.balanceMsat(w.id)
  // the default expiry is a day
  expect(await o.page.getByLabel('Can be paid for').inputValue()).toBe('86400')
  const id = await createInvoice(w.id, '', 'pay what you like')
  const ln = (await service(o, 'GET', `/v1/lntx/${id}`)).data as { num_satoshis: number; expiry: number }
  expect(ln).toMatchObject({ num_satoshis: 0, expiry: 86_400 })
  const shown = o.page.getByRole('region', { name: 'Invoice', exact: true })
  await expect.poll(() => shown.locator('.amount').textContent()).toBe('Any amount · pay what you like')
  await waitVisible(o.page, 'The payer chooses how much to send.')
  await waitVisible(o.page, /Expires in 2[34]:\d\d:\d\d/)
  const row = o.page.locator('.invoice-row', { hasText: 'pay what you like' })
  await expect.poll(() => row.locator('.amount').textContent()).toBe('Any amount')

  await o.sim.control.settleInvoice(id, 1234)
  await expect.poll(() => shown.getByRole('status').first().textContent(), { timeout: 20_000 }).toBe('Paid')
  await expect.poll(() => shown.locator('.amount').textContent()).toBe('1,234 sats · pay what you like')
  expect(await shown.textContent()).toMatch(/^Paid1,234 sats/)
  await expect.poll(() => row.locator('.amount').textContent()).toBe('1,234 sats')
  expect(o.sim.control.balanceMsat(w.id)).toBe(before + 1_234_000)
})

test('money arriving while a QR code is shown: the toast says so without covering the code', async () => {
  await o.page.setViewportSize({ width: 360, height: 600 })
  await o.page.getByRole('button', { name: 'New invoice' }).click()
  await createInvoice(o.sim.keys.wallets[0]!.id, '2,100', 'scan me')
  const code = o.page.locator('.qr canvas')
  const toast = o.page.getByTestId('arrival-toast')
  if (await toast.isVisible()) await toast.getByRole('button', { name: 'Dismiss' }).click()
  // the code as low as it goes and as high as it goes in the window: the toast clears it both ways
  for (const block of ['end', 'start'] as const) {
    await code.evaluate((el, b) => el.scrollIntoView({ block: b }), block)
    await o.sim.control.payInbound(o.sim.keys.wallets[1]!.id, 321, `from outside, ${block}`)
    await toast.waitFor({ timeout: 20_000 })
    const [c, t] = [(await code.boundingBox())!, (await toast.boundingBox())!]
    const overlaps = c.x < t.x + t.width && t.x < c.x + c.width && c.y < t.y + t.height && t.y < c.y + c.height
    expect(overlaps, `toast ${JSON.stringify(t)} over the code ${JSON.stringify(c)} (${block})`).toBe(false)
    expect(await toast.textContent()).toContain('Received 321 sats')
    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await toast.waitFor({ state: 'hidden' })
  }
  await o.page.setViewportSize({ width: 420, height: 720 })
})

test("a payer's long memo keeps the arrival toast to a few lines at tray size", async () => {
  await o.page.setViewportSize({ width: 360, height: 600 })
  await navTo(o.page, 'Home')
  const toast = o.page.getByTestId('arrival-toast')
  if (await toast.isVisible()) await toast.getByRole('button', { name: 'Dismiss' }).click()
  await o.sim.control.payInbound(o.sim.keys.wallets[0]!.id, 77, 'A memo the payer wrote at length. '.repeat(18))
  await toast.waitFor({ timeout: 20_000 })
  const box = (await toast.boundingBox())!
  const line = await toast.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 20)
  expect(box.height, `toast ${JSON.stringify(box)}`).toBeLessThanOrEqual(4 * line + 24)
  expect(await toast.getByRole('button', { name: 'Dismiss' }).isVisible()).toBe(true)
  await toast.getByRole('button', { name: 'Dismiss' }).click()
  await o.page.setViewportSize({ width: 420, height: 720 })
})
