// An NWC account through the app's own page in Chromium, as a new user would add one: the
// connection string another wallet gave (@getalby/sdk's NWCWalletService over a loopback relay,
// backed by a simulator wallet), tested, saved; then its balance on Home, an invoice received and
// one paid, and the screens NIP-47 cannot serve absent (docs/nwc.md, "An NWC account").
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { SimWallet } from '../../simulator/index'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../support/nwcWallet'
import { type OpenedApp, openApp } from '../harness'
import { addNwcAccount, navTo, waitVisible } from './support'

let o: OpenedApp
let relay: TestRelay
let hub: SimWallet
let wallet: NwcTestWallet
beforeAll(async () => {
  relay = await startRelay()
  o = await openApp({ seed: 'demo', connect: false, secretStore: 'keychain' })
  hub = o.sim.control.createWallet('Hub', 20_000)
  wallet = await startNwcWallet({ relayUrl: relay.url, simUrl: o.sim.url, apiKey: o.sim.keys.secret, walletId: hub.id })
}, 30_000)
afterAll(async () => {
  wallet?.close()
  await o?.close()
  await relay?.close()
})

const withdrawals = () => o.sim.control.requests({ method: 'POST', path: /\/withdraw$/ }).length

test('add a wallet by its Nostr Wallet Connect string; receive, pay, and no screen it cannot serve', async () => {
  const page = o.page
  const nav = await addNwcAccount(page, wallet.uri, /Hub wallet: 20,000 sats/)
  await waitVisible(page, /Hub wallet/, 15_000)
  // the account's name shows before its wallets are read (over the relay): wait for the balance
  await expect.poll(() => page.locator('main, .app').first().innerText(), { timeout: 15_000 }).toMatch(/20,000/)
  // no withdraw links nor vouchers: the tab is gone
  expect(await nav.getByRole('button', { name: 'Withdraw', exact: true }).count()).toBe(0)

  await navTo(page, 'Receive')
  expect(await page.getByRole('tab', { name: /permanent/i }).count()).toBe(0)
  await page.getByLabel('Amount (sats)').fill('321')
  await page.getByLabel('Memo (shown to the payer)').fill('tea')
  await page.getByRole('button', { name: 'Create invoice' }).click()
  await waitVisible(page, 'Waiting for payment', 15_000)
  const pr = await page
    .locator('code, .payment-request')
    .filter({ hasText: /^lnbcrt/ })
    .first()
    .textContent()
  expect(pr).toMatch(/^lnbcrt/)
  await o.sim.control.settleInvoice(pr as string)
  await wallet.notify('payment_received')
  await waitVisible(page, /^Paid$/, 20_000)

  await navTo(page, 'Send')
  const invoice = o.sim.control.outsideInvoice(500, 'coffee')
  await page.getByLabel('Lightning address or invoice').fill(invoice)
  await page.getByRole('button', { name: 'Look up' }).click()
  await page.getByRole('region', { name: 'Invoice' }).waitFor({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(page, 'Confirm payment')
  const sent = withdrawals()
  const sendNow = page.getByRole('button', { name: 'Send now' })
  await sendNow.dblclick()
  await sendNow.click({ force: true, timeout: 2000 }).catch(() => {})
  await waitVisible(page, /^Sent$/, 20_000)
  expect(withdrawals()).toBe(sent + 1)
  expect(wallet.methods.filter((m) => m === 'pay_invoice')).toHaveLength(1)

  // Settings says what the account is, without its 64-hex address, and offers no key to replace
  await navTo(page, 'Settings')
  await waitVisible(page, /Nostr Wallet Connect · 127\.0\.0\.1:\d+ · string/)
  expect(await page.getByText(wallet.walletPubkey).count()).toBe(0)
  expect(await page.getByRole('button', { name: /Replace key/ }).count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Review move' }).count()).toBe(0)
  await waitVisible(page, /switch to a service account to connect an app/)
  expect(await page.getByRole('button', { name: 'Connect an app' }).count()).toBe(0)
  expect(o.pageErrors).toEqual([])
}, 120_000)
