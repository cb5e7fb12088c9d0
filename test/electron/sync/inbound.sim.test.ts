// Every payment into a wallet is announced exactly once, whatever its kind, across restarts and a
// rebuilt ledger; the account-wide feed is used where the key allows it and wallets are read one
// by one where it does not. The simulator over real HTTP, virtual time (harness.ts).
import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BackendClient } from '../../../electron/main/services/backends'
import { withdrawLinkView } from '../../../electron/main/services/views'
import type { SimulatorHandle } from '../../simulator'
import {
  claimAsOutsider,
  closeLedgers,
  closeWorld,
  createInvoice,
  ledgerIn,
  makeLoop,
  openWorld,
  type Recorder,
  type SyncWorld,
  type VirtualTimers,
} from './harness'

let sim: SimulatorHandle
let client: BackendClient
let vt: VirtualTimers
let rec: Recorder
let store: string
let world: SyncWorld

beforeEach(async () => {
  world = await openWorld()
  ;({ sim, client, vt, rec, store } = world)
})
afterEach(() => closeWorld(world))

async function started(o: Parameters<typeof makeLoop>[0]['options'] = {}) {
  const l = makeLoop({ sim, client, vt, rec, store, options: o })
  world.loops.push(l)
  l.start()
  await l.idle()
  return l
}

async function transfer(fromKey: string, toWalletId: string, amountSat: number, memo: string) {
  const res = await fetch(`${sim.url}/v1/wallet/${fromKey}/transfer`, {
    method: 'POST',
    headers: { 'X-Api-Key': sim.keys.secret, 'Content-Type': 'application/json' },
    body: JSON.stringify({ dest_wallet_id: toWalletId, num_satoshis: amountSat, memo }),
  })
  expect(res.status).toBe(201)
}

const texts = () => rec.shown.map((n) => `${n.title} | ${n.body}`).sort()

describe('inbound payments of every kind', () => {
  it('a deposit, a transfer in, a static-link payment, an invoice and a withdraw claim: each told once, across a restart', async () => {
    const shop = sim.control.createWallet('Shop', 10_000)
    const savings = sim.control.createWallet('Savings', 50_000)
    const inv = await createInvoice(client, shop.id, 700, 'Coffee')
    const mint = await client.mintWithdrawLink(savings.id, { amountSat: 900, memo: 'Refund' })
    const link = withdrawLinkView(mint, {
      walletId: savings.id,
      amountSat: 900,
      memo: 'Refund',
      nowSec: sim.control.clock.now(),
    })
    let loop = await started()
    await loop.track(inv)
    await loop.trackWithdraw(link, 'acc_test')
    expect(rec.shown).toEqual([]) // the opening balances are history, not news

    await sim.control.payInbound(shop.id, 1_500, 'deposit from outside')
    await vt.advance(15_000)
    await transfer(savings.keys.admin, shop.id, 2_000, 'to the shop')
    await vt.advance(15_000)
    sim.control.outside.payLink(shop.id, 3_000_000, 'thanks for the bread')
    await sim.control.settleInvoice(inv.id)
    expect(await claimAsOutsider(sim, link.lnurl, 600)).toEqual({ status: 'OK' })
    await vt.advance(15_000)

    const expected = [
      'Received 1,500 sats | deposit from outside\nTo Shop',
      'Received 2,000 sats | to the shop\nTo Shop\nFrom Savings',
      'Received 3,000 sats | thanks for the bread\nTo Shop',
      'Received 700 sats | Coffee\nTo Shop',
      'Withdraw link claimed: 600 sats | Refund\nFrom Savings',
    ].sort()
    expect(texts()).toEqual(expected)
    // a click opens each: the transaction (the invoice by its lnTx)
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)
    expect(loop.listWithdraws()[0]).toMatchObject({ status: 'claimed' })
    expect(ledgerIn(store).withdrawLinks()[0]?.claimedMsat).toBe(600_000)

    // a restart, a resume and an hour later: nothing is told again
    await loop.stop()
    loop = await started()
    loop.onResume()
    await loop.idle()
    await vt.advance(3_600_000)
    expect(texts()).toEqual(expected)
    expect(rec.of('ledger.updated').length).toBeGreaterThan(0)
  })
})

describe('the account-wide feed', () => {
  it('reads two wallets that moved in one request; a key refused the feed falls back to one wallet at a time', async () => {
    const a = sim.control.createWallet('A', 0)
    const b = sim.control.createWallet('B', 0)
    sim.control.createWallet('C', 0)
    await started()
    sim.control.resetRequests()
    await sim.control.payInbound(a.id, 10, 'to a')
    await sim.control.payInbound(b.id, 20, 'to b')
    await vt.advance(15_000)
    expect(sim.control.requests({ path: '/v1/wallet-transactions' })).toHaveLength(1)
    expect(sim.control.requests({ path: /\/transactions$/ })).toHaveLength(0)
    expect(rec.shown).toHaveLength(2)

    // the service refuses this key the feed (as it does a key without the permission)
    sim.control.injectFault({ path: '/v1/wallet-transactions', kind: 'status', status: 403 })
    sim.control.resetRequests()
    await sim.control.payInbound(a.id, 30, 'to a again')
    await sim.control.payInbound(b.id, 40, 'to b again')
    await vt.advance(15_000)
    expect(sim.control.requests({ path: '/v1/wallet-transactions' })).toHaveLength(1)
    expect(
      sim.control
        .requests({ path: /\/transactions$/ })
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/v1/wallet/${a.id}/transactions`, `/v1/wallet/${b.id}/transactions`].sort())
    expect(rec.shown.map((n) => n.title).sort()).toEqual(
      ['Received 10 sats', 'Received 20 sats', 'Received 30 sats', 'Received 40 sats'].sort(),
    )
    // it is not asked again
    sim.control.resetRequests()
    await sim.control.payInbound(a.id, 50, 'third')
    await sim.control.payInbound(b.id, 60, 'third')
    await vt.advance(15_000)
    expect(sim.control.requests({ path: '/v1/wallet-transactions' })).toHaveLength(0)
    expect(rec.shown).toHaveLength(6)
  })
})

describe('a corrupt ledger', () => {
  it('is set aside and rebuilt from the service, with no announcement of old rows, and new ones told once', async () => {
    const w = sim.control.createWallet('Main', 1_000)
    let loop = await started()
    for (let i = 1; i <= 5; i++) await sim.control.payInbound(w.id, i, `before ${i}`)
    await vt.advance(15_000)
    expect(rec.shown).toHaveLength(5)
    await loop.stop()
    closeLedgers()
    writeFileSync(`${store}/ledger.sqlite`, 'this is not a database '.repeat(200))

    loop = await started()
    const notices = rec.of('notice') as Array<{ message: string }>
    expect(notices.some((n) => /could not be used/.test(n.message))).toBe(true)
    await vt.advance(60_000)
    expect(rec.shown).toHaveLength(5)
    const ledger = ledgerIn(store)
    expect(ledger.count({ accountId: 'acc_test', walletId: w.id })).toBe(6) // opening deposit + 5
    await sim.control.payInbound(w.id, 99, 'after')
    await vt.advance(15_000)
    expect(rec.shown.map((n) => n.title)).toEqual(
      [...Array(5)].map((_, i) => `Received ${i + 1} sat${i ? 's' : ''}`).concat('Received 99 sats'),
    )
  })
})
