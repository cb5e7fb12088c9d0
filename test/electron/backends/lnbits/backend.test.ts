// The registry's LNbits entry: it reads through the fetch the app gives (so the app reads the
// server's clock from every answer), tells the app when the websocket says something moved, holds
// no push link on the client that never retries, and is the LNbits client in the app's terms.
import { afterEach, expect, it } from 'vitest'
import type { BackendHooks } from '../../../../electron/main/services/backends'
import { createBackends } from '../../../../electron/main/services/backends'
import type { LnbitsClient } from '../../../../electron/main/services/backends/lnbits'
import { invoiceKeyWalletId } from '../../../../electron/main/services/backends/lnbits/keys'
import type { SimulatorHandle } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { failsWith } from '../../services/support'
import { allKeys, lnbitsSimFor } from './support'

let sim: SimulatorHandle
let a: LnbitsWallet
let c: LnbitsWallet
lnbitsSimFor((s, w) => {
  sim = s
  ;[a, , c] = w
})
const opened: LnbitsClient[] = []
afterEach(() => {
  for (const x of opened.splice(0)) x.close?.()
})

function recordingHooks() {
  const seen = { fetchFor: [] as (string | undefined)[], fetched: [] as string[], pushed: [] as string[] }
  const hooks: BackendHooks = {
    fetchFor: (id) => {
      seen.fetchFor.push(id)
      return (input, init) => {
        seen.fetched.push(String(input instanceof Request ? input.url : input))
        return fetch(input, init)
      }
    },
    watched: (_id, client) => client,
    nowSec: () => Math.floor(Date.now() / 1000),
    clockSample: () => undefined,
    pushed: (id) => seen.pushed.push(id),
    log: () => undefined,
  }
  return { seen, hooks }
}

function open(hooks: BackendHooks, keys: string[], retries?: 0): LnbitsClient {
  const backend = createBackends().lnbits
  const client = backend.open(
    {
      accountId: 'acc-1',
      baseUrl: sim.url,
      authMethod: 'header',
      key: () => keys.join(','),
      ...(retries === 0 ? { retries } : {}),
    },
    hooks,
  ) as unknown as LnbitsClient
  opened.push(client)
  return client
}

it("reads through the app's fetch and tells the app of a payment the websocket announced", async () => {
  const { seen, hooks } = recordingHooks()
  const client = open(hooks, [a.adminkey, c.inkey])
  const wallets = await client.listWallets()
  expect(wallets.map((w) => w.id)).toEqual([a.id, invoiceKeyWalletId(c.inkey)])
  expect(seen.fetchFor).toEqual(['acc-1'])
  expect(seen.fetched.filter((u) => u.endsWith('/api/v1/wallet'))).toHaveLength(2)
  for (const u of seen.fetched) for (const k of allKeys(sim)) expect(u).not.toContain(k)
  const inv = await client.createInvoice(invoiceKeyWalletId(c.inkey), { amountMsat: 2_000, memo: 'push' })
  await sim.control.settleInvoice(inv.paymentRequest)
  await expect.poll(() => seen.pushed, { timeout: 10_000 }).toContain('acc-1')
})

it('holds no push link on the client that never retries', async () => {
  const { seen, hooks } = recordingHooks()
  const client = open(hooks, [c.inkey], 0)
  await client.listWallets()
  const inv = await client.createInvoice(invoiceKeyWalletId(c.inkey), { amountMsat: 1_000, memo: 'no push' })
  await sim.control.settleInvoice(inv.paymentRequest)
  // the settled invoice is read back; nothing was pushed to this client meanwhile
  await expect.poll(async () => (await client.invoiceState(inv.paymentHash)).settled).toBe(true)
  expect(seen.pushed).toEqual([])
})

it("is the client in the app's terms: an invoice made, paid from outside, then a row of the wallet's history", async () => {
  const { hooks } = recordingHooks()
  const client = open(hooks, [a.adminkey])
  const inv = await client.createInvoice(a.id, { amountMsat: 5_000, memo: 'through the registry' })
  await sim.control.settleInvoice(inv.paymentRequest)
  expect(await client.invoiceState(inv.id)).toMatchObject({ settled: true, amountMsat: 5_000 })
  const page = await client.listTransactions(a.id, 1, 10)
  expect(page.rows.find((r) => r.paymentHash === inv.paymentHash)).toMatchObject({
    walletId: a.id,
    amountMsat: 5_000,
    memo: 'through the registry',
  })
  // LNbits has no account-wide feed by wallet keys: the sync loop reads wallet by wallet on this refusal
  const err = await failsWith(client.listAccountTransactions(1, 10), allKeys(sim))
  expect(err.code).toBe('forbidden')
})
