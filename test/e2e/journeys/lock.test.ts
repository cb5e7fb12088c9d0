/// <reference lib="dom" />
// The app lock end to end, at a tray popover's 360×600 and a window's 1280×800: set a lock in
// Settings, lock with the header's button, reload: still locked and no amount anywhere in the DOM
// (main refuses the page's own reads too); three wrong passphrases, then the back-off, which main
// enforces whatever the page does and which survives a reload; then unlock, and the balances are back.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatMsat } from '@shared/units'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { assertRendererBuilt, type OpenedApp, openApp, RENDERER_DIR } from '../harness'
import { axeViolations, navTo, waitVisible } from './support'

const PASSPHRASE = 'a desk with nobody at it'
const SIZES = [
  { width: 360, height: 600 },
  { width: 1280, height: 800 },
] as const

/** Every way the wallets' amounts could be written: formatted, and as plain digits in sats and msat. */
function amountForms(o: OpenedApp): string[] {
  const msats = o.sim.keys.wallets.map((w) => o.sim.control.balanceMsat(w.id))
  const total = msats.reduce((a, b) => a + b, 0)
  return [...msats, total]
    .filter((m) => m >= 10_000) // a four-digit figure or more: nothing else on the page can look like it
    .flatMap((m) => [formatMsat(m, { unit: false }), String(Math.floor(m / 1000)), String(m)])
}

/** What the page holds: its whole DOM as markup (attributes too), and its visible text. */
const dom = (page: Page) => page.evaluate(() => document.documentElement.outerHTML)

async function lockScreenShown(page: Page) {
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 20_000 })
    .toBe('Lightning Tray is locked')
}

/** The page's bridge, called directly: what main answers whatever the page's own code would do. */
const bridge = (page: Page, name: string, input: unknown) =>
  page.evaluate(
    ([n, i]) =>
      (window as unknown as { wallet: { invoke(n: string, i: unknown): Promise<unknown> } }).wallet.invoke(n, i),
    [name, input] as const,
  ) as Promise<{ ok: boolean; value?: { outcome?: string }; error?: { code: string } }>

async function tryPassphrase(page: Page, passphrase: string) {
  const unlock = page.getByRole('button', { name: 'Unlock', exact: true })
  await expect.poll(() => unlock.isDisabled(), { timeout: 20_000 }).toBe(true) // empty field
  await page.getByLabel('Passphrase', { exact: true }).fill(passphrase)
  await expect.poll(() => unlock.isEnabled(), { timeout: 20_000 }).toBe(true)
  await unlock.click()
}

describe.each(SIZES)('app lock at $width×$height', (size) => {
  let o: OpenedApp
  beforeAll(async () => {
    o = await openApp({ seed: 'demo', viewport: size })
  })
  afterAll(() => o?.close())

  test('set a lock; lock; reload: still locked, no amount in the DOM; three wrong, the back-off; unlock', async () => {
    const { page } = o
    const amounts = amountForms(o)
    expect(amounts.length).toBeGreaterThan(0)
    // the balances are on Home to begin with
    await expect.poll(() => dom(page), { timeout: 20_000 }).toContain(amounts[0])

    // set a lock in Settings
    await navTo(page, 'Settings')
    await page.getByLabel('New passphrase', { exact: true }).fill(PASSPHRASE)
    await page.getByLabel('The new passphrase again').fill(PASSPHRASE)
    await page.getByRole('button', { name: 'Set lock' }).click()
    await expect
      .poll(() => page.getByTestId('lock-state').textContent(), { timeout: 30_000 })
      .toMatch(/^A passphrase is set/)

    // lock from the screen's head
    await navTo(page, 'Home')
    await page.locator('.screen-head').getByRole('button', { name: 'Lock now' }).click()
    await lockScreenShown(page)

    // reload: still locked, and nothing of the wallets anywhere in the page
    await page.reload()
    await lockScreenShown(page)
    const html = await dom(page)
    for (const a of amounts) expect(html, a).not.toContain(a)
    expect(html).not.toMatch(/\bsats?\b|Transactions|Receive/)
    expect(await page.getByRole('navigation').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expect(await axeViolations(page, 'lock screen')).toEqual([])
    // main refuses the page itself, whatever its code does
    expect(await bridge(page, 'wallets.list', {})).toMatchObject({ ok: false, error: { code: 'locked' } })
    expect(await bridge(page, 'history.page', {})).toMatchObject({ ok: false, error: { code: 'locked' } })

    // three wrong passphrases: 1 s, 2 s, then 4 s to wait
    await tryPassphrase(page, 'not the passphrase')
    await waitVisible(page, /That passphrase is not right\. Try again in 1 s\./, 30_000)
    await tryPassphrase(page, 'still not the passphrase')
    await waitVisible(page, /That passphrase is not right\. 2 wrong tries\. Try again in 2 s\./, 30_000)
    await tryPassphrase(page, 'wrong a third time')
    await waitVisible(page, /That passphrase is not right\. 3 wrong tries\. Try again in 4 s\./, 30_000)

    // the back-off: the button waits, and main itself refuses even the right passphrase meanwhile
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE)
    expect(await page.getByRole('button', { name: 'Unlock', exact: true }).isDisabled()).toBe(true)
    expect(await bridge(page, 'lock.unlock', { passphrase: PASSPHRASE })).toMatchObject({
      ok: true,
      value: { outcome: 'wait' },
    })
    // a reload does not shorten it: the page learns the wait from main again
    await page.reload()
    await lockScreenShown(page)
    await waitVisible(page, /3 wrong tries\. Try again in [1-4] s\./)
    expect(await dom(page)).not.toContain(amounts[0])

    // unlock once the wait is over
    await tryPassphrase(page, PASSPHRASE)
    await expect.poll(() => dom(page), { timeout: 30_000 }).toContain(amounts[0])
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true)
    expect(await bridge(page, 'wallets.list', {})).toMatchObject({ ok: true })
  })
})

test('the lock screen comes with the first screen, whose scripts carry none of the contract’s schemas', () => {
  assertRendererBuilt()
  const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8')
  const first = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string)
  expect(first.length).toBeGreaterThan(0)
  const code = first.map((f) => readFileSync(join(RENDERER_DIR, f), 'utf8')).join('\n')
  // its words come with the catalog, fetched before the first screen shows (docs/i18n.md)
  expect(code).toContain('lockScreen.lightningTrayIsLocked')
  // zod is loaded with the screens that need it, never before the first one (api.ts)
  expect(code).not.toMatch(/ZodError/)
})
