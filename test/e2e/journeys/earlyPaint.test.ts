/// <reference lib="dom" />
// The total the page's first script paints before the bundle runs (renderer/src/early), in
// Chromium: it shows before React's Home, says the same thing in the same place (so nothing jumps
// when React takes over), is gone once React has rendered, follows the language, theme and "Lock
// now" of the settings, shows only the mask while balances are hidden, and nothing while locked.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startSimulator } from '../../simulator/index'
import { type OpenedApp, openApp } from '../harness'
import { mainCall } from './support'

interface Seen {
  early: boolean
  text: string | null
  label: string | null
  x: number
  y: number
  theme: string | undefined
  at: number
}

/** Records every state of the total from the page's very start: early or React's, its text and place. */
function recordTotals() {
  const seen: Seen[] = []
  ;(window as unknown as { __totals: Seen[] }).__totals = seen
  let digitsWhileHidden = false
  ;(window as unknown as { __digits: () => boolean }).__digits = () => digitsWhileHidden
  new MutationObserver(() => {
    const total = document.querySelector('[data-testid=total]')
    for (const a of document.querySelectorAll('.amount-value[data-hidden]'))
      if (/\d/.test(a.textContent ?? '')) digitsWhileHidden = true
    if (!total) return
    const early = document.querySelector('[data-early]') !== null
    const last = seen[seen.length - 1]
    if (last && last.early === early && last.text === total.textContent) return
    const box = (document.querySelector('.total-block') as HTMLElement).getBoundingClientRect()
    seen.push({
      early,
      text: total.textContent,
      label: document.querySelector('.total-label')?.textContent ?? null,
      x: box.x,
      y: box.y,
      theme: document.documentElement.dataset.theme,
      at: performance.now(),
    })
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

/** Loads the page again from nothing and returns every state the total was in until React's Home is up. */
async function reloadAndRecord(page: Page): Promise<Seen[]> {
  await page.reload()
  await page.waitForSelector('.wallet-row', { timeout: 20_000 })
  return page.evaluate(() => (window as unknown as { __totals: Seen[] }).__totals)
}

describe.each([
  { width: 360, height: 600 },
  { width: 1280, height: 800 },
])('the early total at $width×$height', (viewport) => {
  let o: OpenedApp
  beforeAll(async () => {
    o = await openApp({ seed: 'demo', viewport })
    await o.page.addInitScript(recordTotals)
  })
  afterAll(() => o?.close())

  test('shows first, then React shows the same total in the same place, and the early one is gone', async () => {
    const seen = await reloadAndRecord(o.page)
    expect(seen.length).toBeGreaterThanOrEqual(2)
    const [early, react] = seen
    expect(early?.early).toBe(true)
    expect(react?.early).toBe(false)
    expect(early?.text).toMatch(/^\d{1,3}(,\d{3})* sats$/)
    expect(react?.text).toBe(early?.text)
    expect(early?.label).toBe('Total')
    expect(react?.label).toBe('Total')
    expect(react?.x).toBe(early?.x)
    expect(react?.y).toBe(early?.y)
    expect(react?.at).toBeGreaterThan(early?.at ?? Infinity)
    expect(await o.page.locator('[data-early]').count()).toBe(0)
    expect(await o.page.getByTestId('total').count()).toBe(1)
    // nothing in it can be focused while it is there: it is inert
    expect(o.pageErrors).toEqual([])
  })

  test('in the chosen language and theme, with "Lock now" when a passphrase is set', async () => {
    expect((await mainCall(o, 'settings.update', { language: 'de', theme: 'dark' })).ok).toBe(true)
    expect((await mainCall(o, 'lock.set', { passphrase: 'correct horse battery staple' })).ok).toBe(true)
    try {
      const [early, react] = await reloadAndRecord(o.page)
      expect(early).toMatchObject({ early: true, label: 'Gesamt', theme: 'dark' })
      expect(early?.text).toMatch(/^\d{1,3}(\.\d{3})* sats$/)
      expect(react).toMatchObject({ early: false, text: early?.text, label: 'Gesamt', x: early?.x, y: early?.y })
      await expect.poll(() => o.page.locator('.lock-now').count()).toBe(1)
    } finally {
      await mainCall(o, 'lock.remove', { current: 'correct horse battery staple' })
      await mainCall(o, 'settings.update', { language: 'en', theme: 'light' })
    }
  })

  test("with several accounts: the switcher's line, and the total in the same place", async () => {
    // a second service of its own (the same key cannot be connected twice; the demo's keys are fixed)
    const other = await startSimulator({ seed: 'empty' })
    const first = o.app.accounts.list().activeId as string
    const added = await mainCall(o, 'accounts.connect', {
      kind: 'service',
      baseUrl: other.url,
      apiKey: other.keys.secret,
      label: 'Second',
      storage: 'memory',
    })
    expect(added).toMatchObject({ ok: true })
    try {
      // the first account (with wallets) stays the one shown
      expect((await mainCall(o, 'accounts.switch', { id: first })).ok).toBe(true)
      const [early, react] = await reloadAndRecord(o.page)
      expect(early?.early).toBe(true)
      expect(react).toMatchObject({ early: false, text: early?.text, x: early?.x, y: early?.y })
      expect(await o.page.locator('.account-switch').count()).toBe(1)
    } finally {
      if (added.ok) await mainCall(o, 'accounts.remove', { id: (added.value as { id: string }).id })
      await other.close()
    }
  })

  test('only the mask while balances are hidden: no digit of an amount, early or later', async () => {
    expect((await mainCall(o, 'settings.update', { hideBalances: true })).ok).toBe(true)
    try {
      const [early, react] = await reloadAndRecord(o.page)
      expect(early).toMatchObject({ early: true, text: '•••• sats' })
      expect(react).toMatchObject({ early: false, text: '•••• sats', y: early?.y })
      expect(await o.page.evaluate(() => (window as unknown as { __digits: () => boolean }).__digits())).toBe(false)
    } finally {
      await mainCall(o, 'settings.update', { hideBalances: false })
    }
  })

  test('nothing while the app is locked: the lock screen alone', async () => {
    const passphrase = 'correct horse battery staple'
    expect((await mainCall(o, 'lock.set', { passphrase })).ok).toBe(true)
    try {
      // the page reloads itself when main locks (stores/lock.ts): that load, then one more of ours
      expect((await mainCall(o, 'lock.lock', {})).ok).toBe(true)
      const passphraseField = o.page.getByLabel('Passphrase', { exact: true })
      for (const load of ['its own', 'ours']) {
        if (load === 'ours') await o.page.reload()
        await passphraseField.waitFor({ timeout: 20_000 })
        expect(await o.page.evaluate(() => (window as unknown as { __totals: Seen[] }).__totals)).toEqual([])
        expect(await o.page.locator('[data-early]').count()).toBe(0)
      }
    } finally {
      expect((await mainCall(o, 'lock.unlock', { passphrase })).ok).toBe(true)
      await mainCall(o, 'lock.remove', { current: passphrase })
    }
  })
})
