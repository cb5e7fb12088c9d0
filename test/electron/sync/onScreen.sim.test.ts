// Money from outside while the window is open: the active account is read every few seconds (one
// request a tick when nothing moved), so a payment shows within 5 s, not at the next idle poll
// (15 s by default). Hidden, the loop keeps its idle pace. Time is virtual (harness.ts): the
// loop's own timers decide, nothing depends on the machine's speed.
import { DEFAULT_SETTINGS } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_PLAN } from '../../../electron/main/services/sync'
import { closeWorld, makeLoop, openWorld, type SyncWorld, virtualMsUntil } from './harness'

let world: SyncWorld
let seen = false
beforeEach(async () => {
  world = await openWorld()
  seen = false
})
afterEach(() => closeWorld(world))

function loop() {
  const w = makeLoop({ ...world, options: { visiblePollMs: DEFAULT_PLAN.visiblePollMs }, visible: () => seen })
  world.loops.push(w)
  return w
}

const received = () => world.rec.shown.filter((n) => n.title.startsWith('Received')).length

/** virtual ms from now until it was told, up to `limitMs` */
const msUntilTold = (limitMs: number) => virtualMsUntil(world.vt, () => received() > 0, limitMs)

const walletReads = () => world.sim.control.requests({ path: '/v1/wallets' }).length

describe('the window open', () => {
  it('tells money from outside within 5 s, at one request a tick; hidden, at the idle pace', async () => {
    expect(DEFAULT_SETTINGS.pollIntervalSec * 1000).toBeGreaterThan(5_000)
    const wallet = world.sim.control.createWallet('Shop', 10_000).id
    const w = loop()
    w.start()
    await w.idle()
    await world.vt.advance(60_000)

    // the window is shown: the wait already planned (the idle interval) is cut short
    seen = true
    w.windowShown()
    await world.vt.advance(DEFAULT_PLAN.visiblePollMs)
    const wallets = (await world.client.listWallets()).length
    const before = walletReads()
    const requestsBefore = world.sim.control.requests().length
    await world.vt.advance(60_000)
    const reads = walletReads() - before
    expect(reads).toBeGreaterThanOrEqual(60_000 / DEFAULT_PLAN.visiblePollMs - 1)
    expect(reads).toBeLessThanOrEqual(60_000 / DEFAULT_PLAN.visiblePollMs + 1)
    // nothing moved: each tick is that one request, but for the full check of every wallet every
    // `fullCheckEvery` ticks (a payment in and one out of the same size leave the balance as it was)
    const fullChecks = Math.ceil(reads / DEFAULT_PLAN.fullCheckEvery)
    expect(world.sim.control.requests().length - requestsBefore).toBeLessThanOrEqual(reads + fullChecks * wallets)

    await world.sim.control.payInbound(wallet, 1_500, 'deposit from outside')
    const ms = await msUntilTold(15_000)
    expect(ms).not.toBeNull()
    expect(ms).toBeLessThanOrEqual(5_000)

    // hidden again: no faster than the poll interval
    seen = false
    await world.vt.advance(DEFAULT_SETTINGS.pollIntervalSec * 1000)
    const hidden = walletReads()
    await world.vt.advance(DEFAULT_SETTINGS.pollIntervalSec * 1000 * 4)
    expect(walletReads() - hidden).toBeLessThanOrEqual(4)
  })
})
