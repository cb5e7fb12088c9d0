// Fiat beside sats, from a rate server on loopback: on Home the total and each wallet show their
// value with the price's age, and the first run names the host asked; the history's rows, a
// voucher sheet and someone's withdraw link show it too; with prices turned off in Settings
// nothing shows and no request reaches the server.
import { totalBalanceMsat } from '@shared/balances'
import { satsToFiat } from '@shared/fiat'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Loopback, serve } from '../../electron/services/loopback'
import { type OpenedApp, openApp } from '../harness'
import { askWhatItOffers, mainCall, navTo, service } from './support'

let o: OpenedApp
let rates: Loopback
beforeAll(async () => {
  rates = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ bitcoin: { usd: 60_000, eur: 55_000 } }))
  })
  o = await openApp({ seed: 'demo', rateSource: `${rates.url}/api/v3/simple/price` })
})
afterAll(async () => {
  await o?.close()
  await rates?.close()
})

async function wallets() {
  const r = await mainCall(o, 'wallets.list', {})
  if (!r.ok) throw new Error(r.error.message)
  return r.value as { wallets: Array<{ label: string; balanceMsat: number }> }
}

test('Home shows the fiat value beside the total and each balance, with the age and the host', async () => {
  const { wallets: list } = await wallets()
  const totalMsat = totalBalanceMsat(list)
  const total = o.page.getByTestId('total-fiat')
  await total.waitFor({ state: 'visible', timeout: 15_000 })
  const expected = satsToFiat(totalMsat, 60_000 / 1e8, 'USD', 'en-US')
  expect(expected).not.toBeNull()
  expect(await total.textContent()).toBe(`≈ ${expected} · rate just now`)
  expect(await total.getAttribute('title')).toContain(`USD price from 127.0.0.1:${rates.port}`)
  expect(list.length).toBeGreaterThan(1)
  for (const w of list) {
    const card = o.page.getByRole('listitem', { name: `Wallet ${w.label}` })
    expect(await card.getByTestId('wallet-fiat').textContent()).toBe(
      `≈ ${satsToFiat(w.balanceMsat, 60_000 / 1e8, 'USD', 'en-US')} · rate just now`,
    )
  }
  expect(await o.page.getByTestId('rates-first-run').textContent()).toContain(`127.0.0.1:${rates.port}`)
  expect(rates.seen).toHaveLength(1)
})

test('an amount typed in dollars on Receive asks for the sats it comes to, shown in dollars beside', async () => {
  await navTo(o.page, 'Receive')
  await o.page.getByRole('button', { name: 'USD', exact: true }).click()
  // 12.60 USD at 60,000 USD per BTC
  await o.page.getByLabel('Amount (USD)').fill('12.60')
  await o.page.getByLabel('Memo (shown to the payer)').fill('typed in dollars')
  expect(await o.page.locator('#amount-converted').textContent()).toBe('= 21,000 sats')
  await o.page.getByRole('button', { name: 'Create invoice' }).click()
  await o.page.getByText('Waiting for payment').waitFor()
  const list = await mainCall(o, 'invoices.list', {})
  if (!list.ok) throw new Error(list.error.message)
  const made = (list.value as { invoices: Array<{ id: string; memo: string }> }).invoices.find(
    (i) => i.memo === 'typed in dollars',
  )
  const ln = await service(o, 'GET', `/v1/lntx/${made!.id}`)
  expect(ln.data.num_satoshis).toBe(21_000)
  // the invoice made shows its value in dollars beside the sats
  expect(await o.page.getByTestId('invoice-fiat').textContent()).toBe(
    `≈ ${satsToFiat(21_000_000, 60_000 / 1e8, 'USD', 'en-US')} · rate just now`,
  )
  await o.page.getByRole('button', { name: 'New invoice' }).click()
})

const usd = (msat: number) => `≈ ${satsToFiat(msat, 60_000 / 1e8, 'USD', 'en-US')}`

