// Journey 2: every wallet with its balance and the total, refresh, quick actions; and the
// service going down mid-session, then coming back.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CSP } from '../../../electron/main/shell/csp'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { alertText, navTo, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

async function serviceWallets() {
  const r = await service(o, 'GET', '/v1/wallets')
  expect(r.status).toBe(200)
  return r.data as Array<{ id: string; user_label: string; balance: number; balance_msat?: number }>
}
const cardOf = (label: string) => o.page.getByRole('listitem', { name: `Wallet ${label}` })

test('each wallet shows the balance the service holds, and the total is their sum', async () => {
  const wallets = o.sim.keys.wallets
  let total = 0
  for (const w of wallets) {
    const msat = o.sim.control.balanceMsat(w.id)
    total += msat
    await expect.poll(() => cardOf(w.label).textContent(), { timeout: 15_000 }).toContain(formatMsat(msat))
  }
  await expect.poll(() => o.page.getByTestId('total').textContent()).toBe(formatMsat(total))
  expect((await serviceWallets()).length).toBe(wallets.length)
})

test('once Home is idle, a tab opens without the "Opening the screen" placeholder', async () => {
  await cardOf(o.sim.keys.wallets[0]!.label).waitFor()
  // the tabs' code is fetched ahead once the balances are shown and the page is idle
  await o.page.waitForLoadState('networkidle')
  await o.page.waitForFunction(
    () => performance.getEntriesByType('resource').filter((e) => /\/assets\/Settings-.*\.js$/.test(e.name)).length > 0,
    undefined,
    { timeout: 15_000 },
  )
  await o.page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __placeholders: string[] }).__placeholders = seen
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('main [data-testid="skeleton"]')) seen.push(el.textContent ?? '')
    }).observe(document.body, { childList: true, subtree: true })
  })
  await o.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
  await o.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
  const seen = await o.page.evaluate(() => (window as unknown as { __placeholders: string[] }).__placeholders)
  expect(seen.filter((t) => t.includes('Opening the screen'))).toEqual([])
  await o.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click()
  await cardOf(o.sim.keys.wallets[0]!.label).waitFor()
})

test('refresh shows money that arrived meanwhile', async () => {
  const w = o.sim.keys.wallets[0]!
  await o.sim.control.payInbound(w.id, 1234, 'refresh test')
  await o.page.getByRole('button', { name: 'Refresh', exact: true }).click()
  const msat = o.sim.control.balanceMsat(w.id)
  await expect.poll(() => cardOf(w.label).textContent(), { timeout: 15_000 }).toContain(formatMsat(msat))
})

/** A wallet's actions are in its row's one menu. */
const menuOf = (label: string) => o.page.getByRole('button', { name: `Actions for ${label}` }).click()

test('quick actions open the journey for that wallet', async () => {
  const w = o.sim.keys.wallets[1]!
  await menuOf(w.label)
  await o.page.getByRole('button', { name: `Receive to ${w.label}` }).click()
  await waitVisible(o.page, 'Create invoice')
  expect(await o.page.getByLabel('Wallet').inputValue()).toBe(w.id)
  await navTo(o.page, 'Home')
  await menuOf(w.label)
  await o.page.getByRole('button', { name: `Transactions of ${w.label}` }).click()
  await expect.poll(() => o.page.locator('#tx-wallet').inputValue()).toBe(w.id)
  await navTo(o.page, 'Home')
})

test('recent activity: the last five rows, each saying what it was; an arrival gets a toast and a highlight', async () => {
  const w = o.sim.keys.wallets[0]!
  await syncNow(o.app)
  const rows = o.page.locator('.recent-row')
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5)
  // the refresh test's arrival is on the page (and may still be told): dismissed, so this one is told alone
  await expect.poll(() => rows.first().textContent(), { timeout: 15_000 }).toContain('refresh test')
  const toast = o.page.getByTestId('arrival-toast')
  if (await toast.isVisible()) await toast.getByRole('button', { name: 'Dismiss' }).click()
  await toast.waitFor({ state: 'hidden', timeout: 15_000 })
  await o.sim.control.payInbound(w.id, 777, 'Lunch with Ana')
  await syncNow(o.app)
  await toast.waitFor({ timeout: 15_000 })
  expect(await toast.textContent()).toContain('Received 777 sats · Lunch with Ana')
  const first = rows.first()
  expect(await first.textContent()).toContain('Lunch with Ana')
  expect(await first.textContent()).toContain('+777 sats')
  expect(await first.textContent()).toContain('just now')
  expect(await first.getAttribute('class')).toContain('arrived')
  await expect.poll(() => rows.count()).toBe(5)
})

test('a recent row opens its detail: one way back, and the Transactions tab marked as where it is', async () => {
  await o.page.locator('.recent-row').first().getByRole('button').click()
  await o.page.locator('dl.details dd', { hasText: 'Lunch with Ana' }).waitFor({ timeout: 15_000 })
  expect(await o.page.locator('dl.details').textContent()).toContain('+777 sats')
  const tab = o.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Transactions' })
  expect(await tab.getAttribute('aria-current')).toBe('page')
  expect(await o.page.getByRole('button', { name: '← Home' }).count()).toBe(0)
  await o.page.getByRole('button', { name: '← Back to transactions' }).click()
  await o.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click()
})

test('at 360×600 the total, the three actions and two wallets are on the first screen', async () => {
  await o.page.setViewportSize({ width: 360, height: 600 })
  try {
    await o.page.evaluate(() => window.scrollTo(0, 0))
    const bottom = async (l: ReturnType<typeof o.page.locator>) => {
      const box = await l.boundingBox()
      expect(box).not.toBeNull()
      return box!.y + box!.height
    }
    const main = o.page.locator('main')
    const things = [
      o.page.getByTestId('total'),
      main.getByRole('button', { name: 'Receive', exact: true }),
      main.getByRole('button', { name: 'Send', exact: true }),
      main.getByRole('button', { name: 'Scan', exact: true }),
      cardOf(o.sim.keys.wallets[0]!.label),
      cardOf(o.sim.keys.wallets[1]!.label),
    ]
    for (const t of things) expect(await bottom(t)).toBeLessThanOrEqual(600)
  } finally {
    await o.page.setViewportSize({ width: 420, height: 720 })
  }
})

test('service down mid-session: a clear error with a retry; back up: the retry shows balances', async () => {
  o.sim.control.injectFault({ method: 'GET', path: '/v1/wallets', kind: 'status', status: 503 })
  await o.page.getByRole('button', { name: 'Refresh', exact: true }).click()
  const message = await alertText(o.page)
  expect(message.length).toBeGreaterThan(10)
  expect(message).not.toMatch(/sak_/)
  const retry = o.page.getByRole('button', { name: 'Try again' })
  expect(await retry.isVisible()).toBe(true)
  // the balances shown before stay on screen while the service is down
  const w = o.sim.keys.wallets[0]!
  expect(await cardOf(w.label).textContent()).toContain(formatMsat(o.sim.control.balanceMsat(w.id)))

  o.sim.control.clearFaults()
  await o.sim.control.payInbound(w.id, 10, 'while down')
  await retry.click()
  await expect.poll(() => o.page.getByRole('alert').count(), { timeout: 15_000 }).toBe(0)
  await expect.poll(() => cardOf(w.label).textContent()).toContain(formatMsat(o.sim.control.balanceMsat(w.id)))
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test('the page carries the same Content-Security-Policy as the shell sets, and nothing broke it', async () => {
  const meta = await o.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
  expect(meta).toBe(CSP)
  expect(o.pageErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([])
})
