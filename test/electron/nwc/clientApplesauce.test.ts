// Connected apps against applesauce-wallet-connect (with applesauce-relay's pool), a third
// independent client, on the project's own relay; it listens to both notification kinds.
import { RelayPool } from 'applesauce-relay'
import { WalletConnect } from 'applesauce-wallet-connect'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type NwcWorld, payFromOutsideHeard, startNwcWorld, until } from './harness'

let t: NwcWorld
let client: WalletConnect
beforeAll(async () => {
  t = await startNwcWorld()
  const { uri } = await t.connect({ budgetSat: 1000 })
  WalletConnect.pool = new RelayPool()
  client = WalletConnect.fromConnectURI(uri)
  await client.waitForService()
}, 30_000)
afterAll(async () => {
  await t?.close()
})

it('runs the journey: info, balance, invoices, pay within and over budget, list, notifications', async () => {
  const info = await client.getInfo()
  expect(info.methods).toContain('get_budget')
  expect((await client.getBalance()).balance).toBe(t.sim.control.balanceMsat(t.w.id))
  const made = await client.makeInvoice(2_000, { description: 'from applesauce' })
  expect((await client.lookupInvoice(made.payment_hash)).invoice).toBe(made.invoice)
  const paid = await client.payInvoice(t.sim.control.outsideInvoice(500, 'within'))
  expect(paid.preimage).toMatch(/^[0-9a-f]{64}$/)
  const over = await client.payInvoice(t.sim.control.outsideInvoice(600, 'over')).then(
    () => 'ok',
    (e: { code?: string; message?: string; constructor: { name: string } }) =>
      `${e.constructor.name} ${e.code} ${e.message}`,
  )
  // applesauce 6.2 hands this QUOTA_EXCEEDED answer over as an OtherError (code OTHER): not looked into yet
  expect(over).toMatch(/would pass the connection’s budget/)
  expect((await client.listTransactions({ limit: 10 })).transactions.length).toBeGreaterThan(0)

  const heard: number[] = []
  const sub = client.notification('payment_received', (n: { amount: number }) => heard.push(n.amount))
  await until(() => t.relay.subscribed(23197))
  const sent = await payFromOutsideHeard(t, heard)
  sub.unsubscribe()
  expect(heard).toEqual(sent)
}, 60_000)
