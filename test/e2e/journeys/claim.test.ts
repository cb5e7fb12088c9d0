// Journey: claiming someone else's withdraw link (a voucher like the demo's, served by the
// simulator, the account's own service, so no private-address warning comes first): scanned,
// pasted or typed, in full or in part; spent, expired, refused with a reason (its invoice then
// waits for nobody), or never answered; a double click claims once. Then the app's own withdraw
// links: one claimed for less than its amount says what was taken, and a waiting one opens to
// show its QR code again, read back from a screenshot.

import { voucherShortId } from '@shared/vouchers'
import QRCode from 'qrcode'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LnTx } from '../../../electron/main/services/backends/service/schemas'
import { linkAction } from '../../../electron/main/shell/links'
import type { VoucherSpec } from '../../simulator/outside'
import { handOverInvoice, readWithdrawRequest } from '../../support/lud03Client'
import { type OpenedApp, openApp, readQrFromPage } from '../harness'
import { alertText, askWhatItOffers, dropImage, fastPolling, mainCall, navTo, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await fastPolling(o)
})
afterAll(() => o?.close())

const voucher = (spec: VoucherSpec) => o.sim.control.outside.voucher(spec)
const claimsOf = (id: string) => o.sim.control.outside.vouchers().find((v) => v.id === id)!.claims
const host = () => new URL(o.sim.url).host
const invoicesMade = () => o.sim.control.requests({ method: 'POST', path: /\/invoice$/ }).length
/** LUD-17's form says "withdraw" itself: the app asks nobody else before showing the offer */
const lnurlw = (url: string) => url.replace(/^http:\/\//, 'lnurlw://')

async function pasteIntoScan(text: string) {
  await navTo(o.page, 'Scan')
  await o.page.getByLabel('Or paste the text').fill(text)
  await o.page.getByRole('button', { name: 'Use this text' }).click()
  // the voucher's server is the account's own service: one press, no warning
  await askWhatItOffers(o.page, host())
}

async function claim(amount: string) {
  await o.page.getByLabel('Amount (sats)').fill(amount)
  await o.page.getByRole('button', { name: 'Claim', exact: true }).click()
}

test('a scanned voucher QR shows who offers how much, and claims it in full', async () => {
  const w = o.sim.keys.wallets[0]!
  const v = voucher({ maxSat: 3_000, minSat: 10, description: 'Meetup <b>gift</b>' })
  const before = o.sim.control.balanceMsat(w.id)
  await navTo(o.page, 'Scan')
  // a bech32 LNURL that does not say what it is: Send's look-up fails, the link itself is asked
  const png = await QRCode.toBuffer(v.lnurl, { errorCorrectionLevel: 'M', margin: 4, scale: 6 })
  await o.page.locator('#scan-file').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: png })
  await o.page.getByRole('button', { name: 'Look up' }).click({ timeout: 30_000 })
  await o.page.getByRole('heading', { name: 'Claim sats' }).waitFor({ timeout: 30_000 })
  // on this computer, yet the account's own service's server: no warning before the offer
  await waitVisible(o.page, `${host()} offers 10–3,000 sats.`)
  expect(await o.page.getByTestId('private-host-warning').count()).toBe(0)
  // the other side's text is shown as text
  await waitVisible(o.page, '“Meetup <b>gift</b>”')
  expect(await o.page.locator('.claim-offer b').count()).toBe(0)
  expect(await o.page.getByLabel('Amount (sats)').inputValue()).toBe('3000')
  await o.page.getByLabel('Wallet').selectOption(w.id)
  await o.page.getByRole('button', { name: 'Claim', exact: true }).click()
  await waitVisible(o.page, 'Received 3,000 sats.')
  expect(o.sim.control.balanceMsat(w.id) - before).toBe(3_000_000)
  expect(claimsOf(v.id)).toMatchObject([{ amountMsat: 3_000_000, paid: true }])
})

test('a pasted voucher claimed in part: only the chosen amount arrives, and says so', async () => {
  const w = o.sim.keys.wallets[0]!
  const v = voucher({ maxSat: 3_000 })
  const before = o.sim.control.balanceMsat(w.id)
  await pasteIntoScan(lnurlw(v.url))
  await waitVisible(o.page, `${host()} offers 1–3,000 sats.`)
  await o.page.getByLabel('Wallet').selectOption(w.id)
  await claim('1,000')
  await waitVisible(o.page, 'Received 1,000 sats.')
  expect(o.sim.control.balanceMsat(w.id) - before).toBe(1_000_000)
  expect(claimsOf(v.id)).toMatchObject([{ amountMsat: 1_000_000, paid: true }])
})

