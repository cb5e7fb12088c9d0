// Journey: the window opens with a payable invoice on the clipboard. Main (the app the shell
// calls on each show) reads the clipboard once and offers it; Pay opens Send with the invoice read,
// Dismiss puts the offer away, and the same text is not offered twice. At 360 px nothing overflows.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo } from './support'

const clipboard = {
  text: '',
  reads: 0,
  async readText() {
    clipboard.reads++
    return clipboard.text
  },
}
let o: OpenedApp
/** the offers main made (its `clipboard.offer` events) */
let offers = 0
beforeAll(async () => {
  o = await openApp({ seed: 'demo', clipboard, viewport: { width: 360, height: 700 } })
  o.booted.events.subscribe((e) => {
    if (e.name === 'clipboard.offer') offers++
  })
  await o.page.getByRole('listitem', { name: `Wallet ${o.sim.keys.wallets[0]!.label}` }).waitFor()
})
afterAll(() => o?.close())

const banner = () => o.page.getByRole('region', { name: 'Clipboard' })
/**
 * Main's answer to a show is made once what it asked of the clipboard is answered (a turn of the
 * event loop later); an offer it made then is waited for on the page, so a banner that should not
 * be is seen. Not a time: on a busy machine a fixed wait may end before the banner shows.
 */
async function shownAnswered(offersBefore: number) {
  await new Promise((r) => setImmediate(r))
  if (offers > offersBefore) await banner().waitFor({ timeout: 15_000 })
}

test('Pay opens Send prefilled with the invoice on the clipboard, read and ready', async () => {
  const pr = o.sim.control.outside.payee({ amountSat: 2100, memo: 'clipboard coffee' }).payment_request
  clipboard.text = `${pr}\n`
  o.app.windowShown()
  await banner().waitFor({ timeout: 15_000 })
  expect(clipboard.reads).toBe(1)
  expect(await banner().textContent()).toContain('Pay the invoice on your clipboard?')
  // fits a 360 px window
  expect(await o.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await banner().getByRole('button', { name: 'Pay' }).click()
  await o.page.getByRole('region', { name: 'Invoice' }).waitFor({ timeout: 15_000 })
  expect(await o.page.getByLabel('Lightning address or invoice').inputValue()).toBe(pr)
  expect(await o.page.getByRole('region', { name: 'Invoice' }).textContent()).toContain('clipboard coffee')
  await expect.poll(() => banner().count()).toBe(0)
})

test('the same text is not offered again; Dismiss hides a new offer', async () => {
  await navTo(o.page, 'Home')
  const made = offers
  o.app.windowShown()
  await expect.poll(() => clipboard.reads).toBe(2)
  await shownAnswered(made)
  expect(await banner().count()).toBe(0)
  clipboard.text = 'alice@sim.example'
  o.app.windowShown()
  await banner().waitFor({ timeout: 15_000 })
  expect(await banner().textContent()).toContain('Pay alice@sim.example from your clipboard?')
  await banner().getByRole('button', { name: 'Dismiss' }).click()
  await expect.poll(() => banner().count()).toBe(0)
  expect(await o.page.getByRole('region', { name: 'Recipient' }).count()).toBe(0)
})

test('with the setting off (from the Settings screen) the clipboard is not read', async () => {
  await navTo(o.page, 'Settings')
  const box = o.page.getByLabel('Offer to pay what is on the clipboard when the window opens')
  expect(await box.isChecked()).toBe(true)
  await box.uncheck()
  await expect.poll(() => o.app.settings.current().settings.offerClipboard).toBe(false)
  const before = clipboard.reads
  clipboard.text = 'bob@sim.example'
  const made = offers
  o.app.windowShown()
  await shownAnswered(made)
  expect(clipboard.reads).toBe(before)
  expect(await banner().count()).toBe(0)
})
