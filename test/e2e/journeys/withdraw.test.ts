// Journey 6: a one-time LNURL-withdraw link as a QR code that reads back to exactly the link the
// service minted; claimed by an independent LUD-03 client, it turns "Claimed"; then it is spent.
// A claimed link's row in Transactions, on Home and in its detail says the person's memo of the
// link and names it, not the memo of the claimer's invoice.

import { readFile } from 'node:fs/promises'
import { formatMsat } from '@shared/units'
import { voucherShortId } from '@shared/vouchers'
import { bech32 } from 'bech32'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { LnTx, LnurlStatus, WithdrawDescriptor } from '../../../electron/main/services/backends/service/schemas'
import { type OpenedApp, openApp, readQrFromPage } from '../harness'
import { alertText, fastPolling, mainCall, navTo, service, waitVisible } from './support'

let o: OpenedApp
let lnurl: string
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await fastPolling(o)
})
afterAll(() => o?.close())

function decodeLnurl(s: string): string {
  const { prefix, words } = bech32.decode(s.replace(/^lightning:/i, '').toLowerCase(), 1023)
  expect(prefix).toBe('lnurl')
  return Buffer.from(bech32.fromWords(words)).toString('utf8')
}
const withQuery = (url: string, q: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(q).toString()}`

/** An outside wallet claiming the link the LUD-03 way: read the descriptor, hand over an invoice. */
async function descriptor(link: string) {
  return (await (await fetch(decodeLnurl(link))).json()) as unknown
}
async function handOver(
  d: { callback: string; k1: string },
  sats: number,
  thirdPartyInvoiceKey: string,
  memo = 'claim',
) {
  const inv = await service(o, 'POST', `/v1/wallet/${thirdPartyInvoiceKey}/invoice`, { num_satoshis: sats, memo })
  const pr = LnTx.parse(inv.data).payment_request
  return LnurlStatus.parse(await (await fetch(withQuery(d.callback, { k1: d.k1, pr }))).json())
}

/** A link made on the Withdraw screen's form, as main lists it (found by its memo). */
async function makeOnScreen(amount: string, memo: string) {
  await o.page.getByLabel(/^Amount/).fill(amount)
  await o.page.getByLabel('Memo').fill(memo)
  await o.page.getByRole('button', { name: 'Create withdraw link' }).click()
  await waitVisible(o.page, 'Waiting to be claimed')
  const list = await mainCall(o, 'withdraw.list', {})
  if (!list.ok) throw new Error(list.error.message)
  const links = (list.value as { links: Array<{ lnurl: string; ott: string; memo: string }> }).links
  const link = links.find((l) => l.memo === memo)
  if (!link) throw new Error(`no link with the memo ${memo}`)
  return link
}

test('amount is checked against the balance, and the warning is plain', async () => {
  const w = o.sim.keys.wallets[0]!
  await navTo(o.page, 'Withdraw')
  await waitVisible(o.page, 'Whoever holds this QR code or link can take the funds.')
  await o.page.getByLabel('Wallet').selectOption(w.id)
  const tooMuch = Math.floor(o.sim.control.balanceMsat(w.id) / 1000) + 1
  await o.page.getByLabel(/^Amount/).fill(String(tooMuch))
  await o.page.getByRole('button', { name: 'Create withdraw link' }).click()
  expect(await alertText(o.page)).toContain('more than this wallet holds')
})

test('the QR reads back to lightning: + the upper-case LNURL the service minted; PNG and image copy work', async () => {
  const w = o.sim.keys.wallets[0]!
  const link = await makeOnScreen('1,500', 'gift <i>for you</i>')
  const qr = await readQrFromPage(o.page, '.qr canvas')
  expect(qr).toBe(`lightning:${link.lnurl.toUpperCase()}`)
  // the encoded URL is the service's one-time link for this wallet and amount
  const url = new URL(decodeLnurl(qr))
  expect(url.origin).toBe(o.sim.url)
  expect(url.searchParams.get('ott')).toBe(link.ott)
  expect(url.searchParams.get('num_satoshis')).toBe('1500')
  lnurl = link.lnurl
  await waitVisible(o.page, 'gift <i>for you</i>')
  expect(o.sim.control.balanceMsat(w.id)).toBeGreaterThanOrEqual(1_500_000)

  const [download] = await Promise.all([
    o.page.waitForEvent('download'),
    o.page.getByRole('button', { name: 'Save QR as PNG' }).click(),
  ])
  const png = await readFile((await download.path())!)
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(png.readUInt32BE(16)).toBeGreaterThan(100) // width from IHDR

  await o.page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await o.page.getByRole('button', { name: 'Copy QR image' }).click()
  await waitVisible(o.page, 'QR image copied')
  const types = await o.page.evaluate(async () => (await navigator.clipboard.read()).flatMap((i) => [...i.types]))
  expect(types).toContain('image/png')
})

test('claimed by an outside wallet it turns "Claimed"; the spent link then refuses a second claim', async () => {
  const w = o.sim.keys.wallets[0]!
  const third = o.sim.control.createWallet('Third-party wallet')
  const before = o.sim.control.balanceMsat(w.id)
  const d = WithdrawDescriptor.parse(await descriptor(lnurl))
  expect(d.maxWithdrawable).toBe(1_500_000)
  expect(await handOver(d, 1500, third.keys.invoice)).toEqual({ status: 'OK' })
  expect(o.sim.control.balanceMsat(w.id)).toBe(before - 1_500_000)
  // when, and what it took: a claim inside the service costs no routing fee, so none is mentioned
  await waitVisible(o.page, /^Claimed on .+: 1,500 sats$/, 30_000)
  expect(await o.page.locator('.qr canvas').count()).toBe(0)

  // spent: the same callback refuses a fresh invoice, and the link no longer describes a withdrawal
  expect(await handOver(d, 1500, third.keys.invoice)).toMatchObject({
    status: 'ERROR',
    reason: expect.stringMatching(/no longer valid/),
  })
  expect(LnurlStatus.parse(await descriptor(lnurl))).toMatchObject({
    status: 'ERROR',
    reason: expect.stringMatching(/no longer valid/),
  })
  expect(o.sim.control.balanceMsat(w.id)).toBe(before - 1_500_000)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test("a claimed link says the person's memo and names the link in Transactions, on Home and in its detail", async () => {
  await navTo(o.page, 'Withdraw')
  // the last link made is still shown (after the tests above): start a new one
  const again = o.page.getByRole('button', { name: 'New withdraw link' })
  if (await again.isVisible()) await again.click()
  const link = await makeOnScreen('1,200', 'Lunch with Ana')
  // the claimer's wallet writes its own memo on the invoice the link pays
  const third = o.sim.control.createWallet('Ana’s wallet')
  const d = WithdrawDescriptor.parse(await descriptor(link.lnurl))
  expect(await handOver(d, 1200, third.keys.invoice, 'Outside invoice')).toEqual({ status: 'OK' })
  await waitVisible(o.page, /^Claimed on .+: 1,200 sats$/, 30_000)

  const words = `Withdraw link ${voucherShortId(link.ott)} claimed: Lunch with Ana`
  await navTo(o.page, 'Transactions')
  const row = o.page.locator('li.history-row', { hasText: words })
  await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1)
  expect(await row.textContent()).not.toContain('Outside invoice')
  expect(await row.textContent()).toContain(formatMsat(-1_200_000, { signed: true }))

  await row.getByRole('button', { name: `Details of ${words},`, exact: false }).click()
  const detail = o.page.locator('dl.details')
  await expect.poll(() => detail.textContent(), { timeout: 15_000 }).toContain(`What${words}`)
  expect(await detail.textContent()).toContain('Claimer’s invoice memoOutside invoice')
  expect((await detail.textContent())?.split('Lunch with Ana')).toHaveLength(2)

  // the detail opens the link it names, in Withdraw's list
  await o.page.getByRole('button', { name: `Show withdraw link ${voucherShortId(link.ott)}` }).click()
  const shown = o.page.locator('.invoice')
  await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toContain('Lunch with Ana')
  expect(await shown.getByRole('status').textContent()).toMatch(/^Claimed on .+: 1,200 sats$/)
  expect(await o.page.locator('nav.tabs [aria-current="page"]').getAttribute('title')).toBe('Withdraw')

  await navTo(o.page, 'Home')
  await waitVisible(o.page, words)
  // (the simulator's claimer wallet is of the same account: its own row, "Received", keeps its memo)
  const recent = o.page.locator('li.recent-row', { hasText: words })
  expect(await recent.count()).toBe(1)
  expect(await recent.textContent()).not.toContain('Outside invoice')
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