test('a voucher QR dropped on Scan, and a lightning: link from the system, open Claim', async () => {
  const dropped = voucher({ maxSat: 250 })
  await navTo(o.page, 'Scan')
  const png = await QRCode.toBuffer(lnurlw(dropped.url), { errorCorrectionLevel: 'M', margin: 4, scale: 6 })
  await dropImage(o.page, png)
  await askWhatItOffers(o.page, host())
  await waitVisible(o.page, `${host()} offers 1–250 sats.`)

  // what the shell does with lightning:LNURL1… from the OS (a bech32 LNURL that does not say its kind)
  const linked = voucher({ maxSat: 260 })
  const action = linkAction(`lightning:${linked.lnurl}`)
  if (action.kind !== 'navigate') throw new Error('the link was not opened')
  o.booted.events.emit('navigate', action.target)
  await o.page.getByRole('button', { name: 'Look up' }).click({ timeout: 30_000 })
  await waitVisible(o.page, `${host()} offers 1–260 sats.`, 30_000)
})

test('an amount outside the offer is refused before anything is sent', async () => {
  const v = voucher({ minSat: 100, maxSat: 200 })
  await pasteIntoScan(lnurlw(v.url))
  await waitVisible(o.page, `${host()} offers 100–200 sats.`)
  await claim('201')
  expect(await alertText(o.page)).toContain('Choose a whole number of sats from 100–200 sats.')
  expect(o.sim.control.outside.vouchers().find((x) => x.id === v.id)!.calls).toHaveLength(1)
})

