/// <reference lib="dom" />
// No English left under a translated page in the browser preview (issue 45): the language is
// chosen in Settings as a person does, and what main says (a refusal, a notification) comes in
// that language, as do the history's Type filter and About's keychain line, which the page says.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { catalog, navTo } from './support'

let o: OpenedApp
const de = catalog('de')
const en = catalog('en')
beforeAll(async () => {
  o = await openApp({ seed: 'demo', viewport: { width: 360, height: 600 } })
})
afterAll(() => o?.close())

test('the preview set to German in Settings: a refusal from main in German', async () => {
  const p = o.page
  await navTo(p, 'Settings')
  await p.locator('#language').selectOption('de')
  await expect.poll(() => p.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe('de')

  await navTo(p, de('app.navSend'))
  await p.locator('#address').fill('nobody@unknown.invalid')
  await p.getByRole('button', { name: de('send.lookUp') }).click()
  const alert = p.getByRole('alert').filter({ hasText: de('client.probeFailed') })
  await alert.waitFor({ timeout: 20_000 })
  expect(
    await p
      .getByRole('alert')
      .filter({ hasText: en('client.probeFailed') })
      .count(),
  ).toBe(0)
})

test('a payment arriving is notified in German', async () => {
  const p = o.page
  await navTo(p, de('app.navReceive'))
  await p.locator('#amount').fill('21.000')
  await p.getByRole('button', { name: de('receive.createInvoice') }).click()
  await p.getByText(de('receive.waitingForPayment')).waitFor()
  const seen = o.booted.notifications.length
  await o.sim.control.settleInvoice(o.app.sync.list().at(-1)!.id)
  await expect.poll(() => o.booted.notifications.length, { timeout: 20_000 }).toBeGreaterThan(seen)
  expect(o.booted.notifications.at(-1)?.title).toBe('21.000 sats empfangen')
})

test('the Type filter and About have no English words left', async () => {
  const p = o.page
  await syncNow(o.app)
  await navTo(p, de('app.navTransactions'))
  const more = p.locator('details.history-more')
  if ((await more.getAttribute('open')) === null) await more.locator('summary').click()
  const kinds = await p.locator('#tx-kind option').allTextContents()
  const ids = ['Lightning', 'Address', 'Withdraw', 'Transfer', 'Fee'].map((k) => `historyFilters.kind${k}`)
  expect(kinds).toEqual([de('historyFilters.everyType'), ...ids.map(de)])
  for (const id of ids) expect(de(id)).not.toBe(en(id))

  await navTo(p, de('app.navSettings'))
  const keychain = p.locator('.field-row', { hasText: de('settings.systemKeychain') }).locator('dd')
  expect(await keychain.textContent()).toBe(de('settings.keychainAvailable'))
})
