// The whole app (createApp, the router, the sync loop, the journal) with its clock off by a given
// amount, against a simulator on the true time: the computer whose clock is wrong by hours.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName, EventPayload } from '@shared/contract'
import type { Result } from '@shared/errors'
import { expect } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { createMemoryStore, type SecretStore } from '../../../electron/main/services/secrets'
import type { SimulatorHandle, SimWallet } from '../../simulator/index'

export const HOUR_MS = 3_600_000
/** the clock offsets the issue names, and the control run */
export const OFFSETS: ReadonlyArray<[string, number]> = [
  ['+25 h', 25 * HOUR_MS],
  ['−25 h', -25 * HOUR_MS],
  ['+2 h', 2 * HOUR_MS],
  ['−2 h', -2 * HOUR_MS],
  ['no offset', 0],
]

export interface SkewedApp {
  app: App
  dir: string
  events: Array<{ name: EventName; payload: unknown }>
  notifications: Array<{ title: string; body: string }>
  call<T = Record<string, unknown>>(name: string, input?: unknown): Promise<T>
  handle(name: string, input?: unknown): Promise<Result<unknown>>
  of<E extends EventName>(name: E): Array<EventPayload<E>>
  close(): Promise<void>
}

export function value<T>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}

/** The app with its clock `offsetMs` off the true one, connected to the simulator's account. */
export async function startSkewedApp(
  sim: SimulatorHandle,
  offsetMs: number,
  o: {
    timeoutMs?: number
    /** a keychain to keep the key in across a restart (the dir is then the caller's to remove) */
    keychain?: SecretStore
    /** the userData of an earlier start: the account is there already */
    dir?: string
    notifications?: SkewedApp['notifications']
  } = {},
): Promise<SkewedApp> {
  const dir = o.dir ?? (await mkdtemp(join(tmpdir(), 'lt-clock-')))
  const events: SkewedApp['events'] = []
  const notifications: SkewedApp['notifications'] = o.notifications ?? []
  const app = createApp({
    userDataDir: dir,
    secretStore: o.keychain ?? createMemoryStore(),
    notifier: { show: (n) => void notifications.push(n), isSupported: () => true },
    emit: (name, payload) => void events.push({ name, payload }),
    appVersion: APP_VERSION,
    logSink: () => {},
    now: () => Date.now() + offsetMs,
    client: { timeoutMs: o.timeoutMs ?? 5_000 },
  })
  await app.start()
  const handle = (name: string, input: unknown = {}) => app.router.handle(name, input)
  let closed = false
  const storage = o.keychain ? 'keychain' : 'memory'
  if (!o.dir)
    value(await handle('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret, storage }))
  return {
    app,
    dir,
    events,
    notifications,
    handle,
    call: async (name, input) => value(await handle(name, input)),
    of: (name) => events.filter((e) => e.name === name).map((e) => e.payload as EventPayload<typeof name>),
    async close() {
      if (closed) return
      closed = true
      await app.dispose()
      if (!o.keychain) await rm(dir, { recursive: true, force: true })
    },
  }
}

/** The service's rows carrying this request id (a payment has one; its fee row does not). */
export async function rowsAtService(sim: SimulatorHandle, w: SimWallet, requestId: string): Promise<number> {
  const res = await fetch(`${sim.url}/v1/wallet/${w.id}/transactions?per-page=500`, {
    headers: { 'X-Api-Key': sim.keys.secret },
  })
  const rows = (await res.json()) as Array<{ passThru?: { requestId?: string } }>
  return rows.filter((r) => r.passThru?.requestId === requestId).length
}

/** How often the outside payee of this request was paid. */
export function paidToPayee(sim: SimulatorHandle, paymentHash: string): number {
  return sim.control.outside.book().filter((e) => e.paymentHash === paymentHash && e.direction === 'out').length
}

/** The service has made the payment (the outside payee has it). */
export async function untilPaidOut(sim: SimulatorHandle, paymentHash: string, timeout = 20_000) {
  await expect.poll(() => paidToPayee(sim, paymentHash), { timeout, interval: 100 }).toBe(1)
}
