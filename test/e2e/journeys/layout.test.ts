/// <reference lib="dom" />
// One layout from a 360×600 tray popover to a 1280×800 window, light and dark: on every screen,
// with the demo data, a 2,000-character memo (and claim offer text) without spaces and prices beside amounts, nothing is
// wider than the viewport, every QR is whole on screen and reads back, and axe-core finds nothing.
// One browser and one page: the viewport and the colour scheme change between rounds.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TEXT_MAX } from '../../../electron/main/services/ledger/rows'
import { type Loopback, serve } from '../../electron/services/loopback'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp, readQrFromPage } from '../harness'
import { askWhatItOffers, axeViolations, navTo, overflowing, waitVisible } from './support'

const LONG_MEMO = 'x'.repeat(2_000)
/** another's words on a claim offer (unlike the memo, so each stays one row in Transactions) */
const LONG_TEXT = 'y'.repeat(2_000)
const SIZES = [
  { width: 360, height: 600 },
  { width: 1280, height: 800 },
] as const
const THEMES = ['light', 'dark'] as const

let o: OpenedApp
let rates: Loopback
beforeAll(async () => {
  rates = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ bitcoin: { usd: 60_000 } }))
  })
  o = await openApp({ seed: 'demo', rateSource: `${rates.url}/api/v3/simple/price` })
  // a payment whose memo is 2,000 characters without a space: it must not widen any screen
  const w = o.sim.keys.wallets[0]!
  await o.sim.control.payInbound(w.id, 1_234, LONG_MEMO)
})
afterAll(async () => {
  await o?.close()
  await rates?.close()
})

