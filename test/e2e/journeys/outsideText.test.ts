// Text from others, where it shows: a right-to-left override or a zero-width character in each
// kind of outside text (LNURL-pay metadata, a success action, the service's reading of an
// invoice's description, a wallet's label from the service, a payer's comment and its
// notification, another service's voucher description) is gone from what Chromium renders; an
// LNURL-pay whose minimum is above its maximum is refused in words.
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { alertText, askWhatItOffers, fastPolling, navTo, service, waitVisible } from './support'

const RLO = '\u202E'
const PDF = '\u202C'
const ZWSP = '\u200B'
/** what must never reach the screen: control and format characters */
const HIDDEN = /[\p{Cc}\p{Cf}]/u

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await fastPolling(o)
})
afterAll(() => o?.close())

/** The rendered text of `where`, checked clean; it is returned for what it must say. */
async function shownClean(where: Locator): Promise<string> {
  const text = (await where.textContent()) ?? ''
  expect(text).not.toMatch(HIDDEN)
  return text
}

async function lookUp(input: string) {
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Send')
  await o.page.getByLabel('Lightning address or invoice').fill(input)
  await o.page.getByRole('button', { name: 'Look up' }).click()
}

async function payShown(amount: string) {
  await o.page.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
  await o.page.getByLabel('Amount (sats)').fill(amount)
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, 'Confirm payment')
  await o.page.getByRole('button', { name: 'Send now' }).click()
  await waitVisible(o.page, /^Sent$/)
  return o.page.getByRole('status').filter({ hasText: 'Sent' })
}

test("an LNURL-pay's text/plain and text/long-desc, and its success action's message", async () => {
  o.sim.control.addRecipient({
    address: 'spoof@sim.example',
    description: `Refund desk ${RLO}000,01 evig lliw ew${PDF}`,
    longDescription: `Read${ZWSP}me: every\u0000thing is fine${RLO}`,
    minSendableMsat: 1000,
    maxSendableMsat: 10_000_000,
    commentAllowed: 0,
    successAction: { tag: 'message', message: `Paid${ZWSP} in ${RLO}lluf${PDF}` },
  })
  await lookUp('spoof@sim.example')
  const card = o.page.getByRole('region', { name: 'Recipient' })
  await card.waitFor()
  const text = await shownClean(card)
  expect(text).toContain('Refund desk 000,01 evig lliw ew')
  expect(text).toContain('Readme: everything is fine')
  const receipt = await payShown('21')
  expect(await shownClean(receipt)).toContain('From the recipientPaid in lluf')
  await o.page.getByRole('button', { name: 'Done' }).click()
})

test("a success action's link description", async () => {
  o.sim.control.addRecipient({
    address: 'tickets2@sim.example',
    description: 'Tickets',
    minSendableMsat: 1000,
    maxSendableMsat: 10_000_000,
    commentAllowed: 0,
    successAction: { tag: 'url', description: `Your${ZWSP} ${RLO}tekcit`, url: 'https://tickets.example/t/1' },
  })
  await lookUp('tickets2@sim.example')
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor()
  const receipt = await payShown('21')
  expect(await shownClean(receipt)).toContain('Your tekcit')
  await o.page.getByRole('button', { name: 'Done' }).click()
})

test("the service's reading of an invoice's description", async () => {
  const pr = o.sim.control.outside.payee({ amountSat: 50, memo: `Coffee ${RLO}x2${PDF}${ZWSP}` }).payment_request
  await lookUp(pr)
  const card = o.page.getByRole('region', { name: 'Invoice' })
  await card.waitFor()
  expect(await shownClean(card)).toContain('Coffee x2')
})

test("a wallet's label from the service", async () => {
  const w = o.sim.control.createWallet(`Sav${ZWSP}ings ${RLO}bonus`, 10)
  await o.page.reload()
  const card = o.page.getByRole('listitem', { name: 'Wallet Savings bonus' })
  await card.waitFor({ timeout: 15_000 })
  expect(await shownClean(card)).toContain('Savings bonus')
  expect(await shownClean(o.page.getByRole('main'))).toContain('Savings bonus')
  expect(w.label).toContain(RLO)
})

test("a payer's comment in the history, the detail and the notification", async () => {
  const w = o.sim.keys.wallets[1]!
  const wallet = (await service(o, 'GET', `/v1/wallet/${w.id}`)).data as { default_lnurlpay_id: string }
  await navTo(o.page, 'Home')
  await o.app.sync.idle()
  const told = o.booted.notifications.length
  o.sim.control.outside.payLink(wallet.default_lnurlpay_id, 3_000, `for ${RLO}srewolf${PDF} the${ZWSP} flowers`)
  await expect.poll(() => o.booted.notifications.length - told, { timeout: 15_000 }).toBe(1)
  const body = o.booted.notifications.at(-1)?.body ?? ''
  expect(body).not.toMatch(/[\p{Cf}]/u)
  expect(body).toContain('for srewolf the flowers')

  await navTo(o.page, 'Transactions')
  const row = o.page.locator('li.history-row').filter({ hasText: 'for srewolf the flowers' }).first()
  await row.waitFor({ timeout: 15_000 })
  await shownClean(row)
  await row.getByRole('button', { name: /^Details of/ }).click()
  await o.page.getByRole('heading', { name: 'Transaction' }).waitFor()
  const details = o.page.locator('dl.details')
  const shown = await shownClean(details)
  // the service writes the payer's comment as the invoice's memo too: shown once, cleaned
  expect(shown).toContain('Memofor srewolf the flowers')
  expect(shown.split('for srewolf the flowers')).toHaveLength(2)
})

test("another service's voucher description", async () => {
  const v = o.sim.control.outside.voucher({ minSat: 1, maxSat: 100, description: `A ${RLO}pit${PDF}${ZWSP} for you` })
  await navTo(o.page, 'Scan')
  await o.page.getByLabel('Or paste the text').fill(v.url.replace(/^http:\/\//, 'lnurlw://'))
  await o.page.getByRole('button', { name: 'Use this text' }).click()
  // the voucher's server is the account's own service: asked at one press, no warning
  await askWhatItOffers(o.page, new URL(o.sim.url).host)
  const offer = o.page.locator('.claim-offer')
  await offer.waitFor({ timeout: 15_000 })
  expect(await shownClean(offer)).toContain('A pit for you')
})

test('an LNURL-pay whose minimum is above its maximum is refused in words', async () => {
  // the simulator's own control refuses such a recipient: a lying server is put in directly
  o.sim.control.ledger.recipients.set('backwards@sim.example', {
    address: 'backwards@sim.example',
    description: 'Backwards',
    minSendableMsat: 5_000_000,
    maxSendableMsat: 1_000,
    commentAllowed: 0,
  })
  await lookUp('backwards@sim.example')
  const said = await alertText(o.page)
  expect(said).toContain('asks for at least 5,000 sats and at most 1 sat, which no amount can be')
  expect(await o.page.getByRole('region', { name: 'Recipient' }).count()).toBe(0)
  expect(await o.page.getByText(/^Accepts /).count()).toBe(0)
})
