// Journey: payments whose outcome is unknown, as the walkthrough met them (N7, N8, N9). The sync
// loop is stopped, so only what the person does finds anything out. A payment whose answer was
// lost, one that never reached the service, one that never left: "Check again" says what it found
// for each; the one found paid is in Transactions at once; paying an invoice again that the
// journal has as unknown or paid is warned about first.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo, waitVisible } from './support'

let o: OpenedApp
let lostAnswer: string
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await o.app.sync.stop() // nothing finds anything out behind the person's back
})
afterAll(() => o?.close())

const withdrawals = () => o.sim.control.requests({ method: 'POST', path: /\/withdraw$/ }).length

async function lookUp(pr: string) {
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Send')
  await o.page.getByLabel('Lightning address or invoice').fill(pr)
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByRole('region', { name: 'Invoice', exact: true }).waitFor({ timeout: 15_000 })
  await o.page.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, 'Confirm payment')
}

/** Pays, meets "outcome unknown", and starts over. */
async function payIntoTheUnknown(pr: string) {
  await lookUp(pr)
  await o.page.getByRole('button', { name: 'Send now' }).click()
  await waitVisible(o.page, 'The outcome of this payment is unknown.')
  await o.page.getByRole('button', { name: 'Start over' }).click()
}

test('a lost answer, then the same invoice again: "You may already have paid this invoice" before paying (N8)', async () => {
  lostAnswer = o.sim.control.outside.payee({ amountSat: 1_110, memo: 'Lost answer test', expiry: 3600 }).payment_request
  // the service pays; its answer never arrives
  o.sim.control.injectFault({ path: '/withdraw', kind: 'reset', when: 'after', times: 1 })
  await payIntoTheUnknown(lostAnswer)
  const sent = withdrawals()
  await lookUp(lostAnswer)
  const warning = o.page.locator('.confirm').getByRole('alert')
  await expect.poll(() => warning.textContent()).toMatch(/^You may already have paid this invoice\..*unknown outcome/)
  expect(await o.page.getByRole('button', { name: 'Send now' }).count()).toBe(0)
  expect(await o.page.getByRole('button', { name: 'Pay it again' }).isVisible()).toBe(true)
  await o.page.getByRole('button', { name: 'Back', exact: true }).click()
  expect(withdrawals()).toBe(sent)
})

test('"Check again" says what it found: paid, failed with nothing taken, still unknown (N9); the paid one is in Transactions at once (N7)', async () => {
  // never reached the service: the connection dropped before it answered anything
  const nowhere = o.sim.control.outside.payee({ amountSat: 2_220, memo: 'Dropped', expiry: 3600 }).payment_request
  o.sim.control.injectFault({ path: '/withdraw', kind: 'reset', times: 1 })
  await payIntoTheUnknown(nowhere)
  // written, then the app stopped before it was sent
  o.app.journal().add({
    requestId: `req-never-${process.pid}`,
    accountId: o.app.accounts.list().activeId as string,
    walletId: o.sim.keys.wallets[0]!.id,
    kind: 'address',
    amountMsat: 3_330_000,
    feeLimitMsat: 33_300,
    target: 'alice@sim.example',
  })
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Send')
  const card = o.page.getByRole('region', { name: 'Payments in progress' })
  await expect.poll(() => card.locator('li').count()).toBe(3)
  await card.getByRole('button', { name: 'Check again' }).click()
  const found = card.getByTestId('check-result')
  await expect
    .poll(() => found.textContent(), { timeout: 15_000 })
    .toContain('It was paid: 1,110 sats to “Lost answer test”.')
  const said = (await found.textContent()) ?? ''
  expect(said).toContain('It failed, nothing was taken: 3,330 sats to alice@sim.example.')
  expect(said).toContain('Still unknown: the service has no payment of it yet.')
  // the one still unknown stays listed, with a way to check again
  expect(await card.locator('li').count()).toBe(1)
  expect(await card.locator('li').textContent()).toContain('2,220 sats')
  // said once, below, not also on its row ("Not found at the service yet…")
  expect(await card.locator('li').textContent()).not.toMatch(/not found|no payment/i)
  expect((await card.textContent())?.match(/not found|no payment/gi)).toHaveLength(1)

  // in Transactions now, with the sync loop stopped: Check again wrote it into the ledger
  await navTo(o.page, 'Transactions')
  await o.page.getByRole('searchbox').fill('Lost answer test')
  const row = o.page.locator('li.history-row').filter({ hasText: 'Lost answer test' })
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1)
  expect(await row.textContent()).toContain('1,110')
})

test('an invoice the journal has as paid: the warning says so, without a "may" (N8)', async () => {
  await lookUp(lostAnswer)
  const warning = o.page.locator('.confirm').getByRole('alert')
  await expect.poll(() => warning.textContent()).toMatch(/^You already paid this invoice\. The app paid it on /)
  await o.page.getByRole('button', { name: 'Back', exact: true }).click()
})