test('the history rows, a voucher sheet and a claim offer show dollars beside sats', async () => {
  // each row of the history: its amount in dollars at today's price, said once above the list
  await navTo(o.page, 'Transactions')
  await o.page.getByTestId('history-price').waitFor()
  expect(await o.page.getByTestId('history-price').textContent()).toBe("≈ in USD at today's price · rate just now")
  const r = await mainCall(o, 'history.page', { limit: 25 })
  if (!r.ok) throw new Error(r.error.message)
  const items = (r.value as { items: Array<{ amountMsat: number }> }).items
  await expect.poll(() => o.page.locator('li.history-row .row-fiat').count()).toBe(items.length)
  const shown = await o.page.locator('li.history-row .row-fiat').allTextContents()
  expect(shown.map((t) => t.replace(/ ·\s*$|\s+$/, ''))).toEqual(items.map((t) => usd(Math.abs(t.amountMsat))))

  // a voucher sheet: typed in dollars, confirmed with its total in dollars
  await navTo(o.page, 'Withdraw')
  await o.page.getByRole('button', { name: 'Voucher sheet' }).click()
  await o.page.getByLabel(/^Number of vouchers/).fill('4')
  await o.page.getByRole('button', { name: 'USD', exact: true }).click()
  await o.page.getByLabel('Amount of each voucher (USD)').fill('0.60') // 1,000 sats at 60,000 USD per BTC
  expect(await o.page.locator('#voucher-amount-converted').textContent()).toBe('= 1,000 sats')
  await o.page.getByRole('button', { name: 'Review voucher sheet' }).click()
  await o.page.getByText(/^4 vouchers × 1,000 sats = 4,000 sats from/).waitFor()
  expect(await o.page.getByTestId('voucher-fiat').textContent()).toBe(`${usd(4_000_000)} · rate just now`)
  await o.page.getByRole('button', { name: 'Back' }).click()

  // someone else's withdraw link: its range in dollars beside the sats
  const v = o.sim.control.outside.voucher({ minSat: 10, maxSat: 2_000, description: 'A tip' })
  await navTo(o.page, 'Scan')
  await o.page.getByLabel('Or paste the text').fill(v.url.replace(/^http:\/\//, 'lnurlw://'))
  await o.page.getByRole('button', { name: 'Use this text' }).click()
  await askWhatItOffers(o.page, new URL(o.sim.url).host)
  await o.page.getByTestId('claim-offer-fiat').waitFor()
  expect(await o.page.getByTestId('claim-offer-fiat').textContent()).toBe(
    `${usd(10_000)}–${usd(2_000_000).replace('≈ ', '')} · rate just now`,
  )
})

test('turned off in Settings: nothing shows on Home and nothing is fetched', async () => {
  await navTo(o.page, 'Settings')
  expect(await o.page.getByTestId('fiat-host').textContent()).toContain(`127.0.0.1:${rates.port}`)
  await o.page.getByLabel('Show amounts in a currency too').uncheck()
  await expect
    .poll(async () => {
      const r = await mainCall(o, 'settings.get', {})
      return r.ok && (r.value as { fiat: { enabled: boolean } }).fiat.enabled
    })
    .toBe(false)
  await navTo(o.page, 'Home')
  await o.page.getByTestId('total').waitFor({ state: 'visible' })
  expect(await o.page.getByTestId('total-fiat').count()).toBe(0)
  expect(await o.page.getByTestId('wallet-fiat').count()).toBe(0)
  expect(await o.page.getByTestId('rates-first-run').count()).toBe(0)
  await navTo(o.page, 'Transactions')
  await o.page.locator('li.history-row').first().waitFor()
  expect(await o.page.getByTestId('history-price').count()).toBe(0)
  expect(await o.page.locator('li.history-row .row-fiat').count()).toBe(0)
  const view = await mainCall(o, 'rates.get', {})
  expect(view).toMatchObject({ ok: true, value: { status: 'off', satPrice: null } })
  await o.app.idle()
  expect(rates.seen).toHaveLength(1)
})
