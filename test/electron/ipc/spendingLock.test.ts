// The confirm limit asks the app lock's own passphrase (app/desk.ts, lockPassphrase): set with
// lock.set, checked by the lock's service with its back-off, so a confirmation is no faster way to
// guess than the lock screen. Through the router against the simulator, no stand-in.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from '@shared/errors'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { App } from '../../../electron/main/app/createApp'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { bareApp } from './appHarness'

const PASS = 'correct horse battery'
let sim: SimulatorHandle
let w: SimWallet
let dir: string
let app: App
let clock: number

beforeEach(async () => {
  sim = await startSimulator({ seed: 'demo' })
  w = sim.control.createWallet('Locked limits', 100_000)
  dir = await mkdtemp(join(tmpdir(), 'lt-spend-lock-'))
  clock = Date.now()
  app = bareApp({ dir, now: () => clock })
  await app.start()
})
afterEach(async () => {
  await app.dispose()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const call = (name: string, input: unknown = {}) => app.router.handle(name, input)
function ok<T = Record<string, unknown>>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}

it("a payment over the confirm limit needs the lock's passphrase, and a wrong one counts as a wrong unlock", async () => {
  ok(await call('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret }))
  const accountId = app.accounts.active().id
  // no lock yet: no passphrase, so no confirm limit can be made
  expect(await call('spending.set', { accountId, confirmAboveSat: 500, dailyLimitSat: null })).toMatchObject({
    ok: false,
  })
  ok(await call('lock.set', { passphrase: PASS }))
  ok(await call('spending.set', { accountId, confirmAboveSat: 500, dailyLimitSat: null }))
  const pay = (sat: number, confirmToken?: string) =>
    call('pay.lightningAddress', {
      walletId: w.id,
      address: 'alice@sim.example',
      amountMsat: sat * 1000,
      requestId: `req-lock-${sat}-${confirmToken ?? 'none'}`,
      ...(confirmToken ? { confirmToken } : {}),
    })
  expect(await pay(600)).toMatchObject({ ok: false, error: { code: 'limit' } })

  const wrong = await call('spending.confirm', { amountMsat: 600_000, passphrase: 'not it' })
  expect(wrong.ok).toBe(false)
  expect(app.lock.status().failures).toBe(1)
  // the lock's back-off holds for confirmations too: the right passphrase waits its turn
  const early = await call('spending.confirm', { amountMsat: 600_000, passphrase: PASS })
  expect(early.ok).toBe(false)
  clock += 2_000
  const { confirmToken } = ok<{ confirmToken: string }>(
    await call('spending.confirm', { amountMsat: 600_000, passphrase: PASS }),
  )
  expect(app.lock.status().failures).toBe(0)
  const before = sim.control.balanceMsat(w.id)
  ok(await pay(600, confirmToken))
  // one payment of 600 sats (and its fee) left the wallet
  expect(before - sim.control.balanceMsat(w.id)).toBeGreaterThanOrEqual(600_000)
  expect(before - sim.control.balanceMsat(w.id)).toBeLessThan(1_200_000)
})
