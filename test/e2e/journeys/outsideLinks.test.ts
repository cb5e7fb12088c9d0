// Journey: a link from outside (a lightning: link from the system, a clipboard offer, a dropped
// QR image) says what it is and whose it is, and nothing is asked of its server before the
// person presses a button; a server on this computer is asked only after its warning, naming the
// host, is confirmed, unless it is the account's own service's; a link whose money request goes
// to another host names both. The vouchers are the simulator's, reached through relays on other
// ports of 127.0.0.1 (another service on this computer), and counted at the simulator.
import { encodeLnurl } from '@shared/lnurl'
import QRCode from 'qrcode'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { linkAction } from '../../../electron/main/shell/links'
import { type OpenedApp, openApp } from '../harness'
import {
  askWhatItOffers,
  contactAnyway,
  dropImage,
  fastPolling,
  navTo,
  type Relay,
  relay,
  waitVisible,
} from './support'

const clipboard = { text: '', readText: async () => clipboard.text }
let o: OpenedApp
/** another service's LNURL server on this computer */
let other: Relay
beforeAll(async () => {
  o = await openApp({ seed: 'demo', clipboard })
  await o.page.getByRole('listitem', { name: `Wallet ${o.sim.keys.wallets[0]!.label}` }).waitFor()
  await fastPolling(o)
  other = await relay(o.sim.url)
})
afterAll(async () => {
  await other?.close()
  await o?.close()
})

