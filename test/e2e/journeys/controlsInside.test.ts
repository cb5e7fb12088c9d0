/// <reference lib="dom" />
// Every control inside the window, in every language (issue 45): each tab and its main states at
// 360×600 and 1280×800, in English, Spanish, Brazilian Portuguese and German, light and dark, with
// the longest real data: rows with a fee and their fiat now and then (prices of their day on), a
// 6-digit fee, 9-digit amounts, a long wallet name and long memos. On each state no control's box
// lies outside the window sideways, no checkbox is under 12 px, no short word of a control breaks
// over two lines, no button's content is wider than the button, no placeholder is cut, no amount
// runs under a control and no wallet name is cut (controlBoxes.ts); a history row opens its detail
// when pressed anywhere. Problems are gathered over all rounds and reported together at the end.
// One browser, one app: the language changes as Settings changes it, size and theme in the page.
import { join, resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LOCALES } from '../../../shared/i18n/locales'
import { type PriceSource, startPriceSource } from '../../simulator/priceSource'
import { syncNow } from '../../support/syncNow'
import { controlProblems } from '../controlBoxes'
import { type OpenedApp, openApp } from '../harness'
import { catalog, chooseLanguage, mainCall, navTo, service, waitVisible } from './support'

const DOCS = resolve(import.meta.dirname, '../../../docs/screenshots')
const SIZES = [
  { width: 360, height: 600 },
  { width: 1280, height: 800 },
] as const
const THEMES = ['light', 'dark'] as const
/** a name as people give them, longer than any demo wallet's */
const LONG_NAME = 'Ahorros de la familia para las vacaciones'
const LONG_MEMO =
  'Abendessen mit der ganzen Familie im Restaurant am See, Trinkgeld inbegriffen, geteilt mit Oma und Opa'

let o: OpenedApp
let prices: PriceSource
/** the wallet with the long name and the 9-digit balance */
let bigId = ''
/** problems seen on every state of every round, so one run reports them all */
const found: string[] = []

beforeAll(async () => {
  prices = await startPriceSource()
  o = await openApp({
    seed: 'demo',
    rateSource: prices.liveUrl,
    historySource: { url: prices.historyUrl, gapMs: 5 },
    viewport: SIZES[0],
  })
  // 9-digit amounts: a wallet with a long name holding about 4 BTC, an outside payment of about
  // 1.2 BTC out of it (a 6-digit fee), and an arrival with a long memo
  const big = o.sim.control.createWallet(LONG_NAME, 400_000_000)
  bigId = big.id
  const payee = o.sim.control.outside.payee({ amountSat: 123_456_789, memo: LONG_MEMO })
  const paid = await service(o, 'POST', `/v1/wallet/${big.keys.admin}/withdraw`, {
    payment_request: payee.payment_request,
  })
  expect(paid.status).toBeLessThan(300)
  await o.sim.control.payInbound(big.id, 212_345_678, LONG_MEMO)
  // older rows at the price of their day (the setting the walkthrough had on)
  expect((await mainCall(o, 'settings.update', { pricesThen: true })).ok).toBe(true)
  await syncNow(o.app)
  await o.page.reload()
}, 120_000)
afterAll(async () => {
  await o?.close()
  await prices?.close()
})

async function check(p: Page, where: string) {
  await expect.poll(() => p.getByTestId('skeleton').count(), { timeout: 15_000 }).toBe(0)
  for (const problem of await controlProblems(p)) found.push(`${where}: ${problem}`)
}

/**
 * With UPDATE_SCREENSHOTS=1, the top of the screen into docs/screenshots (Spanish and German at
 * tray size: the longest words beside rows with a fee and fiat now and then).
 */
async function shoot(p: Page, name: string, wanted: boolean, at?: Locator) {
  const dir = process.env.SHOTS_DIR ?? (process.env.UPDATE_SCREENSHOTS === '1' ? DOCS : null)
  // Settings' menu in every language; the rest in the two longest
  if (!dir || !wanted || !(/-(es|de)$/.test(name) || name.startsWith('settings-menu-'))) return
  // the top of the screen, or the rows around `at` (the row with a fee); no row under the pointer
  await p.mouse.move(0, 0)
  if (at) await at.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  else await p.evaluate(() => window.scrollTo(0, 0))
  await p.screenshot({ path: join(dir, `${name}.png`) })
}

/**
 * Opens a history row as a person does, by pressing on its words. A row that does not open that
 * way is a problem too; the detail is then opened by its control, wherever it lies.
 */
async function openRow(p: Page, row: Locator, where: string) {
  await row.scrollIntoViewIfNeeded()
  await row.click({ position: { x: 60, y: 12 } })
  const details = p.locator('dl.details')
  const opened = await details.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  )
  if (opened) return
  found.push(`${where}: pressing the row does not open its detail`)
  await row.getByRole('button').first().dispatchEvent('click')
  await details.waitFor()
}

