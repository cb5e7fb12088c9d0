// The sync loop's invoice watching against the simulator over real HTTP with the real client. Time is virtual (see
// harness.ts): the test moves it, so an hour of polling takes a second and nothing is timing-flaky.
import type { Emit, PendingInvoice } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ServiceClient } from '../../../electron/main/services/backends/service'
import type { TrayState } from '../../../electron/main/services/tray'
import { INITIAL_TRAY_STATE, reduceTrayState } from '../../../electron/main/shell/trayState'
import type { SimulatorHandle } from '../../simulator'
import { prng } from '../../simulator/seed'
import {
  ACCOUNT,
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

beforeEach(async () => {
  world = await openWorld()
  ;({ sim, client, vt, rec, store } = world)
})
afterEach(() => closeWorld(world))

function watcher(o: Parameters<typeof makeLoop>[0]['options'] = {}, settings = {}) {
  const w = makeLoop({ sim, client, vt, rec, store, options: o, settings })
  world.loops.push(w)
  return w
}

const lntxRequests = (id: string) => sim.control.requests({ path: `/v1/lntx/${id}` }).length

async function makeWallets(n: number) {
  return Array.from({ length: n }, (_, i) => sim.control.createWallet(`Wallet ${i + 1}`, 10_000).id)
}

describe('settlement watching against the simulator', () => {
  it('50 invoices over 3 wallets, paid at random times, a new watcher from the same file halfway, an outage later: each announced exactly once', async () => {
    const rand = prng(42)
    const wallets = await makeWallets(3)
    const invoices: PendingInvoice[] = []
    for (let i = 0; i < 50; i++) {
      const walletId = wallets[i % 3]!
      // 40 are paid during the run; 10 are never paid and expire during it.
      invoices.push(
        await createInvoice(client, walletId, 1 + Math.floor(rand() * 5000), `Order ${i}`, i < 40 ? 3600 : 240),
      )
    }
    const settleAt = new Map(invoices.slice(0, 40).map((inv) => [inv.id, Math.floor(rand() * 300)]))
    // Some are paid before the restart, some during the outage below.
    expect([...settleAt.values()].filter((at) => at < 150).length).toBeGreaterThan(5)
    expect([...settleAt.values()].filter((at) => at >= 200 && at < 260).length).toBeGreaterThan(3)

    let w = watcher()
    for (const inv of invoices) await w.track(inv)
    w.start()
    await w.idle()
    let shownBeforeOutage = 0
    for (let t = 0; t <= 600; t++) {
      for (const [id, at] of settleAt) if (at === t) await sim.control.settleInvoice(id)
      // An outage in the second half: 503s, then dropped connections, then back.
      if (t === 200) {
        shownBeforeOutage = rec.shown.length
        sim.control.injectFault({ path: '/v1/', kind: 'status', status: 503 })
      }
      if (t === 230) {
        sim.control.clearFaults()
        sim.control.injectFault({ path: '/v1/', kind: 'reset' })
      }
      if (t === 260) {
        expect(rec.shown.length).toBe(shownBeforeOutage) // nothing could be learnt meanwhile
        sim.control.clearFaults()
      }
      if (t === 150) {
        // "Restart": this watcher stops, a new one is made from the same file.
        await w.stop()
        w = watcher()
        w.start()
        await w.idle()
      }
      await vt.advance(1000)
    }

    const counts = rec.notifiedCounts()
    for (const inv of invoices.slice(0, 40)) expect(counts.get(inv.id), inv.memo).toBe(1)
    for (const inv of invoices.slice(40)) expect(counts.get(inv.id)).toBeUndefined()
    expect(rec.shown).toHaveLength(40)
    // The notification's text: the amount the wallet received and the memo.
    const first = invoices[0]!
    const note = rec.shown.find((n) => n.body.startsWith(`${first.memo}\n`))
    expect(note?.title).toBe(
      `Received ${first.amountSat.toLocaleString('en-US')} ${first.amountSat === 1 ? 'sat' : 'sats'}`,
    )
    expect(note?.body).toBe(`${first.memo}\nTo Wallet 1`)

    const status = new Map(w.list().map((i) => [i.id, i.status]))
    for (const inv of invoices.slice(0, 40)) expect(status.get(inv.id)).toBe('paid')
    for (const inv of invoices.slice(40)) expect(status.get(inv.id)).toBe('expired')
    const paidEvents = rec.of('invoice.updated').filter((p) => (p as PendingInvoice).status === 'paid')
    expect(new Set(paidEvents.map((p) => (p as PendingInvoice).id)).size).toBe(40)
    expect(paidEvents).toHaveLength(40)
    expect(rec.of('wallets.updated').length).toBeGreaterThan(0)
    // What is on disk says the same, so a third start would announce nothing either.
    const onDisk = ledgerIn(store).invoices()
    expect(onDisk.filter((i) => i.status === 'paid')).toHaveLength(40)
    expect(onDisk.filter((i) => i.status === 'expired')).toHaveLength(10)

    await w.stop()
    const again = watcher()
    again.start()
    await again.idle()
    await vt.advance(120_000)
    expect(rec.shown).toHaveLength(40)
  })

  it('a service outage (503, then dropped connections) delays announcements, loses none, and backs off', async () => {
    const wallets = await makeWallets(3)
    const invoices: PendingInvoice[] = []
    for (let i = 0; i < 12; i++) invoices.push(await createInvoice(client, wallets[i % 3]!, 100 + i, `Outage ${i}`))
    const w = watcher()
    for (const inv of invoices) await w.track(inv)
    w.start()
    await w.idle()

    await sim.control.settleInvoice(invoices[0]!.id)
    await vt.advance(15_000)
    expect(rec.notifiedCounts().get(invoices[0]!.id)).toBe(1)

    sim.control.injectFault({ path: '/v1/', kind: 'status', status: 503 })
    sim.control.resetRequests()
    for (const inv of invoices.slice(1, 7)) await sim.control.settleInvoice(inv.id)
    await vt.advance(180_000)
    sim.control.clearFaults()
    sim.control.injectFault({ path: '/v1/', kind: 'reset' })
    for (const inv of invoices.slice(7, 10)) await sim.control.settleInvoice(inv.id)
    await vt.advance(180_000)
    expect(rec.shown).toHaveLength(1) // nothing got through
    // Six minutes at 15 s would be 24 ticks; backing off (30, 60, 120, 240, 300 s) makes it 5.
    const ticks = sim.control.requests({ path: '/v1/wallets' }).length
    expect(ticks).toBeGreaterThanOrEqual(3)
    expect(ticks).toBeLessThanOrEqual(6)

    sim.control.clearFaults()
    // Without any online signal the capped backoff still comes round within 5 minutes.
    await vt.advance(300_000)
    const counts = rec.notifiedCounts()
    for (const inv of invoices.slice(0, 10)) expect(counts.get(inv.id), inv.memo).toBe(1)
    expect(rec.shown).toHaveLength(10)

    // Back to the normal interval after recovery.
    await sim.control.settleInvoice(invoices[10]!.id)
    await vt.advance(15_000)
    expect(rec.notifiedCounts().get(invoices[10]!.id)).toBe(1)
    expect(rec.shown).toHaveLength(11)
  })

  it('onOnline and onResume poll at once instead of waiting out the backoff', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 500, 'Back online')
    const w = watcher()
    await w.track(inv)
    w.start()
    await w.idle()
    sim.control.injectFault({ path: '/v1/', kind: 'status', status: 503 })
    await vt.advance(200_000) // several failures: the next tick is minutes away
    sim.control.clearFaults()
    await sim.control.settleInvoice(inv.id)
    await vt.advance(1_000)
    expect(rec.shown).toHaveLength(0)
    w.onOnline()
    await w.idle()
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)

    const inv2 = await createInvoice(client, walletId!, 600, 'After sleep')
    await w.track(inv2)
    await sim.control.settleInvoice(inv2.id)
    w.onResume()
    await w.idle()
    expect(rec.notifiedCounts().get(inv2.id)).toBe(1)
  })

  it('stops polling expired invoices: one last read after expiry + grace, then none', async () => {
    const wallets = await makeWallets(2)
    const few = [await createInvoice(client, wallets[0]!, 10, 'Short a', 120)]
    const many = await Promise.all([1, 2, 3].map((i) => createInvoice(client, wallets[1]!, 10 + i, `Short ${i}`, 120)))
    const w = watcher()
    for (const inv of [...few, ...many]) await w.track(inv)
    w.start()
    await w.idle()
    await vt.advance(120_000 + 60_000 + 15_000) // expiry, grace, one more tick
    for (const inv of [...few, ...many]) {
      expect(w.list().find((i) => i.id === inv.id)?.status).toBe('expired')
      expect(lntxRequests(inv.id)).toBeGreaterThanOrEqual(1) // the last read
    }
    const expiredEvents = rec.of('invoice.updated').filter((p) => (p as PendingInvoice).status === 'expired')
    expect(expiredEvents).toHaveLength(4)

    sim.control.resetRequests()
    await vt.advance(3_600_000)
    for (const inv of [...few, ...many]) expect(lntxRequests(inv.id)).toBe(0)
    // Nothing left to watch: what remains is the account's idle cost, one balance read a tick
    // (the sync loop follows every payment, not only invoices: docs/architecture.md).
    // (and every 20th tick, a full check of both wallets through the account-wide feed)
    expect(sim.control.requests({ path: '/v1/wallets' })).toHaveLength(3_600 / 15)
    expect(sim.control.requests({ path: '/v1/wallet-transactions' })).toHaveLength(3_600 / 15 / 20)
    expect(sim.control.requests()).toHaveLength(3_600 / 15 + 3_600 / 15 / 20)
    expect(vt.pending()).toBe(1)
    expect(rec.shown).toHaveLength(0)
  })

  it('an invoice of an account that is gone (removed, or kept in memory by an earlier run) stops counting at expiry', async () => {
    const [walletId] = await makeWallets(1)
    const inv = { ...(await createInvoice(client, walletId!, 10, 'Orphan', 120)), accountId: 'acc_removed' }
    const w = watcher()
    await w.track(inv)
    w.start()
    await w.idle()
    await vt.advance(60_000)
    expect(w.pendingCount()).toBe(1) // still payable: nothing is decided before its expiry
    await vt.advance(120_000 + 15_000)
    // Nobody can ask the service about it any more: like an invoice unreadable at expiry, it is
    // no longer pending (the tray's count and the Receive list said "pending" for ever).
    expect(w.list()[0]?.status).toBe('expired')
    expect(w.pendingCount()).toBe(0)
    expect(vt.pending()).toBe(1) // the live account's tick only: the gone one is not polled any more
    expect(rec.shown).toHaveLength(0)
  })

  it('an invoice paid just before it expired is announced by the last read, not marked expired', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 77, 'Last minute', 120)
    // A watcher that (wrongly) never sees balance changes would miss it but for the final read.
    const w = watcher({ fullCheckEvery: 1_000_000 })
    await w.track(inv)
    w.start()
    await w.idle()
    await vt.advance(100_000)
    await sim.control.settleInvoice(inv.id)
    await vt.advance(100_000)
    expect(w.list()[0]?.status).toBe('paid')
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)
  })

  it('writes "paid" to disk before showing the notification', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 1000, 'Durable')
    const onDiskAtShow: string[] = []
    const w = makeLoop({
      sim,
      client,
      vt,
      rec: {
        ...rec,
        notifier: {
          ...rec.notifier,
          show: (n, onClick) => {
            const onDisk = ledgerIn(store).invoices()
            onDiskAtShow.push(onDisk.find((i) => i.id === inv.id)?.status ?? 'missing')
            rec.notifier.show(n, onClick)
          },
        },
      },
      store,
    })
    world.loops.push(w)
    await w.track(inv)
    w.start()
    await w.idle()
    await sim.control.settleInvoice(inv.id)
    await vt.advance(15_000)
    expect(onDiskAtShow).toEqual(['paid'])
  })

  it('costs one balance read per tick while nothing moves, whatever the number of invoices', async () => {
    const wallets = await makeWallets(3)
    const w = watcher({ fullCheckEvery: 8 })
    for (let i = 0; i < 30; i++) await w.track(await createInvoice(client, wallets[i % 3]!, 50 + i, `Idle ${i}`))
    w.start()
    await w.idle()
    sim.control.resetRequests()
    await vt.advance(15_000 * 13) // ticks 2..14; tick 8 is a full check
    expect(sim.control.requests({ path: '/v1/wallets' })).toHaveLength(13)
    // the full check reads all three wallets at once, through the account-wide feed
    expect(sim.control.requests({ path: '/v1/wallet-transactions' })).toHaveLength(1)
    expect(sim.control.requests({ path: /\/transactions$/ })).toHaveLength(0)
    expect(sim.control.requests({ path: /^\/v1\/lntx\// })).toHaveLength(0)
    expect(sim.control.requests()).toHaveLength(14)

    // Money arriving in one wallet (not for an invoice) makes only that wallet be read, and is
    // announced: every payment in is news, not only invoices made in the app.
    await sim.control.payInbound(wallets[1]!, 5, 'tip')
    sim.control.resetRequests()
    await vt.advance(15_000)
    expect(sim.control.requests({ path: /transactions$/ }).map((r) => r.path)).toEqual([
      `/v1/wallet/${wallets[1]}/transactions`,
    ])
    expect(rec.shown).toEqual([expect.objectContaining({ title: 'Received 5 sats', body: 'tip\nTo Wallet 2' })])
    expect(rec.of('wallets.updated').length).toBeGreaterThan(0)
  })

  it('reads further pages when more happened than one page holds; an invoice paid before it was tracked is settled from the ledger, announced once', async () => {
    const [walletId] = await makeWallets(1)
    const w = watcher({ perPage: 5 })
    const early = await Promise.all([1, 2, 3].map((i) => createInvoice(client, walletId!, i, `Early ${i}`)))
    for (const inv of early) await w.track(inv)
    w.start()
    await w.idle()
    // Paid before the app tracks it (say, the handler was slow), then buried under 12 newer
    // entries, all within one interval.
    const late = await createInvoice(client, walletId!, 44, 'Late')
    await sim.control.settleInvoice(late.id)
    for (let i = 0; i < 12; i++) await sim.control.payInbound(walletId!, 1, `noise ${i}`)
    sim.control.resetRequests()
    await vt.advance(15_000)
    // 13 new rows, 5 a page: three pages back to the last row seen before
    expect(sim.control.requests({ path: /\/transactions$/ })).toHaveLength(3)
    expect(rec.shown).toHaveLength(13)
    await w.track(late)
    await vt.advance(15_000)
    expect(w.list().find((i) => i.id === late.id)?.status).toBe('paid')
    expect(rec.notifiedCounts().get(late.id)).toBe(1)
    expect(rec.shown).toHaveLength(13)
  })

  it('settles invoices from the synced rows, without reading them one by one', async () => {
    const [walletId] = await makeWallets(1)
    const a = await createInvoice(client, walletId!, 5, 'Direct a')
    const b = await createInvoice(client, walletId!, 6, 'Direct b')
    const w = watcher()
    await w.track(a)
    await w.track(b)
    w.start()
    await w.idle()
    await sim.control.settleInvoice(b.id)
    await vt.advance(15_000)
    expect(rec.notifiedCounts()).toEqual(new Map([[b.id, 1]]))
    expect(lntxRequests(a.id)).toBe(0)
    expect(lntxRequests(b.id)).toBe(0)
  })

  it('with a single invoice, costs one balance read per tick and tells the new balance after a payment', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 8, 'Alone')
    const w = watcher()
    await w.track(inv)
    w.start()
    await w.idle()
    sim.control.resetRequests()
    await vt.advance(60_000)
    expect(sim.control.requests({ path: '/v1/wallets' })).toHaveLength(4)
    expect(sim.control.requests()).toHaveLength(4)
    const walletEvents = rec.of('wallets.updated').length
    await sim.control.settleInvoice(inv.id)
    await vt.advance(15_000)
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)
    expect(sim.control.requests({ path: '/v1/wallets' })).toHaveLength(5)
    expect(rec.of('wallets.updated')).toHaveLength(walletEvents + 1)
    const last = rec.of('wallets.updated').at(-1) as { wallets: Array<{ id: string; balanceMsat: number }> }
    // 10,000 sats opening balance + the 8 just received
    expect(last.wallets.find((x) => x.id === walletId)?.balanceMsat).toBe(10_008_000)
  })

  it('polls the focused invoice every 2 s and stops when it is paid or unfocused', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 2100, 'On screen')
    const w = watcher()
    await w.track(inv)
    w.start()
    await w.idle()
    sim.control.resetRequests()
    w.focus(inv.id)
    await vt.advance(30_000) // 15 fast reads; the two ticks in this time leave it to them
    expect(lntxRequests(inv.id)).toBe(15)
    await sim.control.settleInvoice(inv.id)
    await vt.advance(2_000)
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)
    // The balance is read once after the payment, for the renderer and the tray.
    const last = rec.of('wallets.updated').at(-1) as { wallets: Array<{ id: string; balanceMsat: number }> }
    expect(last.wallets.find((x) => x.id === walletId)?.balanceMsat).toBe(12_100_000)
    sim.control.resetRequests()
    await vt.advance(10_000)
    expect(lntxRequests(inv.id)).toBe(0)

    // Focused then unfocused: no fast reads, and the ticks read it again.
    const other = await createInvoice(client, walletId!, 2200, 'Unfocused')
    await w.track(other)
    w.focus(other.id)
    w.focus(null)
    sim.control.resetRequests()
    await vt.advance(16_000)
    expect(lntxRequests(other.id)).toBe(0)
    // the ticks go on watching it, through the balance
    expect(sim.control.requests({ path: '/v1/wallets' })).toHaveLength(1)
    await sim.control.settleInvoice(other.id)
    await vt.advance(15_000)
    expect(rec.notifiedCounts().get(other.id)).toBe(1)
  })

  it('check(id) reads now; unknown ids are a clear error', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 3, 'Check me')
    const w = watcher()
    await w.track(inv)
    expect((await w.check(inv.id)).status).toBe('pending')
    await sim.control.settleInvoice(inv.id)
    const after = await w.check(inv.id)
    expect(after.status).toBe('paid')
    expect(after.settledAt).toBeGreaterThan(0)
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)
    await expect(w.check('lntx_nope')).rejects.toMatchObject({ code: 'not_found' })
    await w.track(inv) // tracking a paid invoice again changes nothing
    expect(w.list()[0]?.status).toBe('paid')
  })

  it('a payment seen by several polls at the same moment is announced once', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 4, 'Seen twice')
    const w = watcher()
    await w.track(inv)
    w.start()
    await w.idle()
    await sim.control.settleInvoice(inv.id)
    w.onResume()
    await Promise.all([w.check(inv.id), w.check(inv.id), w.idle()])
    expect(rec.notifiedCounts().get(inv.id)).toBe(1)
    expect(rec.of('invoice.updated').filter((p) => (p as PendingInvoice).status === 'paid')).toHaveLength(1)
  })

  it('its events tell the tray when the pending count or the balances change', async () => {
    const wallets = await makeWallets(2)
    // The shell's tray follows the events main sends; the pending count is read from the watcher.
    const updates: TrayState[] = []
    let tray: TrayState = { ...INITIAL_TRAY_STATE, accountLabel: 'Test', accountId: ACCOUNT }
    const toTray: Emit = (event, payload) => {
      rec.emit(event, payload)
      tray = reduceTrayState(tray, event, payload, () => w.list())
      updates.push(tray)
    }
    const w = makeLoop({ sim, client, vt, rec: { ...rec, emit: toTray }, store })
    world.loops.push(w)
    const invs = [
      await createInvoice(client, wallets[0]!, 1, 'T1'),
      await createInvoice(client, wallets[0]!, 2, 'T2'),
      await createInvoice(client, wallets[1]!, 3, 'T3'),
    ]
    for (const inv of invs) await w.track(inv)
    expect(updates.map((u) => u.pendingCount)).toEqual([1, 2, 3])
    w.start()
    await w.idle()
    await sim.control.settleInvoice(invs[2]!.id)
    await vt.advance(15_000)
    expect(w.pendingCount()).toBe(2)
    expect(updates.at(-1)?.pendingCount).toBe(2)
    expect(updates.at(-1)?.wallets.find((x) => x.id === wallets[1])?.balanceMsat).toBe(10_003_000)
  })

  it('shows no notification when notifications are off, but still reports the payment', async () => {
    const [walletId] = await makeWallets(1)
    const inv = await createInvoice(client, walletId!, 9, 'Quiet')
    const w = watcher({}, { notifications: false })
    await w.track(inv)
    w.start()
    await w.idle()
    await sim.control.settleInvoice(inv.id)
    await vt.advance(15_000)
    expect(rec.shown).toHaveLength(0)
    expect(rec.of('invoice.updated').map((p) => (p as PendingInvoice).status)).toEqual(['pending', 'paid'])
  })

  it('a new poll interval applies from now, not after the old wait', async () => {
    await makeWallets(1)
    const settings = { pollIntervalSec: 60 }
    const w = makeLoop({ sim, client, vt, rec, store, settings })
    world.loops.push(w)
    w.start()
    await w.idle()
    sim.control.resetRequests()
    settings.pollIntervalSec = 5
    w.settingsChanged()
    await vt.advance(10_000)
    expect(sim.control.requests({ path: '/v1/wallets' })).toHaveLength(2)
  })
})
