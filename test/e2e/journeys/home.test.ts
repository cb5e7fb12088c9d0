// Journey 2: every wallet with its balance and the total, refresh, quick actions; and the
// service going down mid-session, then coming back.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CSP } from '../../../electron/main/shell/csp'
import { type OpenedApp, openApp } from '../harness'
import { alertText, service, waitVisible } from './support'

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

test('refresh shows money that arrived meanwhile', async () => {
  const w = o.sim.keys.wallets[0]!
  await o.sim.control.payInbound(w.id, 1234, 'refresh test')
  await o.page.getByRole('button', { name: 'Refresh' }).click()
  const msat = o.sim.control.balanceMsat(w.id)
  await expect.poll(() => cardOf(w.label).textContent(), { timeout: 15_000 }).toContain(formatMsat(msat))
})

test('quick actions open the journey for that wallet', async () => {
  const w = o.sim.keys.wallets[1]!
  await o.page.getByRole('button', { name: `Receive to ${w.label}` }).click()
  await waitVisible(o.page, 'Create invoice')
  expect(await o.page.getByLabel('Wallet').inputValue()).toBe(w.id)
  await o.page.getByRole('button', { name: '← Home' }).click()
  await o.page.getByRole('button', { name: `Transactions of ${w.label}` }).click()
  await expect.poll(() => o.page.locator('#tx-wallet').inputValue()).toBe(w.id)
  await o.page.getByRole('button', { name: '← Home' }).click()
})

test('service down mid-session: a clear error with a retry; back up: the retry shows balances', async () => {
  o.sim.control.injectFault({ method: 'GET', path: '/v1/wallets', kind: 'status', status: 503 })
  await o.page.getByRole('button', { name: 'Refresh' }).click()
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
