// A lightning address's success action on the Send receipt (LUD-09): a message and a decrypted
// secret shown as text (HTML in it stays text), a link shown with its description and opened only on "Open link", through main.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

async function payTo(address: string, successAction: unknown) {
  o.sim.control.addRecipient({
    address,
    description: 'Corner shop',
    minSendableMsat: 1000,
    maxSendableMsat: 10_000_000,
    commentAllowed: 0,
    successAction,
  })
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Send')
  await o.page.getByLabel('Lightning address').fill(address)
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor()
  await o.page.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
  await o.page.getByLabel('Amount (sats)').fill('21')
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, 'Confirm payment')
  await o.page.getByRole('button', { name: 'Send now' }).click()
  await waitVisible(o.page, /^Sent$/)
  return o.page.getByRole('status').filter({ hasText: 'Sent' })
}

test('the receipt shows the recipient message as plain text', async () => {
  const receipt = await payTo('shop@sim.example', { tag: 'message', message: 'Thanks! <b>Order 12</b> ships today.' })
  expect(await receipt.textContent()).toContain('From the recipientThanks! <b>Order 12</b> ships today.')
  expect(await receipt.locator('b').count()).toBe(0)
  await o.page.getByRole('button', { name: 'Done' }).click()
})

test('the receipt shows a link with its description, opened only on request', async () => {
  const receipt = await payTo('tickets@sim.example', {
    tag: 'url',
    description: 'Your ticket',
    url: 'https://tickets.example/t/12',
  })
  const text = (await receipt.textContent()) ?? ''
  expect(text).toContain('Your ticket')
  expect(text).toContain('https://tickets.example/t/12')
  expect(await receipt.locator('a').count()).toBe(0)
  expect(o.booted.openedLinks).toEqual([])
  await receipt.getByRole('button', { name: 'Open link' }).click()
  await expect.poll(() => o.booted.openedLinks).toEqual(['https://tickets.example/t/12'])
  await o.page.getByRole('button', { name: 'Done' }).click()
})

test('the receipt shows a secret decrypted with the preimage as text', async () => {
  const receipt = await payTo('door@sim.example', { tag: 'aes', description: 'Door code', plaintext: '4711#' })
  expect(await receipt.textContent()).toContain('Door code4711#')
  await o.page.getByRole('button', { name: 'Done' }).click()
})

test('a hostile action is not shown, and the payment is still shown as sent', async () => {
  const receipt = await payTo('evil@sim.example', {
    tag: 'url',
    description: 'Claim prize',
    url: 'javascript:alert(1)',
  })
  const text = (await receipt.textContent()) ?? ''
  expect(text).toMatch(/Preimage \(proof of payment\)[0-9a-f]{64}/)
  expect(text).not.toContain('Claim prize')
  expect(await receipt.getByRole('button', { name: 'Open link' }).count()).toBe(0)
})
