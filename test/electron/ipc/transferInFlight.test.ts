// A transfer on its way is one of the payments this process is sending: the sync loop's check of
// unfinished payments leaves it alone, so a sync while the service holds the transfer's answer
// never marks it "unknown" (the person would be told its outcome is unknown while it is only slow).
import type { JournalView } from '@shared/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type ConnectedApp, startConnectedApp } from './appHarness'

let t: ConnectedApp
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Moving', balanceSat: 50_000 })
})
afterAll(() => t?.close())

it('a sync during an in-flight transfer never marks it unknown; it ends paid', { timeout: 60_000 }, async () => {
  const requestId = 'move-in-flight-1'
  const to = t.sim.keys.wallets[0]!.id
  // the service holds the transfer before doing it: meanwhile nothing of it is in the wallet's rows
  t.sim.control.injectFault({ path: '/transfer', kind: 'latency', ms: 10_000, times: 1 })
  const moving = t.app.router.handle('wallets.transfer', {
    fromWalletId: t.w.id,
    toWalletId: to,
    amountSat: 321,
    memo: 'Held',
    requestId,
  })
  await expect.poll(() => t.app.journal().get(requestId)?.state, { timeout: 15_000, interval: 20 }).toBe('sent')
  await expect.poll(() => t.sim.control.requests({ path: '/transfer' }).length, { timeout: 15_000 }).toBe(1)

  // a sync tick now (as on resume), and the check of unfinished payments it may start
  const told = t.events.length
  t.app.sync.onResume()
  await t.app.sync.idle()
  await t.app.idle()
  expect(t.sim.control.requests({ path: /\/v1\/wallets$/ }).length).toBeGreaterThan(0)
  expect(t.app.journal().get(requestId)?.state).toBe('sent')
  const lists = t.events
    .slice(told)
    .filter((e) => e.name === 'payments.updated')
    .map((e) => (e.payload as { payments: JournalView[] }).payments)
  for (const list of lists) expect(list.find((p) => p.requestId === requestId)?.state).not.toBe('unknown')

  const moved = await moving
  expect(moved.ok).toBe(true)
  expect(t.app.journal().get(requestId)).toMatchObject({ state: 'paid' })
  expect(t.sim.control.balanceMsat(t.w.id)).toBe(50_000_000 - 321_000)
})
