// Withdraw links: a claim by a third-party wallet (the LUD-03 flow over HTTP) is noticed once,
// with the amount it actually took; and the earlier watcher's file is imported once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_SETTINGS } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ServiceClient } from '../../../electron/main/services/client'
import { createSyncLoop, type LegacyWatcherFile } from '../../../electron/main/services/sync'
import { withdrawLinkView } from '../../../electron/main/services/views'
import type { SimulatorHandle } from '../../simulator'
import {
  ACCOUNT,
  claimAsOutsider,
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
let client: ServiceClient
let vt: VirtualTimers
let rec: Recorder
let store: string
let world: SyncWorld
const legacy = () => join(store, 'watcher.json')

beforeEach(async () => {
  world = await openWorld()
  ;({ sim, client, vt, rec, store } = world)
})
afterEach(() => closeWorld(world))

function watcher() {
  const w = makeLoop({ sim, client, vt, rec, store })
  world.loops.push(w)
  return w
}

async function mint(walletId: string, amountSat: number, memo: string) {
  const link = await client.mintWithdrawLink(walletId, { num_satoshis: amountSat, memo })
  return withdrawLinkView(link, { walletId, amountSat, memo, nowSec: sim.control.clock.now() })
}

/** What a third-party wallet does with the link: read the descriptor, then send an invoice. */
describe('withdraw link claims', () => {
  it('notices the claim of each link by its one-time token, once, and persists it', async () => {
    const wallet = sim.control.createWallet('Payouts', 50_000).id
    const a = await mint(wallet, 1000, 'Refund A')
    const b = await mint(wallet, 2000, 'Refund B')
    const w = watcher()
    await w.trackWithdraw(a)
    await w.trackWithdraw(b)
    w.start()
    await w.idle()
    await vt.advance(30_000)
    expect(rec.of('withdraw.updated')).toHaveLength(0)

    expect(await claimAsOutsider(sim, b.lnurl, 2000)).toEqual({ status: 'OK' })
    await vt.advance(15_000)
    const updates = rec.of('withdraw.updated') as Array<{ ott: string; status: string; claimedAt: number | null }>
    expect(updates.map((u) => [u.ott, u.status])).toEqual([[b.ott, 'claimed']])
    expect(updates[0]?.claimedAt).toBeGreaterThan(0)
    expect(rec.shown.map((n) => n.title)).toEqual(['Withdraw link claimed: 2,000 sats'])
    expect(rec.shown[0]?.body).toBe('Refund B\nFrom Payouts')
    const statuses = new Map(w.listWithdraws().map((l) => [l.ott, l.status]))
    expect(statuses).toEqual(
      new Map([
        [a.ott, 'waiting'],
        [b.ott, 'claimed'],
      ]),
    )

    await vt.advance(120_000)
    expect(rec.of('withdraw.updated')).toHaveLength(1)
    // A new watcher from the file knows B is done and still waits for A.
    await w.stop()
    const w2 = watcher()
    w2.start()
    await w2.idle()
    expect(await claimAsOutsider(sim, a.lnurl, 500)).toEqual({ status: 'OK' })
    await vt.advance(15_000)
    expect(rec.of('withdraw.updated').map((u) => (u as { ott: string }).ott)).toEqual([b.ott, a.ott])
    expect(rec.shown).toHaveLength(2)
    // a 1,000-sat link claimed for 500 says 500, in the notice and the list
    expect(rec.shown[1]?.title).toBe('Withdraw link claimed: 500 sats')
    expect(new Map(w2.listWithdraws().map((l) => [l.ott, l.claimedMsat]))).toEqual(
      new Map([
        [a.ott, 500_000],
        [b.ott, 2_000_000],
      ]),
    )
    const onDisk = ledgerIn(store).withdrawLinks()
    expect(onDisk.map((s) => s.status)).toEqual(['claimed', 'claimed'])
    expect(new Set(onDisk.map((s) => s.claimTxId)).size).toBe(2)
    // what each claim actually took: all of B, and A claimed for less than its 1,000 sats
    expect(new Map(onDisk.map((s) => [s.ott, s.claimedMsat]))).toEqual(
      new Map([
        [a.ott, 500_000],
        [b.ott, 2_000_000],
      ]),
    )
  })

  it('needs an account to track a link under', async () => {
    const link = await mint(sim.control.createWallet('X', 10).id, 5, 'x')
    const ledger = ledgerIn(store)
    const w = createSyncLoop({
      ledger: () => ledger,
      accountIds: () => [],
      getClient: () => client,
      notifier: rec.notifier,
      emit: rec.emit,
      settings: () => DEFAULT_SETTINGS,
      now: vt.now,
      timers: vt.timers,
    })
    await expect(w.trackWithdraw(link)).rejects.toMatchObject({ code: 'not_connected' })
    expect(w.listWithdraws()).toEqual([])
    await w.trackWithdraw(link, 'acc_other')
    expect(w.listWithdraws().map((l) => l.ott)).toEqual([link.ott])
  })
})

describe('the earlier watcher file', () => {
  it('sets a corrupt file aside, says so, and starts empty', async () => {
    writeFileSync(legacy(), '{"version":1,"invoices":[{"id":')
    const w = watcher()
    expect(w.list()).toEqual([])
    const notices = rec.of('notice') as Array<{ level: string; message: string }>
    expect(notices).toHaveLength(1)
    expect(notices[0]?.level).toBe('warning')
    const aside = /kept as (\S+);/.exec(notices[0]?.message ?? '')?.[1]
    expect(aside && readFileSync(aside, 'utf8')).toBe('{"version":1,"invoices":[{"id":')
  })

  it('refuses a file of the wrong shape the same way', async () => {
    writeFileSync(
      legacy(),
      JSON.stringify({ version: 1, invoices: [{ id: 'lntx_1', status: 'weird' }], withdraws: [] }),
    )
    const w = watcher()
    expect(w.list()).toEqual([])
    expect(rec.of('notice')).toHaveLength(1)
  })

  it('imports a readable file once into the ledger, sets it aside, and watches what it held', async () => {
    const wallet = sim.control.createWallet('Imported', 10_000).id
    const inv = await createInvoice(client, wallet, 321, 'From the old file')
    const link = await mint(wallet, 100, 'Old link')
    const file: LegacyWatcherFile = {
      version: 1,
      invoices: [inv],
      withdraws: [{ accountId: ACCOUNT, link, claimTxId: null }],
    }
    writeFileSync(legacy(), JSON.stringify(file))
    const w = watcher()
    w.start()
    await w.idle()
    expect(existsSync(legacy())).toBe(false)
    expect(w.list().map((i) => i.id)).toEqual([inv.id])
    expect(w.listWithdraws().map((l) => l.ott)).toEqual([link.ott])
    expect(
      ledgerIn(store)
        .invoices()
        .map((i) => i.id),
    ).toEqual([inv.id])
    await sim.control.settleInvoice(inv.id)
    await vt.advance(15_000)
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)
    // a second start reads the ledger, not the (set aside) file
    await w.stop()
    const again = watcher()
    again.start()
    await again.idle()
    expect(again.list().find((i) => i.id === inv.id)?.status).toBe('paid')
    expect(rec.shown).toHaveLength(1)
  })
})
