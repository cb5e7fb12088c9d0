// The registry's LNbits entry: it reads through the fetch the app gives (so the app reads the
// server's clock from every answer), tells the app when the websocket says something moved, shares
// its push links between the account's two clients, and is the LNbits client in the app's terms.
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

it("shares the account's push links with the client that never retries, which makes the invoices", async () => {
  const { seen, hooks } = recordingHooks()
  const backend = createBackends().lnbits
  const at = (retries?: 0) =>
    backend.open(
      {
        accountId: 'acc-1',
        baseUrl: sim.url,
        authMethod: 'header',
        key: () => a.adminkey,
        ...(retries === 0 ? { retries } : {}),
      },
      hooks,
    ) as unknown as LnbitsClient
  const [reads, once] = [at(), at(0)]
  opened.push(reads, once)
  await reads.listWallets()
  // the links the simulator's websocket took (its own listener, first, has taken each by then)
  const upgraded: string[] = []
  const onUpgrade = (req: { url?: string }) => upgraded.push(req.url ?? '')
  sim.server.server.on('upgrade', onUpgrade)
  // an admin-key wallet's invoice is heard of on its payment hash: the link opened by the `once` client
  const inv = await once.createInvoice(a.id, { amountMsat: 1_000, memo: 'pushed' })
  await expect.poll(() => upgraded).toContain(`/api/v1/ws/${inv.paymentHash}`)
  sim.server.server.off('upgrade', onUpgrade)
  await sim.control.settleInvoice(inv.paymentRequest)
  await expect.poll(() => seen.pushed, { timeout: 10_000 }).toEqual(['acc-1'])
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
