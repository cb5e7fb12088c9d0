// Connected apps through the app's own page in Chromium: a connection with a 1,000-sat daily
// budget is made in Settings, its string read from the page, and @getalby/sdk's NWCClient pays
// through it over a loopback relay (docs/nwc.md). The keys are in the real keychain.
import { createHash } from 'node:crypto'
import { NWCClient } from '@getalby/sdk/nwc'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { publishTo, startRelay, type TestRelay } from '../../support/nostrRelay'
import { droppedRequests } from '../../support/nwcDropped'
import { type OpenedApp, openApp } from '../harness'
import { mainCall, navTo, waitVisible } from './support'

let o: OpenedApp
let relay: TestRelay
let client: NWCClient | null = null
beforeAll(async () => {
  relay = await startRelay()
  o = await openApp({ seed: 'demo', secretStore: 'keychain' })
})
afterAll(async () => {
  client?.close()
  await o?.close()
  await relay?.close()
})

const withdrawals = () => o.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+\/withdraw$/ }).length
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? String(e),
  )

test('connect an app in Settings; it pays within its budget, then is refused, then revoked', async () => {
  const page = o.page
  await navTo(page, 'Settings')
  await page.getByLabel('Relay', { exact: true }).fill(relay.url)
  await page.getByRole('button', { name: 'Save relay' }).click()
  await page.getByRole('button', { name: 'Connect an app' }).click()
  await page.getByLabel('App name').fill('Primal')
  await page.getByLabel('Budget (sats)').fill('1000')
  await page.getByLabel('Renews').selectOption('daily')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  const box = page.getByLabel('Connection string', { exact: true })
  await box.waitFor()
  const uri = await box.inputValue()
  expect(uri).toMatch(/^nostr\+walletconnect:\/\/[0-9a-f]{64}\?relay=/)
  await expect.poll(() => page.getByLabel('QR code of the connection string').count()).toBeGreaterThan(0)

  client = new NWCClient({ nostrWalletConnectUrl: uri })
  const n = withdrawals()
  const invoice = o.sim.control.outsideInvoice(500)
  const paid = await client.payInvoice({ invoice })
  expect(withdrawals()).toBe(n + 1)
  const decoded = await mainCall(o, 'pay.decode', { invoice })
  if (!decoded.ok) throw new Error(decoded.error.message)
  const hash = createHash('sha256').update(Buffer.from(paid.preimage, 'hex')).digest('hex')
  expect(hash).toBe((decoded.value as { paymentHash: string }).paymentHash)

  // the same request event sent again, as a relay or an app may: paid once
  const request = relay.published.filter((e) => e.kind === 23194).at(-1)
  if (!request) throw new Error('no request event on the relay')
  const seen = droppedRequests(o.booted.logs, 'seen')
  await publishTo(relay.url, request)
  // the service has dealt with it: dropped as seen before (or it would have paid by now)
  await expect.poll(() => droppedRequests(o.booted.logs, 'seen'), { timeout: 15_000 }).toBe(seen + 1)
  expect(withdrawals()).toBe(n + 1)

  expect(await codeOf(client.payInvoice({ invoice: o.sim.control.outsideInvoice(600) }))).toBe('QUOTA_EXCEEDED')
  expect(withdrawals()).toBe(n + 1)

  await page.getByRole('button', { name: 'Done' }).click()
  const card = page.getByRole('listitem', { name: 'Primal' })
  await waitVisible(page, /Used 50\d sats of 1,000 sats today/)
  await card.getByRole('button', { name: 'Payments' }).click()
  await expect.poll(() => card.getByRole('list', { name: 'Payments by Primal' }).textContent()).toContain('paid')

  await card.getByRole('button', { name: 'Revoke', exact: true }).click()
  await card.getByRole('button', { name: 'Revoke Primal' }).click()
  await waitVisible(page, '(revoked)')
  expect(await codeOf(client.payInvoice({ invoice: o.sim.control.outsideInvoice(10) }))).toBe('UNAUTHORIZED')
  expect(withdrawals()).toBe(n + 1)
  // the connection's secret never reached the page's storage, and is gone from view
  const secret = new URL(uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') as string
  expect(await page.content()).not.toContain(secret)
}, 60_000)