/** The screen as it stands: nothing too wide, no axe violation, and each QR whole and readable. */
async function check(page: Page, where: string, theme: string, qrs = 0) {
  await expect.poll(() => page.getByTestId('skeleton').count(), { timeout: 15_000 }).toBe(0)
  expect(await overflowing(page), `too wide on ${where}`).toEqual([])
  expect(await axeViolations(page, theme), `axe on ${where}`).toEqual([])
  const canvases = page.locator('.qr canvas')
  expect(await canvases.count(), `QR codes on ${where}`).toBe(qrs)
  // an arrival's toast sits over the bottom of the screen for a few seconds: not over a QR being read
  const toast = page.getByTestId('arrival-toast')
  if (qrs > 0 && (await toast.isVisible())) await toast.getByRole('button', { name: 'Dismiss' }).click()
  for (let i = 0; i < qrs; i++) {
    const qr = canvases.nth(i)
    await qr.scrollIntoViewIfNeeded()
    const box = await qr.boundingBox()
    const view = page.viewportSize()!
    expect(box, `QR on ${where}`).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    // below the sticky tab bar, not under it
    const navBottom = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())?.height ?? 0
    expect(box!.y).toBeGreaterThanOrEqual(navBottom)
    expect(box!.x + box!.width).toBeLessThanOrEqual(view.width + 1)
    // (sub-pixel scroll positions)
    expect(box!.y + box!.height).toBeLessThanOrEqual(view.height + 1)
    expect(await readQrFromPage(page, `.qr canvas >> nth=${i}`)).toMatch(/^lightning:LN/i)
  }
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`every screen at ${size.width}×${size.height} in ${theme}`, async () => {
      const p = o.page
      await p.setViewportSize(size)
      await p.emulateMedia({ colorScheme: theme })
      const where = (screen: string) => `${screen} at ${size.width}px ${theme}`
      await navTo(p, 'Home')
      await waitVisible(p, o.sim.keys.wallets[0]!.label)
      await p.getByTestId('total-fiat').waitFor()
      await check(p, where('Home'), theme)

      await navTo(p, 'Transactions')
      await syncNow(o.app) // the ledger has every row, the long memo's too
      await p.locator('li.history-row', { hasText: LONG_MEMO.slice(0, 50) }).waitFor()
      await p.getByTestId('history-price').waitFor() // rows carry their fiat value too
      await check(p, where('Transactions'), theme)
      // the filters, folded at tray size, unfolded too
      const more = p.locator('details.history-more')
      if ((await more.getAttribute('open')) === null) await more.locator('summary').click()
      await p.locator('#per-page').waitFor()
      await check(p, where('Transactions with filters'), theme)
      // the long memo, in full, on its own page
      await p
        .locator('li.history-row', { hasText: LONG_MEMO.slice(0, 50) })
        .getByRole('button', { name: /^Details of/ })
        .click()
      // the memo as the ledger keeps it, its first TEXT_MAX characters (docs/ledger.md), wrapped
      const kept = LONG_MEMO.slice(0, TEXT_MAX)
      await p.locator('dl.details dd', { hasText: kept }).waitFor()
      expect(await p.locator('dl.details dd', { hasText: kept }).textContent()).toBe(kept)
      await p.getByTestId('tx-fiat').waitFor()
      await check(p, where('Transaction'), theme)

      await navTo(p, 'Receive')
      // an invoice left showing by an earlier round: back to the form
      const again = p.getByRole('button', { name: 'New invoice' })
      if (await again.isVisible()) await again.click()
      await p.getByLabel('Memo (shown to the payer)').waitFor()
      await check(p, where('Receive form'), theme)
      await p.getByLabel(/^Amount/).fill('21,000')
      await p.getByLabel('Memo (shown to the payer)').fill(LONG_MEMO.slice(0, 639))
      await p.getByRole('button', { name: 'Create invoice' }).click()
      await waitVisible(p, 'Waiting for payment')
      await check(p, where('Receive invoice'), theme, 1)
      await p.getByRole('button', { name: 'New invoice' }).click()
      await p.getByRole('button', { name: 'Permanent QR' }).click()
      await p.locator('.qr canvas').waitFor()
      await check(p, where('Permanent QR'), theme, 1)

      await navTo(p, 'Send')
      await check(p, where('Send'), theme)
      // an outside invoice with a long description: the invoice, the confirmation and the receipt
      const pr = o.sim.control.outside.payee({ amountSat: 1_000, memo: LONG_TEXT.slice(0, 600) }).payment_request
      await p.getByLabel('Lightning address or invoice').fill(pr)
      await p.getByRole('button', { name: 'Look up' }).click()
      await p.getByRole('region', { name: 'Invoice' }).waitFor()
      await check(p, where('Send invoice'), theme)
      await p.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
      await p.getByRole('button', { name: 'Review' }).click()
      await p.getByText('Confirm payment').waitFor()
      await check(p, where('Send confirmation'), theme)
      // the description's first part shows, and all 600 characters with one press
      expect(await p.locator('.confirm').textContent()).not.toContain(LONG_TEXT.slice(0, 600))
      await p.getByRole('button', { name: 'Show all 600 characters' }).click()
      expect(await p.locator('.confirm').textContent()).toContain(LONG_TEXT.slice(0, 600))
      await check(p, where('Send confirmation, description shown whole'), theme)
      await p.getByRole('button', { name: 'Send now' }).click()
      await p.getByRole('status').filter({ hasText: /^Sent/ }).waitFor()
      await check(p, where('Send receipt'), theme)
      await p.getByRole('button', { name: 'Done' }).click()

      await navTo(p, 'Withdraw')
      const anotherLink = p.getByRole('button', { name: 'New withdraw link' })
      if (await anotherLink.isVisible()) await anotherLink.click()
      await p.getByLabel(/^Amount/).fill('500')
      // (a 639-character memo makes the service answer 500 here; 200 still tests wrapping)
      await p.getByLabel('Memo').fill(LONG_MEMO.slice(0, 200))
      await p.getByRole('button', { name: 'Create withdraw link' }).click()
      await waitVisible(p, 'Waiting to be claimed')
      await p.getByTestId('withdraw-fiat').waitFor()
      await check(p, where('Withdraw link'), theme, 1)
      await p.getByRole('button', { name: 'New withdraw link' }).click()
      await p.getByRole('button', { name: 'Voucher sheet' }).click()
      await check(p, where('Voucher sheet'), theme)

      await navTo(p, 'Scan')
      await check(p, where('Scan'), theme)

      // someone else's withdraw link, its words 2,000 characters without a space
      const v = o.sim.control.outside.voucher({ minSat: 10, maxSat: 2_000, description: LONG_TEXT })
      await p.getByLabel('Or paste the text').fill(v.url.replace(/^http:\/\//, 'lnurlw://'))
      await p.getByRole('button', { name: 'Use this text' }).click()
      await askWhatItOffers(p, new URL(o.sim.url).host)
      await p.getByRole('heading', { name: 'Claim sats' }).waitFor()
      await p.getByLabel(/^Amount/).waitFor()
      await p.getByTestId('claim-offer-fiat').waitFor()
      await check(p, where('Claim offer'), theme)
      // main keeps the first 638 characters of another's words and an ellipsis (a memo's limit)
      await p.getByRole('button', { name: 'Show all 639 characters' }).click()
      expect(await p.locator('.claim-offer').textContent()).toContain(`${LONG_TEXT.slice(0, 638)}…`)
      await check(p, where('Claim offer, words shown whole'), theme)
      await p.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
      await p.getByRole('button', { name: 'Claim', exact: true }).click()
      await p.getByTestId('claim-status').waitFor()
      await p.getByTestId('claim-fiat').waitFor()
      await check(p, where('Claim result'), theme)
      await p.getByRole('button', { name: 'Done' }).click()

      await navTo(p, 'Settings')
      await waitVisible(p, 'Preferences')
      await check(p, where('Settings'), theme)
      await p.getByRole('button', { name: /^Replace key for / }).click()
      await p.getByLabel('New API key').waitFor()
      await check(p, where('Settings, replacing a key'), theme)
      await p.getByRole('button', { name: 'Cancel' }).click()

      await p.getByRole('button', { name: 'Add an account' }).click()
      await p.getByLabel('API key').waitFor()
      await check(p, where('Onboarding'), theme)
      await p.getByRole('button', { name: '← Home' }).click()

      expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
    })
  }
}

test('first-run onboarding, with what the service is and where a key comes from, at both sizes and themes', async () => {
  const fresh = await openApp({ seed: 'empty', connect: false, browser: o.browser })
  try {
    const p = fresh.page
    await p.getByLabel('API key').waitFor()
    // the explanation is folded under "What is this?" (field report N21): closed, then opened
    await p.setViewportSize(SIZES[0]!)
    await check(p, 'first-run onboarding, explanation folded', 'light')
    await p.getByText('What is this?', { exact: true }).click()
    for (const size of SIZES) {
      for (const theme of THEMES) {
        await p.setViewportSize(size)
        await p.emulateMedia({ colorScheme: theme })
        await waitVisible(p, 'hosted wallet service')
        await waitVisible(p, 'open its API keys page')
        await waitVisible(p, 'never sends one twice')
        await check(p, `first-run onboarding at ${size.width}px ${theme}`, theme)
      }
    }
  } finally {
    await fresh.close()
  }
})
