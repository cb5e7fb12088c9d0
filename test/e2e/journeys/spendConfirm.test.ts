/// <reference lib="dom" />
// A payment over the confirm limit, at 360×600 (docs/security.md, "Spending rules"): the
// confirmation asks for the app's passphrase, refuses a missing or wrong one in plain words without
// sending anything, and pays once it is right; the daily limit's remainder shows beside it.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testPassphrase } from '../../support/passphrase'
import { type OpenedApp, openApp } from '../harness'
import { alertText, mainCall, navTo, waitVisible } from './support'

const PASS = 'the app passphrase'
let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo', viewport: { width: 360, height: 600 }, passphrase: testPassphrase(PASS) })
  const r = await mainCall(o, 'spending.set', {
    accountId: o.app.accounts.active().id,
    confirmAboveSat: 100,
    dailyLimitSat: 10_000,
  })
  expect(r.ok).toBe(true)
})
afterAll(() => o?.close())

const payPosts = () => o.sim.control.requests({ method: 'POST', path: /lnurlp\/pay/ }).length

test('over the confirm limit the passphrase is asked for, and only the right one sends', async () => {
  await navTo(o.page, 'Send')
  await o.page.getByLabel('Lightning address').fill('alice@sim.example')
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
  await o.page.getByLabel('Amount (sats)').fill('250')
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, 'Confirm payment')
  expect(await o.page.getByTestId('left-today').textContent()).toContain('Left to spend today: 10,000 sats')
  const before = payPosts()
  const sendNow = o.page.getByRole('button', { name: 'Send now' })
  await sendNow.click()
  expect(await alertText(o.page)).toContain('passphrase')
  await o.page.getByLabel('Passphrase (needed over 100 sats)').fill('not it')
  await sendNow.click()
  await waitVisible(o.page, 'That passphrase is not right.')
  expect(payPosts()).toBe(before)
  await o.page.getByLabel('Passphrase (needed over 100 sats)').fill(PASS)
  await sendNow.click()
  await waitVisible(o.page, /^Sent$/)
  expect(payPosts()).toBe(before + 1)
})