const host = () => other.host
const simHost = () => new URL(o.sim.url).host
/** a voucher as the other server hands it out */
const voucher = (maxSat: number) => {
  const v = o.sim.control.outside.voucher({ maxSat, description: 'Outside gift' })
  const url = v.url.replace(o.sim.url, other.origin)
  return { ...v, url, lnurl: encodeLnurl(url) }
}
const callsOf = (id: string) => o.sim.control.outside.vouchers().find((v) => v.id === id)!.calls
/** look-ups at the account's own service (it would fetch the link from its side) */
const probes = () => o.sim.control.requests({ path: /\/lnurlp\/probe\// }).length
/** a read the screen made on opening has reached the simulator by then (not a time: OpenedApp.settled) */
const settle = () => o.settled()
const arrived = () => o.page.getByRole('region', { name: 'What arrived' })

/** Send shows the link and its host; Look up asks the service, then the link: a warning first */
async function lookUpThenConfirm(id: string, probesBefore: number) {
  expect(probes()).toBe(probesBefore)
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByRole('heading', { name: 'Claim sats' }).waitFor({ timeout: 15_000 })
  await o.page.getByTestId('private-host-warning').waitFor()
  expect(await o.page.getByTestId('private-host-warning').textContent()).toContain(`${host()} is on this computer`)
  await settle()
  expect(callsOf(id)).toEqual([])
  await contactAnyway(o.page, host())
}

test('a lightning: link from the system: shown, nothing asked before a press, then only after the warning', async () => {
  const v = voucher(310)
  const probed = probes()
  const action = linkAction(`lightning:${v.lnurl}`)
  if (action.kind !== 'navigate') throw new Error('the link was not opened')
  o.booted.events.emit('navigate', action.target)
  await arrived().waitFor({ timeout: 15_000 })
  expect(await arrived().textContent()).toContain(`This is an LNURL link to ${host()}.`)
  await settle()
  expect(callsOf(v.id)).toEqual([])
  await lookUpThenConfirm(v.id, probed)
  await waitVisible(o.page, `${host()} offers 1–310 sats.`)
  expect(callsOf(v.id)).toHaveLength(1)

  // a link that says it is a withdraw link opens Claim, which asks nobody before the press either
  const w = voucher(320)
  const tagged = linkAction(`lightning:${encodeLnurl(`${w.url}?tag=withdrawRequest`)}`)
  if (tagged.kind !== 'navigate') throw new Error('the link was not opened')
  o.booted.events.emit('navigate', tagged.target)
  await o.page.getByTestId('claim-arrived').waitFor({ timeout: 15_000 })
  expect(await o.page.getByTestId('claim-arrived').textContent()).toContain(`A withdraw link from ${host()}.`)
  await settle()
  expect(callsOf(w.id)).toEqual([])
  await contactAnyway(o.page, host())
  await waitVisible(o.page, `${host()} offers 1–320 sats.`)
  expect(callsOf(w.id)).toHaveLength(1)
})

test('a clipboard offer names the host; its Pay is the press, and the warning comes before the request', async () => {
  await navTo(o.page, 'Home')
  const v = voucher(330)
  const probed = probes()
  clipboard.text = v.lnurl
  o.app.windowShown()
  const banner = o.page.getByRole('region', { name: 'Clipboard' })
  await banner.waitFor({ timeout: 15_000 })
  expect(await banner.textContent()).toContain(`Pay the link to ${host()} on your clipboard?`)
  await settle()
  expect(callsOf(v.id)).toEqual([])
  expect(probes()).toBe(probed)
  await banner.getByRole('button', { name: 'Pay' }).click()
  await o.page.getByRole('heading', { name: 'Claim sats' }).waitFor({ timeout: 15_000 })
  await o.page.getByTestId('private-host-warning').waitFor()
  await settle()
  expect(callsOf(v.id)).toEqual([])
  await contactAnyway(o.page, host())
  await waitVisible(o.page, `${host()} offers 1–330 sats.`)
  expect(callsOf(v.id)).toHaveLength(1)
})

test('a dropped QR image: shown, nothing asked until Look up and the warning', async () => {
  const v = voucher(340)
  const probed = probes()
  await navTo(o.page, 'Scan')
  const png = await QRCode.toBuffer(v.lnurl, { errorCorrectionLevel: 'M', margin: 4, scale: 6 })
  await dropImage(o.page, png)
  await arrived().waitFor({ timeout: 30_000 })
  await settle()
  expect(callsOf(v.id)).toEqual([])
  await lookUpThenConfirm(v.id, probed)
  await waitVisible(o.page, `${host()} offers 1–340 sats.`)
  expect(callsOf(v.id)).toHaveLength(1)
})

test('a link whose money request goes elsewhere names both hosts, and warns for the second before a claim', async () => {
  const v = voucher(350)
  // the link at localhost hands out an offer whose callback goes to the other server, at 127.0.0.1
  const link = await relay(o.sim.url, { name: 'localhost', callbackVia: () => other.origin })
  try {
    const action = linkAction(
      `lightning:${encodeLnurl(`${v.url.replace(other.origin, `http://${link.host}`)}?tag=withdrawRequest`)}`,
    )
    if (action.kind !== 'navigate') throw new Error('the link was not opened')
    o.booted.events.emit('navigate', action.target)
    await contactAnyway(o.page, link.host)
    await o.page.getByTestId('claim-hosts').waitFor({ timeout: 15_000 })
    expect(await o.page.getByTestId('claim-hosts').textContent()).toBe(
      `The link is from ${link.host}; the money request goes to ${host()}.`,
    )
    // the claim waits for the second host's warning
    expect(await o.page.getByRole('button', { name: 'Claim', exact: true }).isDisabled()).toBe(true)
    expect(callsOf(v.id).filter((c) => c.stage === 'callback')).toEqual([])
    await contactAnyway(o.page, host())
    await o.page.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
    await o.page.getByRole('button', { name: 'Claim', exact: true }).click()
    await waitVisible(o.page, 'Received 350 sats.', 30_000)
    expect(callsOf(v.id).filter((c) => c.stage === 'callback')).toHaveLength(1)
  } finally {
    await link.close()
  }
})

test('a voucher on the account’s own service’s server (the demo’s) meets no warning', async () => {
  const v = o.sim.control.outside.voucher({ maxSat: 360, description: 'Demo: a voucher to claim' })
  // a link that says it is a withdraw link: still one press before anything is asked
  const action = linkAction(`lightning:${encodeLnurl(`${v.url}?tag=withdrawRequest`)}`)
  if (action.kind !== 'navigate') throw new Error('the link was not opened')
  o.booted.events.emit('navigate', action.target)
  await o.page.getByTestId('claim-arrived').waitFor({ timeout: 15_000 })
  expect(await o.page.getByTestId('private-host-warning').count()).toBe(0)
  await askWhatItOffers(o.page, simHost())
  await waitVisible(o.page, `${simHost()} offers 1–360 sats.`)
  await o.page.getByLabel('Wallet').selectOption(o.sim.keys.wallets[0]!.id)
  await o.page.getByRole('button', { name: 'Claim', exact: true }).click()
  await waitVisible(o.page, 'Received 360 sats.', 30_000)
  expect(await o.page.getByTestId('private-host-warning').count()).toBe(0)
  expect(callsOf(v.id).map((c) => c.stage)).toEqual(['descriptor', 'descriptor', 'callback'])
})
