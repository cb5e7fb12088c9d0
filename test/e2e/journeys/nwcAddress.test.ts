// An NWC account pays a lightning address in Chromium: the wallet (@getalby/sdk's
// NWCWalletService over a loopback relay, backed by a simulator wallet) pays invoices only, so
// main reads alice@sim.example's LNURL server (the simulator's, on loopback) and pays the checked
// invoice by pay_invoice. The payee's book shows the amount once, and the history names her.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../support/nwcWallet'
import { type OpenedApp, openApp } from '../harness'
import { addNwcAccount, alertText, navTo, waitVisible } from './support'

let o: OpenedApp
let relay: TestRelay
let wallet: NwcTestWallet
beforeAll(async () => {
  relay = await startRelay()
  o = await openApp({ seed: 'empty', connect: false, secretStore: 'keychain', simAddresses: true })
  const hub = o.sim.control.createWallet('Hub', 20_000)
  wallet = await startNwcWallet({ relayUrl: relay.url, simUrl: o.sim.url, apiKey: o.sim.keys.secret, walletId: hub.id })
}, 30_000)
afterAll(async () => {
  wallet?.close()
  for (const part of [o, relay]) await part?.close()
})

const toAlice = () => o.sim.control.outside.book().filter((e) => e.party === 'address:alice@sim.example')

test('an NWC account pays alice@sim.example with a comment, once, and the history names her', async () => {
  const page = o.page
  await addNwcAccount(page, wallet.uri, /Hub wallet: 20,000 sats/)
  await navTo(page, 'Send')
  await page.getByLabel('Lightning address').fill('alice@sim.example')
  await page.getByRole('button', { name: 'Look up' }).click()
  await page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
  await waitVisible(page, 'Tips for Alice')
  await page.getByLabel('Amount (sats)').fill('2,100')
  await page.getByLabel(/^Comment/).fill('for the coffee')
  await page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(page, 'Confirm payment')
  expect(toAlice()).toEqual([])
  const sendNow = page.getByRole('button', { name: 'Send now' })
  await sendNow.dblclick()
  await sendNow.click({ force: true, timeout: 2000 }).catch(() => {}) // disabled or gone by now
  await waitVisible(page, /^Sent$/, 20_000)
  expect(toAlice().map((e) => e.amountMsat)).toEqual([2_100_000])
  expect(wallet.methods.filter((m) => m === 'pay_invoice')).toHaveLength(1)

  await navTo(page, 'Transactions')
  await expect.poll(() => page.locator('ul.history').textContent(), { timeout: 15_000 }).toContain('alice@sim.example')
  const row = page.locator('ul.history li').filter({ hasText: 'alice@sim.example' })
  expect(await row.textContent()).toContain(formatMsat(-2_100_000, { signed: true }))
  expect(toAlice()).toHaveLength(1)
  expect(o.pageErrors).toEqual([])
}, 120_000)

test.each([
  ['amount', 'liar', 'sent an invoice for another amount than the one asked. Nothing was paid.'],
  ['descriptionHash', 'forger', 'sent an invoice that is not for this payment request. Nothing was paid.'],
] as const)(
  'an address whose invoice has the wrong %s is refused in words before pay_invoice is sent',
  async (lies, user, words) => {
    const page = o.page
    o.sim.control.addRecipient({
      ...{ address: `${user}@sim.example`, description: 'Not what it seems', commentAllowed: 0 },
      ...{ minSendableMsat: 1_000, maxSendableMsat: 1_000_000, lies },
    })
    const payInvoices = () => wallet.methods.filter((m) => m === 'pay_invoice').length
    const before = payInvoices()
    // a fresh Send (a refusal is cleared when the screen is opened again)
    await navTo(page, 'Home')
    await navTo(page, 'Send')
    await page.getByLabel('Lightning address').fill(`${user}@sim.example`)
    await page.getByRole('button', { name: 'Look up' }).click()
    await waitVisible(page, 'Not what it seems')
    await page.getByLabel('Amount (sats)').fill('500')
    await page.getByRole('button', { name: 'Review' }).click()
    await page.getByRole('button', { name: 'Send now' }).click()
    // the app asked the payee's server for the invoice, read it, and refused it
    await expect
      .poll(() => o.sim.control.requests({ path: new RegExp(`^/\\.well-known/lnurlp/${user}/callback`) }).length, {
        timeout: 20_000,
      })
      .toBe(1)
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toContain(words)
    expect(await page.getByText(/^Sent$/).count()).toBe(0)
    expect(payInvoices()).toBe(before)
    expect(o.sim.control.outside.book().filter((e) => e.party === `address:${user}@sim.example`)).toEqual([])
  },
  120_000,
)
