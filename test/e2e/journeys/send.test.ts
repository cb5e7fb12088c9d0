// Journey 5: send to a lightning address, and its error journeys: invalid address, amount out of
// range, insufficient funds (with the fee, caught before confirming), and a payment whose outcome
// is unknown (never re-sent).
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { alertText, navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())
beforeEach(async () => {
  o.sim.control.clearFaults()
  // a fresh Send screen each time
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Send')
})

const payPosts = () => o.sim.control.requests({ method: 'POST', path: /lnurlp\/pay/ }).length

async function lookUp(address: string) {
  await o.page.getByLabel('Lightning address').fill(address)
  await o.page.getByRole('button', { name: 'Look up' }).click()
}

async function review(walletId: string, amount: string, comment?: string) {
  await o.page.getByLabel('Wallet').selectOption(walletId)
  await o.page.getByLabel('Amount (sats)').fill(amount)
  if (comment !== undefined) await o.page.getByLabel(/^Comment/).fill(comment)
  await o.page.getByRole('button', { name: 'Review' }).click()
}

test('probe, limits, comment, confirm, and one payment however often Send is clicked', async () => {
  const w = o.sim.keys.wallets[0]!
  const before = o.sim.control.balanceMsat(w.id)
  const postsBefore = payPosts()
  await lookUp('Alice@Sim.Example')
  const recipient = o.page.getByRole('region', { name: 'Recipient' })
  await recipient.waitFor()
  const text = (await recipient.textContent()) ?? ''
  const alice = o.sim.control.recipients().find((r) => r.address === 'alice@sim.example')!
  expect(text).toContain(alice.description)
  expect(text).toContain(`${formatMsat(alice.minSendableMsat)} to ${formatMsat(alice.maxSendableMsat)}`)
  expect(text).toContain(`up to ${alice.commentAllowed} characters`)
  expect(await o.page.getByLabel(/^Comment/).getAttribute('maxlength')).toBe(String(alice.commentAllowed))

  await review(w.id, '2,100', 'for the coffee')
  await waitVisible(o.page, 'Confirm payment')
  expect(payPosts()).toBe(postsBefore) // nothing sent before confirming
  const sendNow = o.page.getByRole('button', { name: 'Send now' })
  await sendNow.dblclick()
  await sendNow.click({ force: true, timeout: 2000 }).catch(() => {}) // disabled or gone by now
  await waitVisible(o.page, /^Sent$/)
  expect(payPosts()).toBe(postsBefore + 1)
  const after = o.sim.control.balanceMsat(w.id)
  const fee = before - after - 2_100_000
  expect(fee).toBeGreaterThanOrEqual(0)
  const result = (await o.page.getByRole('status').filter({ hasText: 'Sent' }).textContent()) ?? ''
  expect(result).toContain(formatMsat(2_100_000))
  expect(result).toContain(formatMsat(fee))
  expect(result).toMatch(/Preimage \(proof of payment\)[0-9a-f]{64}/)
})

test('an invalid address gets a clear message and nothing is sent', async () => {
  const posts = payPosts()
  await lookUp('not an address')
  expect((await alertText(o.page)).length).toBeGreaterThan(10)
  await lookUp('nobody@unknown.invalid')
  await expect.poll(() => alertText(o.page), { timeout: 20_000 }).toMatch(/.{10,}/)
  expect(payPosts()).toBe(posts)
})

test('an amount outside the recipient limits or a comment it does not allow is refused before confirming', async () => {
  const w = o.sim.keys.wallets[0]!
  await lookUp('bob@sim.example') // min 1,000, max 50,000 sats, no comment
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor()
  expect(await o.page.getByLabel(/^Comment/).count()).toBe(0)
  await review(w.id, '999')
  expect(await alertText(o.page)).toContain('at least 1,000 sats')
  await review(w.id, '50,001')
  expect(await alertText(o.page)).toContain('at most 50,000 sats')
  expect(await o.page.getByText('Confirm payment').count()).toBe(0)
})

test('more than the wallet holds with the fee: refused before confirming in plain words, nothing sent', async () => {
  const w = o.sim.keys.wallets[0]!
  const before = o.sim.control.balanceMsat(w.id)
  const tooMuch = Math.floor(before / 1000) + 5000
  const posts = payPosts()
  await lookUp('shop@sim.example')
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor()
  await review(w.id, String(tooMuch))
  const msg = await alertText(o.page)
  expect(msg).toMatch(
    /^Not enough in .+: [\d,.]+ sats, this needs up to [\d,.]+ sats with the fee\. ?Choose a smaller amount or another wallet, or receive funds first\.$/,
  )
  expect(msg).not.toMatch(/Invoice too large|Max balance/)
  expect(o.sim.control.balanceMsat(w.id)).toBe(before)
  expect(payPosts()).toBe(posts)
  expect(await o.page.getByRole('button', { name: 'Send now' }).count()).toBe(0)
})

test('unknown outcome: said plainly, a way to check the transactions, and never re-sent', async () => {
  const w = o.sim.keys.wallets[0]!
  await lookUp('alice@sim.example')
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor()
  await review(w.id, '321')
  o.sim.control.injectFault({ method: 'POST', path: /lnurlp\/pay/, kind: 'reset', when: 'after', times: 1 })
  const posts = payPosts()
  await o.page.getByRole('button', { name: 'Send now' }).click()
  await waitVisible(o.page, 'The outcome of this payment is unknown.', 30_000)
  expect(await o.page.getByRole('button', { name: 'Send now' }).count()).toBe(0)
  // every call the page made is answered and main's work after them done: a second send would be in
  await o.settled()
  expect(payPosts()).toBe(posts + 1)
  // said once, also when Send is opened again and its list of payments in progress is read: one
  // card, not a second list of the same payment, nor main's words repeating it
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Send')
  await waitVisible(o.page, 'The outcome of this payment is unknown.')
  // the screen's read of the payments in progress is answered and shown
  await o.settled()
  expect(await o.page.getByText(/may or may not have been sent/).count()).toBe(1)
  expect(await o.page.getByRole('region', { name: 'Payments in progress' }).count()).toBe(0)
  await o.page.getByRole('button', { name: 'Check transactions' }).click()
  await waitVisible(o.page, 'Transactions')
  // the sync loop's next tick, now: it stores the payment and announces ledger.updated
  await syncNow(o.app)
  // the payment did go through on the service: the list shows it
  await expect
    .poll(() => o.page.locator('ul.history').textContent(), { timeout: 15_000 })
    .toContain(formatMsat(-321_000, { signed: true }))
  expect(payPosts()).toBe(posts + 1)
})
