// Send to a wallet's permanent QR (the service's own LNURL-pay link), which makes invoices in whole
// sats only: 1.5 sats is refused at Review, with the reason and the whole amounts that work,
// before anything reaches the service; 2 sats goes through.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

test('a fraction of a sat to a whole-sat link is refused at Review, in words', async () => {
  const to = o.sim.keys.wallets[1]!
  const from = o.sim.keys.wallets[0]!
  const wallet = (await service(o, 'GET', `/v1/wallet/${to.id}`)).data as { default_lnurlpay_id: string }
  const link = (await service(o, 'GET', `/v1/lnurlp/${wallet.default_lnurlpay_id}`)).data as { lnurl_encoded: string }

  await navTo(o.page, 'Send')
  await o.page.getByLabel('Lightning address or invoice').fill(link.lnurl_encoded)
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
  await o.page.getByLabel('Wallet').selectOption(from.id)
  await o.page.getByLabel('Amount (sats)').fill('1.5')
  o.sim.control.resetRequests()
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, /whole sats only/)
  const said =
    (await o.page
      .getByText(/whole sats only/)
      .first()
      .textContent()) ?? ''
  expect(said).toBe('This link makes invoices in whole sats only, so 1.5 sats cannot be sent to it. Enter 1 or 2 sats.')
  expect(await o.page.getByText('Confirm payment').count()).toBe(0)
  expect(o.sim.control.requests({ path: 'lnurlp' })).toEqual([])

  const before = o.sim.control.balanceMsat(to.id)
  await o.page.getByLabel('Amount (sats)').fill('2')
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, 'Confirm payment')
  await o.page.getByRole('button', { name: 'Send now' }).click()
  await waitVisible(o.page, /^Sent$/)
  expect(o.sim.control.balanceMsat(to.id)).toBe(before + 2_000)
})
