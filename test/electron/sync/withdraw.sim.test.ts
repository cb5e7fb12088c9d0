import { DEFAULT_SETTINGS } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BackendClient } from '../../../electron/main/services/backends'
import { createSyncLoop } from '../../../electron/main/services/sync'
import { withdrawLinkView } from '../../../electron/main/services/views'
import type { SimulatorHandle } from '../../simulator'
import {
  claimAsOutsider,
  closeWorld,
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

function watcher() {
  const w = makeLoop({ sim, client, vt, rec, store })
  world.loops.push(w)
  return w
}

async function mint(walletId: string, amountSat: number, memo: string) {
  const link = await client.mintWithdrawLink(walletId, { amountSat, memo })
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
