// Journey: a wallet's permanent receive QR. The QR read back from the page is exactly the
// service's LNURL-pay link (upper case, lightning: as the invoice QR); an outside payer pays it
// with a comment, and without anyone pressing anything the sync loop shows the new balance on
// Home within one tick and announces the payment once, with its comment.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { wholeTick } from '../../support/syncNow'
import { type OpenedApp, openApp, readQrFromPage } from '../harness'
import { fastPolling, navTo, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await fastPolling(o) // a tick every 5 s
})
afterAll(() => o?.close())

test('the permanent QR is the service lnurl_encoded; a payment to it is on Home within one tick and told once', async () => {
  const w = o.sim.keys.wallets[1]!
  const wallet = (await service(o, 'GET', `/v1/wallet/${w.id}`)).data as { default_lnurlpay_id: string }
  const view = (await service(o, 'GET', `/v1/lnurlp/${wallet.default_lnurlpay_id}`)).data as {
    lnurl_encoded: string
    lnurlp_maxSendable_msat: number
  }

  await navTo(o.page, 'Receive')
  await o.page.getByRole('button', { name: 'Permanent QR' }).click()
  await o.page.getByLabel('Wallet').selectOption(w.id)
  const shown = o.page.getByRole('region', { name: 'Permanent QR', exact: true })
  await shown.locator('.qr canvas').waitFor()
  expect(await readQrFromPage(o.page, '.qr canvas')).toBe(`lightning:${view.lnurl_encoded.toUpperCase()}`)
  await waitVisible(o.page, view.lnurl_encoded.toUpperCase())
  expect(await shown.textContent()).toContain('Payments arrive even when this app is closed.')
  const max = (view.lnurlp_maxSendable_msat / 1000).toLocaleString('en-US')
  await waitVisible(o.page, `Between 1 sat and ${max} sats a payment`)
  for (const name of ['Copy the permanent link', 'Save QR as PNG', 'Copy QR image'])
    expect(await shown.getByRole('button', { name }).isVisible()).toBe(true)

  // Home first, so the first sync of the demo history is over before the payment: it told nothing
  await navTo(o.page, 'Home')
  await o.app.sync.idle()
  const told = o.booted.notifications.length

  // an outside payer pays the link with a comment
  const before = o.sim.control.balanceMsat(w.id)
  o.sim.control.outside.payLink(wallet.default_lnurlpay_id, 4_321_000, 'for the flowers')
  expect(o.sim.control.balanceMsat(w.id)).toBe(before + 4_321_000)
  const after = formatMsat(o.sim.control.balanceMsat(w.id))
  const paidAt = Date.now()

  const card = o.page.getByRole('listitem', { name: `Wallet ${w.label}` })
  // one tick is 5 s here; the margin is for a busy machine, not for a second tick
  await expect.poll(() => card.locator('.balance').textContent(), { timeout: 9_000, interval: 100 }).toBe(after)
  expect(Date.now() - paidAt).toBeLessThan(9_000)
  await expect.poll(() => o.booted.notifications.length - told, { timeout: 5_000 }).toBe(1)
  const told1 = o.booted.notifications.at(-1)
  expect(told1?.title).toBe('Received 4,321 sats')
  expect(told1?.body).toBe(`for the flowers\nTo ${w.label}`)
  await wholeTick(o.app) // another tick: not told again
  expect(o.booted.notifications.length - told).toBe(1)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

test('a skeleton draws nothing for its first 200 ms, so a quick load does not flash', async () => {
  const w = o.sim.keys.wallets[2]!
  o.sim.control.injectFault({ path: /^\/v1\/lnurlp\//, kind: 'latency', ms: 5_000, times: 1 })
  await navTo(o.page, 'Receive')
  await o.page.getByRole('button', { name: 'Permanent QR' }).click()
  await o.page.getByLabel('Wallet').selectOption(w.id)
  const skeleton = o.page.getByTestId('skeleton')
  const shape = skeleton.locator('[aria-hidden="true"]').first()
  await shape.waitFor({ state: 'attached', timeout: 15_000 })
  // the shapes' own clock, stopped at a given time: no race with this machine's load
  const visibilityAt = (ms: number) =>
    shape.evaluate((el, t) => {
      for (const a of el.getAnimations()) {
        a.pause()
        a.currentTime = t
      }
      return getComputedStyle(el).visibility
    }, ms)
  expect(await visibilityAt(0)).toBe('hidden')
  expect(await visibilityAt(190)).toBe('hidden')
  expect(await visibilityAt(210)).toBe('visible')
  // a screen reader hears the label at once
  expect(await skeleton.getByText('Loading the permanent link…').count()).toBe(1)
})
