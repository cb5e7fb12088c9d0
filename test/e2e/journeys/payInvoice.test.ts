// Journey: pay an outside Lightning invoice, pasted, scanned from an image and through a
// `lightning:` link; an expired one, an amountless one, one above the balance, one already paid.
// A double click pays once, and the receipt shows the fee the service charged.
import { formatMsat } from '@shared/units'
import QRCode from 'qrcode'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { linkAction } from '../../../electron/main/shell/links'
import { type OpenedApp, openApp } from '../harness'
import { alertText, navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())
beforeEach(async () => {
  o.sim.control.clearFaults()
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Send')
})

const withdrawals = () => o.sim.control.requests({ method: 'POST', path: /\/withdraw$/ }).length
const invoice = (spec: Parameters<OpenedApp['sim']['control']['outside']['payee']>[0]) =>
  o.sim.control.outside.payee(spec).payment_request

async function paste(pr: string) {
  await o.page.getByLabel('Lightning address or invoice').fill(pr)
  await o.page.getByRole('button', { name: 'Look up' }).click()
}

/** The confirmation leads with the amount, larger than any other row, and shows the node id by its ends until asked. */
async function payeeReadable(card: string) {
  const node = card.match(/0[23][0-9a-f]{64}/)?.[0] ?? ''
  const confirm = o.page.locator('.confirm')
  expect(await confirm.textContent()).not.toContain(node)
  const sizes = await confirm
    .locator('dd')
    .evaluateAll((dds) =>
      dds.map((dd) =>
        Math.max(...[dd, ...dd.querySelectorAll('*')].map((e) => Number.parseFloat(getComputedStyle(e).fontSize))),
      ),
    )
  const lead = Number.parseFloat(await confirm.locator('.lead-amount').evaluate((e) => getComputedStyle(e).fontSize))
  expect(sizes.filter((s) => s >= lead)).toHaveLength(1)
  await confirm.getByRole('button', { name: 'Show all 66 characters' }).click()
  expect(await confirm.textContent()).toContain(node)
}

/** From the invoice card to the receipt, with a double click on Send now; the fee on the receipt. */
async function confirmAndPay(amountSat: number, memo: string) {
  const w = o.sim.keys.wallets[0]!
  const card = o.page.getByRole('region', { name: 'Invoice' })
  await card.waitFor({ timeout: 15_000 })
  const short = (await card.textContent()) ?? ''
  expect(short).toContain(formatMsat(amountSat * 1000))
  expect(short).toContain(memo)
  // the node id by its ends, as on the confirmation, until asked
  expect(short).toMatch(/Payee\s*0[23][0-9a-f]{6}…[0-9a-f]{8}Show all 66 characters/)
  await card.getByRole('button', { name: 'Show all 66 characters' }).click()
  const text = (await card.textContent()) ?? ''
  expect(text).toMatch(/Payee\s*0[23][0-9a-f]{64}/)
  await o.page.getByLabel('Wallet').selectOption(w.id)
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, 'Confirm payment')
  const confirm = (await o.page.locator('.confirm').textContent()) ?? ''
  expect(confirm).toContain(`at most ${formatMsat(Math.max(1, Math.ceil(amountSat / 1000)) * 1000)}`)
  expect(confirm).toContain('Total')
  await payeeReadable(text)
  const before = o.sim.control.balanceMsat(w.id)
  const sent = withdrawals()
  const sendNow = o.page.getByRole('button', { name: 'Send now' })
  await sendNow.dblclick()
  await sendNow.click({ force: true, timeout: 2000 }).catch(() => {})
  await waitVisible(o.page, /^Sent$/)
  expect(withdrawals()).toBe(sent + 1)
  const fee = before - o.sim.control.balanceMsat(w.id) - amountSat * 1000
  expect(fee).toBeGreaterThan(0)
  const receipt = (await o.page.getByRole('status').filter({ hasText: 'Sent' }).textContent()) ?? ''
  expect(receipt).toContain(`Fee${formatMsat(fee)}`)
  expect(receipt).toContain(memo)
  expect(receipt).toMatch(/Preimage/)
  await o.page.getByRole('button', { name: 'Done' }).click()
}

test('a pasted invoice: read, confirmed with its fee, paid once on a double click', async () => {
  await paste(invoice({ amountSat: 2100, memo: 'Concert ticket' }))
  await confirmAndPay(2100, 'Concert ticket')
})

test('an invoice scanned from an image', async () => {
  await navTo(o.page, 'Scan')
  const png = await QRCode.toBuffer(invoice({ amountSat: 1500, memo: 'Scanned' }).toUpperCase(), { scale: 4 })
  await o.page.locator('#scan-file').setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: png })
  await confirmAndPay(1500, 'Scanned')
})

test('an invoice through a lightning: link', async () => {
  const action = linkAction(`lightning:${invoice({ amountSat: 1200, memo: 'Linked' })}`)
  expect(action.kind).toBe('navigate')
  if (action.kind === 'navigate') o.booted.events.emit('navigate', action.target)
  await confirmAndPay(1200, 'Linked')
})

test('an expired invoice and an amountless one are explained, and nothing is sent', async () => {
  const sent = withdrawals()
  await paste(invoice({ amountSat: 100, expired: true }))
  await expect.poll(() => alertText(o.page)).toContain('This invoice has expired')
  await paste(invoice({ amountSat: null }))
  await expect.poll(() => alertText(o.page)).toContain('has no amount')
  // one error at a time: the new one replaced the old
  expect(await o.page.getByRole('alert').count()).toBe(1)
  expect(withdrawals()).toBe(sent)
})

test('one above the balance with its fee: plain words before confirming, nothing sent', async () => {
  const w = o.sim.keys.wallets[0]!
  const sats = Math.floor(o.sim.control.balanceMsat(w.id) / 1000) // the fee does not fit on top
  const sent = withdrawals()
  await paste(invoice({ amountSat: sats }))
  await o.page.getByRole('region', { name: 'Invoice' }).waitFor({ timeout: 15_000 })
  await o.page.getByLabel('Wallet').selectOption(w.id)
  await o.page.getByRole('button', { name: 'Review' }).click()
  const alert = await alertText(o.page)
  expect(alert).toMatch(
    /^Not enough in .+: [\d,]+ sats, this needs up to [\d,]+ sats with the fee\. ?Choose a smaller amount or another wallet, or receive funds first\.$/,
  )
  expect(withdrawals()).toBe(sent)
})

test('one already paid: the refusal in plain words', async () => {
  await paste(invoice({ amountSat: 50, paidElsewhere: true }))
  await o.page.getByRole('region', { name: 'Invoice' }).waitFor({ timeout: 15_000 })
  await o.page.getByRole('button', { name: 'Review' }).click()
  await o.page.getByRole('button', { name: 'Send now' }).click()
  const alert = await alertText(o.page)
  expect(alert).toContain('someone may have paid this invoice already')
  expect(alert).not.toMatch(/FAILURE_REASON/)
})
