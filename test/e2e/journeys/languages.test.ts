/// <reference lib="dom" />
// Every screen in each of the four languages at tray size (360×600), light and dark: nothing wider
// than the popover (German, the longest, included) and no axe-core violation. The language is
// chosen as Settings does; the page's words, lang attribute and number formats follow it.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LOCALES } from '../../../shared/i18n/locales'
import { type Loopback, serve } from '../../electron/services/loopback'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { axeViolations, catalog, chooseLanguage, navTo, overflowing, waitVisible } from './support'

const TRAY = { width: 360, height: 600 }

let o: OpenedApp
let rates: Loopback
beforeAll(async () => {
  rates = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ bitcoin: { usd: 60_000 } }))
  })
  o = await openApp({ seed: 'demo', rateSource: `${rates.url}/api/v3/simple/price` })
  await syncNow(o.app)
})
afterAll(async () => {
  await o?.close()
  await rates?.close()
})

async function check(page: Page, where: string, theme: string) {
  await expect.poll(() => page.getByTestId('skeleton').count(), { timeout: 15_000 }).toBe(0)
  expect(await overflowing(page), `too wide on ${where}`).toEqual([])
  expect(await axeViolations(page, theme), `axe on ${where}`).toEqual([])
}

for (const locale of LOCALES)
  for (const theme of ['light', 'dark'] as const)
    test(`every screen in ${locale} at 360×600, ${theme}`, async () => {
      const p = o.page
      const m = catalog(locale)
      await p.setViewportSize(TRAY)
      await p.emulateMedia({ colorScheme: theme })
      await chooseLanguage(o, locale)
      const where = (screen: string) => `${screen} (${locale}, ${theme})`

      await navTo(p, m('app.navHome'))
      await waitVisible(p, o.sim.keys.wallets[0]!.label)
      await p.getByTestId('total-fiat').waitFor()
      await waitVisible(p, m('home.total'))
      await check(p, where('Home'), theme)

      await navTo(p, m('app.navTransactions'))
      await p.locator('li.history-row').first().waitFor()
      const more = p.locator('details.history-more')
      if ((await more.getAttribute('open')) === null) await more.locator('summary').click()
      await p.locator('#per-page').waitFor()
      await check(p, where('Transactions'), theme)
      await p
        .locator('li.history-row')
        .first()
        .getByRole('button', { name: m('transactions.detailsOf').replace(/\{.*/, '') })
        .click()
      await p.locator('dl.details').waitFor()
      await check(p, where('Transaction'), theme)

      await navTo(p, m('app.navReceive'))
      const again = p.getByRole('button', { name: m('receive.newInvoice') })
      if (await again.isVisible()) await again.click()
      await p.locator('#memo').waitFor()
      await check(p, where('Receive form'), theme)
      await p.locator('#amount').fill('21000')
      await p.getByRole('button', { name: m('receive.createInvoice') }).click()
      await waitVisible(p, m('receive.waitingForPayment'))
      await check(p, where('Receive invoice'), theme)
      await p.getByRole('button', { name: m('receive.newInvoice') }).click()
      await p.getByRole('button', { name: m('receive.permanentQr') }).click()
      await p.locator('.qr canvas').waitFor()
      await check(p, where('Permanent QR'), theme)
      await p.getByRole('button', { name: m('receive.invoice') }).click()

      await navTo(p, m('app.navSend'))
      await check(p, where('Send'), theme)
      await p.locator('#address').fill('alice@sim.example')
      await p.getByRole('button', { name: m('send.lookUp') }).click()
      await p.getByRole('region', { name: m('send.recipient') }).waitFor()
      await check(p, where('Send to an address'), theme)

      await navTo(p, m('app.navWithdraw'))
      const anotherLink = p.getByRole('button', { name: m('withdraw.newWithdrawLink') })
      if (await anotherLink.isVisible()) await anotherLink.click()
      await p.locator('#withdraw-amount').waitFor()
      await check(p, where('Withdraw'), theme)
      await p.getByRole('button', { name: m('withdraw.voucherSheet') }).click()
      await check(p, where('Voucher sheet'), theme)
      await p.getByRole('button', { name: m('withdraw.oneLink') }).click()

      await navTo(p, m('app.navScan'))
      await check(p, where('Scan'), theme)

      await navTo(p, m('app.navSettings'))
      await waitVisible(p, m('settings.preferences'))
      await check(p, where('Settings'), theme)
      // the choice shows the language in its own name
      expect(await p.locator('#language').inputValue()).toBe(locale)

      expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
    })

test('German groups sats and writes dates its own way; back to English, English again', async () => {
  const p = o.page
  await chooseLanguage(o, 'de')
  await navTo(p, catalog('de')('app.navHome'))
  // a German total reads "1.234 sats" (a dot groups thousands), never "1,234 sats"
  await expect
    .poll(() => p.getByTestId('total').textContent(), { timeout: 15_000 })
    .toMatch(/^\d{1,3}(\.\d{3})+( sats?)?$|^\d{1,3}( sats?)?$/)
  await chooseLanguage(o, 'en')
  await navTo(p, 'Home')
  await expect
    .poll(() => p.getByTestId('total').textContent(), { timeout: 15_000 })
    .toMatch(/^\d{1,3}(,\d{3})*( sats?)?$/)
})