for (const locale of LOCALES)
  for (const size of SIZES)
    for (const theme of THEMES)
      test(`every control inside the window: ${locale} at ${size.width}×${size.height}, ${theme}`, async () => {
        const p = o.page
        const m = catalog(locale)
        const sats = (n: number) => n.toLocaleString(locale)
        await p.setViewportSize(size)
        await p.emulateMedia({ colorScheme: theme })
        await chooseLanguage(o, locale)
        const at = (state: string) => `${state} (${locale} ${size.width} ${theme})`

        await navTo(p, m('app.navHome'))
        await waitVisible(p, LONG_NAME)
        await p.getByTestId('total-fiat').waitFor()
        await check(p, at('Home'))
        await shoot(p, `home-long-tray-${locale}`, size.width === 360 && theme === 'light')
        // money arriving: the toast with its Dismiss over Home
        const w = o.sim.keys.wallets[0]!
        await o.sim.control.payInbound(w.id, 21, LONG_MEMO)
        o.app.sync.onResume() // read now rather than at the next poll
        await p.getByTestId('arrival-toast').waitFor()
        await check(p, at('Home with an arrival'))
        await p.getByTestId('arrival-toast').getByRole('button').click()
        await p.getByRole('button', { name: m('walletRow.actionsFor').replace('{label}', LONG_NAME) }).click()
        await check(p, at('Home with a wallet menu'))
        await p.keyboard.press('Escape')

        await navTo(p, m('app.navTransactions'))
        const feeRow = p.locator('li.history-row', { hasText: sats(123_456_789) })
        await feeRow.first().waitFor()
        await p.getByTestId('row-fiat-then').first().waitFor()
        // the rows first (the filters folded), then the filters open
        const more = p.locator('details.history-more')
        if ((await more.getAttribute('open')) !== null) await more.locator('summary').click()
        await check(p, at('Transactions, filters folded'))
        await shoot(p, `transactions-long-tray-${locale}`, size.width === 360 && theme === 'light', feeRow.first())
        await more.locator('summary').click()
        await p.locator('#per-page').waitFor()
        await check(p, at('Transactions'))
        await openRow(p, feeRow.first(), at('Transactions'))
        await check(p, at('Transaction'))

        await navTo(p, m('app.navReceive'))
        const again = p.getByRole('button', { name: m('receive.newInvoice') })
        if (await again.isVisible()) await again.click()
        await p.locator('#memo').waitFor()
        await check(p, at('Receive form'))
        await p.locator('#amount').fill(sats(123_456_789))
        await p.locator('#memo').fill(LONG_MEMO)
        await p.getByRole('button', { name: m('receive.createInvoice') }).click()
        await waitVisible(p, m('receive.waitingForPayment'))
        await check(p, at('Receive invoice'))
        await p.getByRole('button', { name: m('receive.newInvoice') }).click()
        await p.getByRole('button', { name: m('receive.permanentQr') }).click()
        await p.locator('.qr canvas').waitFor()
        await check(p, at('Permanent QR'))
        await p.getByRole('button', { name: m('receive.invoice') }).click()

        await navTo(p, m('app.navSend'))
        await check(p, at('Send'))
        await p.locator('#address').fill('alice@sim.example')
        await p.getByRole('button', { name: m('send.lookUp') }).click()
        await p.getByRole('region', { name: m('send.recipient') }).waitFor()
        await p.locator('#send-amount').fill(sats(987_654))
        await check(p, at('Send to an address'))
        // an outside invoice of about 1.2 BTC with a long description, up to its confirmation
        const invoice = o.sim.control.outside.payee({ amountSat: 123_456_789, memo: LONG_MEMO }).payment_request
        await p.locator('#address').fill(invoice)
        await p.getByRole('button', { name: m('send.lookUp') }).click()
        await p.getByRole('region', { name: m('send.invoice') }).waitFor()
        await p.locator('#wallet').selectOption(bigId)
        await check(p, at('Send an invoice'))
        await p.getByRole('button', { name: m('send.review') }).click()
        await p.locator('.confirm').waitFor()
        await check(p, at('Send confirmation'))
        await p
          .locator('.confirm')
          .getByRole('button', { name: m('sendConfirm.back'), exact: true })
          .click()

        await navTo(p, m('app.navWithdraw'))
        const anotherLink = p.getByRole('button', { name: m('withdraw.newWithdrawLink') })
        if (await anotherLink.isVisible()) await anotherLink.click()
        await p.locator('#withdraw-amount').waitFor()
        await check(p, at('Withdraw'))
        await p.getByRole('button', { name: m('withdraw.voucherSheet') }).click()
        await check(p, at('Voucher sheet'))
        await p.getByRole('button', { name: m('withdraw.oneLink') }).click()

        await navTo(p, m('app.navScan'))
        await check(p, at('Scan'))

        await navTo(p, m('app.navSettings'))
        await waitVisible(p, m('settings.preferences'))
        await p.locator('#prices-then').waitFor()
        await check(p, at('Settings'))
        await shoot(p, `settings-menu-tray-${locale}`, size.width === 360 && theme === 'light')
        await p.getByRole('button', { name: m('settings.addAnAccount') }).click()
        await p.locator('#api-key').waitFor()
        await check(p, at('Onboarding'))
        await p.getByRole('button', { name: m('screen.home') }).click()
      })

test('a revoked key: the banner and its Open Settings at tray size, in every language', async () => {
  const p = o.page
  await p.setViewportSize(SIZES[0])
  await p.emulateMedia({ colorScheme: 'light' })
  // the tests above leave the app in their last language
  await chooseLanguage(o, LOCALES[0])
  await navTo(p, catalog(LOCALES[0])('app.navHome'))
  o.sim.control.replaceSecretKey() // the last test of the file: the app keeps the revoked key
  o.app.sync.onResume()
  const banner = p.locator('.banner[data-connection]')
  for (const locale of LOCALES) {
    const m = catalog(locale)
    await chooseLanguage(o, locale)
    await navTo(p, m('app.navHome'))
    await banner.getByRole('button', { name: m('app.openSettings') }).waitFor({ timeout: 15_000 })
    await check(p, `Home with a revoked key (${locale} 360 light)`)
  }
})

test('no control outside the window, squashed, broken or covered, on any state above', () => {
  expect(found).toEqual([])
})
