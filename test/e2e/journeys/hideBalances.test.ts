/// <reference lib="dom" />
// "Hide balances" end to end, at 360×600 and 1280×800: the toggle on Home masks every amount the
// app shows, so no digit of any amount is in the DOM (text or attribute) on Home, Transactions,
// Receive, Withdraw and Settings; a payment that arrives meanwhile is announced without its amount; a reload
// keeps it hidden (main keeps the setting); the same toggle shows them again.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { navTo } from './support'

const SIZES = [
  { width: 360, height: 600 },
  { width: 1280, height: 800 },
] as const
/** where the page writes amounts: cards, the total, history rows and fees, drop-downs of wallets with balances */
const AMOUNT_PLACES = [
  '.amount-value',
  '.history-row .num',
  '.history-row .fee',
  '#wallet option',
  '#withdraw-wallet option',
  '#move-from option',
].join(', ')
const SCREENS = ['Home', 'Transactions', 'Receive', 'Withdraw', 'Settings'] as const

/** The amounts a screen shows, as their digits ("1,234"), read from the places amounts go. */
async function amountsOn(page: Page): Promise<string[]> {
  const texts = await page.locator(AMOUNT_PLACES).allTextContents()
  return texts.flatMap((t) => t.match(/\d[\d,.]*\d|\d/g) ?? [])
}

async function visit(page: Page, name: (typeof SCREENS)[number]) {
  await navTo(page, name)
  // wait until the screen's amounts (or masks) are there
  await expect.poll(() => page.locator(AMOUNT_PLACES).count(), { timeout: 20_000 }).toBeGreaterThan(0)
}

describe.each(SIZES)('hide balances at $width×$height', (size) => {
  let o: OpenedApp
  beforeAll(async () => {
    o = await openApp({ seed: 'demo', viewport: size })
    await syncNow(o.app) // the history is in the ledger, so Transactions has rows
  })
  afterAll(() => o?.close())

  test('masks every amount on every screen, in the DOM and in a notification; survives a reload', async () => {
    const { page } = o
    // what each screen shows while amounts are visible
    const shown = new Set<string>()
    for (const name of SCREENS) {
      await visit(page, name)
      await expect.poll(async () => (await amountsOn(page)).length, { timeout: 20_000 }).toBeGreaterThan(0)
      // four digits or more: nothing else on a page (an icon's path, a date) can look like them
      for (const a of await amountsOn(page)) if (a.replace(/\D/g, '').length >= 4) shown.add(a)
    }
    expect(shown.size).toBeGreaterThan(3)

    await navTo(page, 'Home')
    await page.getByRole('button', { name: 'Hide balances' }).click()
    await expect.poll(() => amountsOn(page), { timeout: 10_000 }).toEqual([])

    const check = async (where: string) => {
      // no digit where amounts go, and none of the amounts seen before anywhere in the markup
      expect(await amountsOn(page), where).toEqual([])
      const html = await page.evaluate(() => document.documentElement.outerHTML)
      for (const a of shown) expect(html, `${where}: ${a}`).not.toContain(a)
    }
    for (const name of SCREENS) {
      await visit(page, name)
      await check(name)
    }

    // a payment arrives while hidden: told, without the amount or the memo
    const before = o.booted.notifications.length
    await o.sim.control.payInbound(o.sim.keys.wallets[0]!.id, 4_321, 'rent for 9876')
    await syncNow(o.app)
    await expect.poll(() => o.booted.notifications.length - before, { timeout: 10_000 }).toBe(1)
    const note = o.booted.notifications.at(-1)
    expect(note?.title).toBe('Payment received')
    expect(`${note?.title}\n${note?.body}`).not.toMatch(/\d/)

    // main keeps the setting: a reload (a new start of the page) is still hidden, Home included
    await page.reload()
    await visit(page, 'Home')
    await check('Home after reload')
    expect(await page.getByRole('button', { name: 'Show balances' }).getAttribute('aria-pressed')).toBe('true')

    // and the toggle shows them again
    await page.getByRole('button', { name: 'Show balances' }).click()
    await expect.poll(async () => (await amountsOn(page)).length, { timeout: 10_000 }).toBeGreaterThan(0)
  })
})
