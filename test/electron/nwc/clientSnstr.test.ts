// Connected apps against another independent client and a relay nobody here wrote (issue 44,
// item 7): snstr's NostrWalletConnectClient over snstr's ephemeral relay. It listens to both
// notification kinds, so it is also the client that heard each payment twice.
import { NostrWalletConnectClient } from 'snstr'
import { NostrRelay } from 'snstr/utils/ephemeral-relay'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type NwcWorld, payFromOutsideHeard, startNwcWorld } from './harness'
import { parseUri } from './rawClient'

let t: NwcWorld<{ url: string; close(): Promise<void> }>
let client: NostrWalletConnectClient
beforeAll(async () => {
  const relay = await new NostrRelay(0).start()
  t = await startNwcWorld(10_000, { url: relay.url.replace('localhost', '127.0.0.1'), close: () => relay.close() })
  const { uri } = await t.connect({ budgetSat: 1000 })
  const { walletPubkey, relay: url, secret } = parseUri(uri)
  client = new NostrWalletConnectClient({ pubkey: walletPubkey, secret, relays: [url] })
  await client.init()
}, 30_000)
afterAll(async () => {
  await client?.disconnect()
  await t?.close()
})

it('runs the journey: info, balance, invoices, pay within and over budget, list, notifications', async () => {
  const info = await client.getInfo()
  expect(info?.methods).toContain('get_budget')
  // typed as a number, given as the answer's result
  const balance = (await client.getBalance()) as unknown as { balance: number }
  expect(balance.balance).toBe(t.sim.control.balanceMsat(t.w.id))
  const made = await client.makeInvoice(2_000, 'from snstr')
  const looked = await client.lookupInvoice({ payment_hash: made?.payment_hash })
  expect(looked.invoice).toBe(made?.invoice)
  const paid = await client.payInvoice(t.sim.control.outsideInvoice(500, 'within'))
  expect(paid?.preimage).toMatch(/^[0-9a-f]{64}$/)
  const over = await client.payInvoice(t.sim.control.outsideInvoice(600, 'over')).then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? String(e),
  )
  expect(over).toBe('QUOTA_EXCEEDED')
  const listed = await client.listTransactions({ limit: 10 })
  expect(listed?.transactions.length).toBeGreaterThan(0)

  const heard: number[] = []
  client.onNotification('payment_received', (n) => heard.push((n.notification as { amount: number }).amount))
  const sent = await payFromOutsideHeard(t, heard)
  expect(heard).toEqual(sent)
}, 60_000)