test('spent, expired and refused vouchers are said in plain words', async () => {
  await pasteIntoScan(lnurlw(voucher({ uses: 0 }).url))
  await expect.poll(() => alertText(o.page)).toMatch(/^This withdraw link has already been claimed/)
  // used up stays used up: no "Try again" under it
  expect(await o.page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
  await pasteIntoScan(lnurlw(voucher({ expiresIn: -60 }).url))
  await expect.poll(() => alertText(o.page)).toMatch(/^This withdraw link has expired/)
  expect(await o.page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
  await pasteIntoScan(lnurlw(voucher({ descriptor: 'error', errorReason: 'Faucet is dry' }).url))
  await expect.poll(() => alertText(o.page)).toContain(`${host()} refuses: “Faucet is dry”.`)
  // refused only when the invoice is handed over: said, and nothing arrives
  const v = voucher({ callback: 'error', errorReason: 'Maximum number of uses already reached' })
  await pasteIntoScan(lnurlw(v.url))
  await waitVisible(o.page, `${host()} offers 1–1,000 sats.`)
  const made = invoicesMade()
  await claim('707')
  await expect.poll(() => alertText(o.page)).toContain('“Maximum number of uses already reached”')
  expect(claimsOf(v.id)).toEqual([])
  // its invoice exists at the service, but waits for nobody: not among the invoices to pay
  expect(invoicesMade()).toBe(made + 1)
  await navTo(o.page, 'Receive')
  await o.page.locator('.invoice-row').first().waitFor()
  expect(await o.page.locator('.invoices').textContent()).not.toContain('707 sats')
})

test('an expired or spent voucher typed into Send says its own answer, never the service’s look-up (N2)', async () => {
  for (const [spec, words] of [
    [{ expiresIn: -60 }, /^This withdraw link has expired/],
    [{ uses: 0 }, /^This withdraw link has already been claimed/],
  ] as const) {
    const v = voucher(spec)
    await navTo(o.page, 'Send')
    await o.page.getByLabel('Lightning address').fill(v.lnurl)
    await o.page.getByRole('button', { name: 'Look up' }).click()
    // the service knows no such pay link; the link itself is asked
    await expect.poll(() => alertText(o.page)).toMatch(words)
    // asked again from Send: Send says the voucher's answer itself
    await navTo(o.page, 'Send')
    await o.page.getByLabel('Lightning address').fill(v.lnurl)
    await o.page.getByRole('button', { name: 'Look up' }).click()
    await expect.poll(() => alertText(o.page)).toMatch(words)
    expect(await o.page.getByRole('heading', { name: 'Send' }).count()).toBe(1)
    expect(await o.page.locator('body').textContent()).not.toMatch(/Invalid Address|could not be used/)
  }
})

test('a voucher server that never answers is given up on, with a way to try again', async () => {
  const v = voucher({ descriptor: 'stall' })
  await pasteIntoScan(lnurlw(v.url))
  await waitVisible(o.page, 'Asking the link what it offers…')
  await expect
    .poll(() => alertText(o.page), { timeout: 20_000 })
    // what happened, what to do next, and the button
    .toBe(
      `${host()} did not answer within 10 seconds.` +
        'Try again in a moment. If it keeps happening, the server may be slow right now.Try again',
    )
}, 40_000)

test('an unreadable answer to the invoice is said as unknown: the invoice is followed, with a way to check', async () => {
  const v = voucher({ callback: 'garbage' })
  await pasteIntoScan(lnurlw(v.url))
  await waitVisible(o.page, `${host()} offers 1–1,000 sats.`)
  await claim('20')
  await waitVisible(o.page, 'It may still pay: the invoice is watched until it expires.')
  await waitVisible(o.page, `Waiting for ${host()} to pay 20 sats…`)
  await o.page.getByRole('button', { name: 'Check now' }).click()
  await waitVisible(o.page, `Waiting for ${host()} to pay 20 sats…`)
  expect(await o.page.getByRole('button', { name: 'Claim', exact: true }).count()).toBe(0)
})

test('a double click claims once', async () => {
  const w = o.sim.keys.wallets[0]!
  const v = voucher({ maxSat: 400, uses: 5 })
  const before = o.sim.control.balanceMsat(w.id)
  await pasteIntoScan(lnurlw(v.url))
  await waitVisible(o.page, `${host()} offers 1–400 sats.`)
  await o.page.getByLabel('Wallet').selectOption(w.id)
  await o.page.getByRole('button', { name: 'Claim', exact: true }).dblclick()
  await waitVisible(o.page, 'Received 400 sats.')
  expect(claimsOf(v.id)).toHaveLength(1)
  expect(o.sim.control.balanceMsat(w.id) - before).toBe(400_000)
})

test("the app's own link claimed for less says what was taken; a waiting one shows its QR again", async () => {
  const w = o.sim.keys.wallets[0]!
  const third = o.sim.control.createWallet('Third-party wallet')
  const made = async (amountSat: number, memo: string) => {
    const r = await mainCall(o, 'withdraw.create', { walletId: w.id, amountSat, memo, requestId: `req-${memo}` })
    if (!r.ok) throw new Error(r.error.message)
    return r.value as { lnurl: string; uri: string; ott: string }
  }
  const partial = await made(3_000, 'partly')
  const waiting = await made(700, 'later')
  // an independent LUD-03 wallet takes 1,000 of the 3,000
  const req = await readWithdrawRequest(partial.lnurl)
  if ('status' in req) throw new Error('no withdraw request')
  const inv = await service(o, 'POST', `/v1/wallet/${third.keys.invoice}/invoice`, { num_satoshis: 1_000, memo: 'x' })
  expect(await handOverInvoice(req, LnTx.parse(inv.data).payment_request)).toEqual({ status: 'OK' })

  await navTo(o.page, 'Withdraw')
  const row = (ott: string) => o.page.getByRole('listitem', { name: `Withdraw link ${voucherShortId(ott)}` })
  await expect.poll(() => row(partial.ott).textContent(), { timeout: 30_000 }).toMatch(/Claimed on .+: 1,000 sats/)
  expect(await row(partial.ott).textContent()).toContain('3,000 sats')
  expect(await row(waiting.ott).textContent()).toContain('Waiting')

  await o.page.getByRole('button', { name: `Show withdraw link ${voucherShortId(waiting.ott)}` }).click()
  await waitVisible(o.page, 'Waiting to be claimed')
  expect(await readQrFromPage(o.page, '.qr canvas')).toBe(`lightning:${waiting.lnurl.toUpperCase()}`)
  expect(waiting.uri).toBe(`lightning:${waiting.lnurl.toUpperCase()}`)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
