// The sync loop stores the live rate with the rows that arrive while it is fresh, and leaves the
// opening history (loaded in bulk, days old) without one for the history source (docs/rates.md).
import type { PriceThen } from '@shared/priceThen'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { ACCOUNT, closeWorld, ledgerIn, makeLoop, openWorld, type SyncWorld } from './harness'

let world: SyncWorld
beforeEach(async () => {
  world = await openWorld()
})
afterEach(() => closeWorld(world))

it('a payment that arrives takes the live rate; the history loaded at first does not', async () => {
  const { sim, client, vt, rec, store } = world
  const shop = sim.control.createWallet('Shop', 10_000)
  await sim.control.payInbound(shop.id, 1_000, 'before the app')
  sim.control.clock.advance(3 * 86_400)
  const live = (): PriceThen => ({
    prices: { USD: 64_000 },
    at: sim.control.clock.now(),
    source: 'prices.test',
    kind: 'live',
  })
  const loop = makeLoop({ sim, client, vt, rec, store, livePrice: live })
  world.loops.push(loop)
  loop.start()
  await loop.idle()
  await sim.control.payInbound(shop.id, 2_500, 'while open')
  await vt.advance(15_000)
  const rows = ledgerIn(store).page({ accountId: ACCOUNT, walletId: shop.id, limit: 10 }).items
  const byMemo = (m: string) => rows.find((r) => r.memo === m)
  expect(byMemo('while open')?.priceThen).toMatchObject({
    prices: { USD: 64_000 },
    kind: 'live',
    source: 'prices.test',
  })
  expect(byMemo('before the app')).toBeDefined()
  expect(byMemo('before the app')?.priceThen).toBeNull()
})
