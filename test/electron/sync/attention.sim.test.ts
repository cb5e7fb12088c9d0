// Attention: a withdraw link handed out is claimed by someone outside while the person still looks
// at it, so its claim is told as soon as a fresh invoice's payment is: within 3 s of the claim while
// the link is fresh (its first minutes) or on screen, not at the next idle tick (15 s by default).
// Time is virtual (harness.ts): the loop's own timers decide, nothing depends on the machine's speed.
import { DEFAULT_SETTINGS } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_PLAN } from '../../../electron/main/services/sync'
import { withdrawLinkView } from '../../../electron/main/services/views'
import { claimAsOutsider, closeWorld, makeLoop, openWorld, type SyncWorld, virtualMsUntil } from './harness'

let world: SyncWorld
beforeEach(async () => {
  world = await openWorld()
})
afterEach(() => closeWorld(world))

/** the loop as the app runs it: the default plan, fresh window included */
function loop() {
  const w = makeLoop({ ...world, options: { freshWindowSec: DEFAULT_PLAN.freshWindowSec } })
  world.loops.push(w)
  return w
}

async function mint(walletId: string, amountSat: number) {
  const link = await world.client.mintWithdrawLink(walletId, { amountSat, memo: 'Refund' })
  return withdrawLinkView(link, { walletId, amountSat, memo: 'Refund', nowSec: world.sim.control.clock.now() })
}

const told = () => world.rec.shown.filter((n) => n.title.startsWith('Withdraw link claimed')).length

/** virtual ms from now until it was told, up to `limitMs` */
const msUntilTold = (limitMs: number) => virtualMsUntil(world.vt, () => told() > 0, limitMs)

describe('a withdraw link claimed from outside', () => {
  it('is told within 3 s while the link is fresh', async () => {
    expect(DEFAULT_SETTINGS.pollIntervalSec * 1000).toBeGreaterThanOrEqual(15_000)
    const wallet = world.sim.control.createWallet('Payouts', 50_000).id
    const w = loop()
    const link = await mint(wallet, 1_000)
    w.start()
    await w.trackWithdraw(link)
    await w.idle()
    await world.vt.advance(20_000)
    expect(await claimAsOutsider(world.sim, link.lnurl, 1_000)).toEqual({ status: 'OK' })
    const ms = await msUntilTold(15_000)
    expect(ms).not.toBeNull()
    expect(ms).toBeLessThanOrEqual(3_000)
  })

  it('is told within 3 s while the link is on screen, however old; at the idle pace once it is not', async () => {
    const wallet = world.sim.control.createWallet('Payouts', 50_000).id
    const w = loop()
    const onScreen = await mint(wallet, 700)
    const later = await mint(wallet, 800)
    w.start()
    await w.trackWithdraw(onScreen)
    await w.trackWithdraw(later)
    await w.idle()
    // past the fresh window: the loop is back at its idle pace
    await world.vt.advance((DEFAULT_PLAN.freshWindowSec + 60) * 1000)
    // the Withdraw screen shows it: the wait already planned (the idle interval) is cut short
    w.focusLink(onScreen.ott)
    await w.idle()
    expect(await claimAsOutsider(world.sim, onScreen.lnurl, 700)).toEqual({ status: 'OK' })
    const ms = await msUntilTold(15_000)
    expect(ms).not.toBeNull()
    expect(ms).toBeLessThanOrEqual(3_000)

    // off screen: no faster than the poll interval (one idle tick per interval, one request each)
    w.focusLink(null)
    await world.vt.advance(DEFAULT_SETTINGS.pollIntervalSec * 1000)
    const before = world.sim.control.requests({ path: '/v1/wallets' }).length
    await world.vt.advance(DEFAULT_SETTINGS.pollIntervalSec * 1000 * 4)
    expect(world.sim.control.requests({ path: '/v1/wallets' }).length - before).toBeLessThanOrEqual(4)
    expect(w.listWithdraws().find((l) => l.ott === later.ott)?.status).toBe('waiting')
  })
})
