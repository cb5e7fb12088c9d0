/// <reference lib="dom" />
// Focus is never hidden under the sticky tab bar (WCAG 2.4.11): on the long screens (Settings,
// Transactions), at tray size and in a full window, every stop met moving backwards with Shift+Tab
// from the last control is wholly below the bar. The browser scrolls a focused control just into
// view; without the page's scroll padding, "into view" was under the bar.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

/** The focused element, where it is and where the bar ends; `inNav` for the bar's own buttons. */
const focusedRect = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    const nav = document.querySelector('nav[aria-label="Main"]') as HTMLElement
    const r = el?.getBoundingClientRect()
    const name = el
      ? `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? el.id).trim().slice(0, 40)}"`
      : ''
    return {
      name,
      inNav: !!el && nav.contains(el),
      atBody: !el || el === document.body,
      top: r?.top ?? 0,
      bottom: r?.bottom ?? 0,
      barBottom: nav.getBoundingClientRect().bottom,
      viewport: window.innerHeight,
    }
  })

async function focusLast(page: Page) {
  await page.evaluate(() => {
    const all = [
      ...document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]'),
    ].filter((e) => !e.hasAttribute('disabled') && e.tabIndex >= 0 && e.getClientRects().length > 0)
    all.at(-1)?.focus()
  })
}

const SIZES = [
  { width: 360, height: 600 },
  { width: 1280, height: 800 },
] as const

for (const size of SIZES) {
  // what shows the screen has loaded; then every call it made must be answered and shown (what
  // arrives after the rows widens them), or a control met late is pushed down after the focus
  // moved to it
  for (const [screen, ready] of [
    ['Settings', 'text=Show the total balance on the tray icon'],
    ['Transactions', 'ul.history[aria-busy="false"] li'],
  ] as const) {
    test(`${screen} at ${size.width}×${size.height}: no focus stop under the tab bar, backwards`, async () => {
      await o.page.setViewportSize(size)
      await navTo(o.page, screen)
      await o.page.locator(ready).first().waitFor({ timeout: 15_000 })
      await o.settled()
      await focusLast(o.page)
      const hidden: string[] = []
      let stops = 0
      for (let i = 0; i < 120; i++) {
        await o.page.keyboard.press('Shift+Tab')
        const f = await focusedRect(o.page)
        if (f.inNav || f.atBody) break
        stops++
        // wholly below the bar, and on screen
        if (f.top < f.barBottom - 0.5 || f.bottom > f.viewport + 0.5)
          hidden.push(`${f.name} top=${Math.round(f.top)} bar=${Math.round(f.barBottom)}`)
      }
      expect(stops).toBeGreaterThan(10)
      expect(hidden).toEqual([])
    })
  }
}
