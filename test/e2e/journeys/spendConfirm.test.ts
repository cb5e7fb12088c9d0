/// <reference lib="dom" />
// A payment over the confirm limit, at 360×600 (docs/security.md, "Spending rules"): the
// confirmation asks for the app's passphrase, refuses a missing or wrong one in plain words without
// sending anything, and pays once it is right; the daily limit's remainder shows beside it. A
// payment over what is left today is stopped at Review, as one over the balance is, and the
// confirmation offers no "Send now" for one the rules read there no longer allow.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testPassphrase } from '../../support/passphrase'
import { type OpenedApp, openApp } from '../harness'
import { alertText, mainCall, navTo, visible, waitVisible } from './support'

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
const dailyLimit = async (sat: number, passphrase?: string) =>
  expect(
    await mainCall(o, 'spending.set', {
      accountId: o.app.accounts.active().id,
      confirmAboveSat: 100,
      dailyLimitSat: sat,
      ...(passphrase ? { passphrase } : {}),
    }),
  ).toMatchObject({ ok: true })

/** the Send form filled in for 250 sats to alice; its rules read once the screen has asked main */
async function sendForm() {
  await navTo(o.page, 'Home')
  const read = o.page.waitForResponse((r) => r.url().includes('/__rpc/spending.get'))
  await navTo(o.page, 'Send')
  await read
  await o.page.getByLabel('Lightning address').fill('alice@sim.example')
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
  await o.page.getByLabel('Amount (sats)').fill('250')
}

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

test('over what is left today it stops at Review, in plain words, with nothing sent', async () => {
  await dailyLimit(200) // lowering needs no passphrase
  await sendForm()
  const before = payPosts()
  await o.page.getByRole('button', { name: 'Review' }).click()
  const words = await alertText(o.page)
  expect(words).toContain('This payment would go over the daily limit of 200 sats')
  expect(words).toContain('This payment needs up to 251 sats with its fee.')
  expect(words).toContain('change the spending limits in Settings')
  // still the form: no confirmation, no Send now, and nothing reached the service
  expect(await o.page.getByRole('button', { name: 'Review' }).isVisible()).toBe(true)
  expect(await visible(o.page, 'Confirm payment')).toBe(false)
  expect(await o.page.getByRole('button', { name: 'Send now' }).count()).toBe(0)
  expect(payPosts()).toBe(before)
})

test('rules lowered after the form read them: the confirmation says so and offers no Send now', async () => {
  await dailyLimit(10_000, PASS) // raising needs the passphrase
  await sendForm()
  // another window lowers the limit after this form read it
  await dailyLimit(200)
  const before = payPosts()
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, 'Confirm payment')
  await waitVisible(o.page, /would go over the daily limit of 200 sats/)
  expect(await o.page.getByTestId('left-today').textContent()).toMatch(/Left to spend today: \d+ sats of 200 sats/)
  expect(await o.page.getByRole('button', { name: 'Send now' }).count()).toBe(0)
  expect(payPosts()).toBe(before)
})
