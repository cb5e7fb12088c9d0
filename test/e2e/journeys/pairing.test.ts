// One-tap pairing in Chromium (docs/nwc.md): @getalby/sdk's NWAClient makes a nostr+walletauth://
// link and listens on a loopback relay; the link arrives as the shell's open-url path delivers it
// (linkAction → navigate) and opens the approval screen. Nothing reaches the relay until the
// person approves (counted there); the relay, on this computer, is warned of first. Approving
// makes the connection the client then uses for get_balance; Connected apps then shows its relay
// open, reconnecting once killed, and open again once back. The keys are in the real keychain.
import { NWAClient, NWCClient } from '@getalby/sdk/nwc'
import type { NwcConnectionView } from '@shared/contract/nwc'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { linkAction } from '../../../electron/main/shell/links'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { type OpenedApp, openApp } from '../harness'
import { contactAnyway, mainCall, navTo } from './support'

let o: OpenedApp
let relay: TestRelay
let nwa: NWAClient | null = null
let client: NWCClient | null = null
beforeAll(async () => {
  relay = await startRelay()
  o = await openApp({ seed: 'demo', secretStore: 'keychain' })
})
afterAll(async () => {
  client?.close()
  nwa?.close()
  await o?.close()
  await relay?.close()
})

test('a nostr+walletauth:// link opens the approval screen; 0 events before the press; the client then reads the balance', async () => {
  const page = o.page
  nwa = new NWAClient({ relayUrls: [relay.url], requestMethods: ['get_balance', 'get_info'], name: 'Zapper' })
  const sub = await nwa.subscribe({ onSuccess: (c) => (client = c) })
  await expect.poll(() => relay.subscribed(13194)).toBe(true)

  const action = linkAction(nwa.connectionUri)
  if (action.kind !== 'navigate') throw new Error('the link was not opened')
  o.booted.events.emit('navigate', action.target)
  const screen = page.getByTestId('pair-screen')
  await screen.waitFor({ timeout: 15_000 })
  expect(await screen.textContent()).toContain('Zapper asks to use your wallet. Nothing is sent until you approve.')
  expect(await page.getByLabel('See the balance').isChecked()).toBe(true)
  expect(await page.getByLabel('See basic information').isChecked()).toBe(true)
  // what the app did not ask for is not offered
  expect(await page.getByLabel('Pay invoices (within the budget)').count()).toBe(0)
  const approve = page.getByRole('button', { name: 'Approve and connect Zapper' })
  // the relay is on this computer: warned of, as any outside link, before the press is possible
  expect(await approve.isDisabled()).toBe(true)
  await contactAnyway(page, new URL(relay.url).host)
  expect(relay.published).toHaveLength(0)

  await approve.click()
  await page.getByTestId('pair-done').waitFor({ timeout: 15_000 })
  await expect.poll(() => client !== null, { timeout: 20_000 }).toBe(true)
  const info = relay.published.filter((e) => e.kind === 13194)
  expect(info).toHaveLength(1)
  expect(info[0]?.tags).toContainEqual(['p', nwa.options.appPubkey])

  const listed = await mainCall(o, 'nwc.list', {})
  if (!listed.ok) throw new Error(listed.error.message)
  const { connections } = listed.value as { connections: NwcConnectionView[] }
  expect(connections).toHaveLength(1)
  expect(connections[0]).toMatchObject({ name: 'Zapper', methods: ['get_balance', 'get_info'], budgetSat: 0 })
  const paired = client as unknown as NWCClient
  expect((await paired.getBalance()).balance).toBe(o.sim.control.balanceMsat(connections[0]?.walletId as string))
  sub.unsub()

  // Connected apps shows the relay: open, with its last request; killed, reconnecting; back, open
  await navTo(page, 'Settings')
  const states = page.getByTestId('relay-states')
  await expect.poll(() => states.textContent(), { timeout: 15_000 }).toContain(`${relay.url}: connected.`)
  expect(await states.textContent()).toContain('Last request:')
  const port = Number(new URL(relay.url).port)
  await relay.close()
  await expect.poll(() => states.textContent(), { timeout: 15_000 }).toContain(`${relay.url}: reconnecting since`)
  relay = await startRelay({ port })
  await expect.poll(() => states.textContent(), { timeout: 30_000 }).toContain(`${relay.url}: connected.`)
}, 120_000)

test('a nostrnwc://connect link: approved, its string is handed back and shown once; it reads the balance', async () => {
  const page = o.page
  const settings = await mainCall(o, 'nwc.settings', { relay: relay.url })
  if (!settings.ok) throw new Error(settings.error.message)
  const action = linkAction('nostrnwc://connect?appname=Podcasts&callback=podapp%3A%2F%2Fnwc')
  if (action.kind !== 'navigate') throw new Error('the link was not opened')
  o.booted.events.emit('navigate', action.target)
  await page.getByTestId('pair-screen').waitFor({ timeout: 15_000 })
  expect(await page.getByTestId('pair-screen').textContent()).toContain('Podcasts asks to use your wallet.')
  await page.getByRole('button', { name: 'Approve and connect Podcasts' }).click()
  const box = page.getByLabel('Connection string', { exact: true })
  await box.waitFor({ timeout: 15_000 })
  expect(await page.getByText('The connection string was handed to Podcasts.').count()).toBe(1)
  const uri = await box.inputValue()
  expect(uri).toMatch(/^nostr\+walletconnect:\/\/[0-9a-f]{64}\?relay=/)
  const other = new NWCClient({ nostrWalletConnectUrl: uri })
  try {
    const listed = await mainCall(o, 'nwc.list', {})
    if (!listed.ok) throw new Error(listed.error.message)
    const made = (listed.value as { connections: NwcConnectionView[] }).connections.find((c) => c.name === 'Podcasts')
    expect((await other.getBalance()).balance).toBe(o.sim.control.balanceMsat(made?.walletId as string))
  } finally {
    other.close()
  }
}, 90_000)
