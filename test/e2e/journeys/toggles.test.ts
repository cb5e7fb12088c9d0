/// <reference lib="dom" />
// One look for a pressed toggle, and no "← Home" repeating the Home tab (the walkthrough's [look]
// items): on Receive, the pressed view of Invoice / Permanent QR and the pressed unit of sats / USD
// are drawn alike (filled, no focus-like ring); the tab screens have no "← Home" link, which only
// a screen shown without the tab bar keeps (adding an account).
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type PriceSource, startPriceSource } from '../../simulator/priceSource'
import { type OpenedApp, openApp } from '../harness'
import { navTo } from './support'

let o: OpenedApp
let prices: PriceSource
beforeAll(async () => {
  prices = await startPriceSource()
  o = await openApp({ seed: 'demo', rateSource: prices.liveUrl })
})
afterAll(async () => {
  await o?.close()
  await prices?.close()
})

const look = (l: Locator) =>
  l.evaluate((el) => {
    const s = getComputedStyle(el)
    return { background: s.backgroundColor, border: s.borderTopColor, outline: s.outlineStyle }
  })

test('a pressed view and a pressed unit look the same, filled and without a ring', async () => {
  await navTo(o.page, 'Receive')
  const view = o.page.locator('fieldset.choice [aria-pressed="true"]').first()
  const unit = o.page.locator('fieldset.unit-switch [aria-pressed="true"]').first()
  await view.waitFor()
  await unit.waitFor()
  const [v, u] = [await look(view), await look(unit)]
  expect(v).toEqual(u)
  expect(v.outline).toBe('none')
  // filled: not the page's own background
  const page = await o.page.locator('main').evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(v.background).not.toBe(page)
})

test('no tab screen has a "← Home" link: the Home tab is there', async () => {
  for (const tab of ['Transactions', 'Receive', 'Send', 'Withdraw', 'Scan', 'Settings']) {
    await navTo(o.page, tab)
    await expect.poll(() => o.page.locator('h1').first().textContent()).toBeTruthy()
    expect(await o.page.getByRole('button', { name: '← Home' }).count(), tab).toBe(0)
  }
  // adding an account has no tab bar: it keeps its way back
  await o.page.getByRole('button', { name: 'Add an account' }).click()
  await o.page.getByRole('button', { name: '← Home' }).waitFor()
})
