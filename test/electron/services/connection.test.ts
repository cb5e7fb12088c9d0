// The connection state, from the outcomes of real calls to the simulator, which is stopped and
// started again on the same port: offline on a network error or a timeout, online on the next
// answer, per account, announced only on a change of the active account's state.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName, EventPayload } from '@shared/contract'
import { AppError } from '@shared/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { createServiceClient, type ServiceClient } from '../../../electron/main/services/client'
import {
  type ConnectionMonitor,
  createConnectionMonitor,
  OFFLINE_MESSAGE,
} from '../../../electron/main/services/connection'
import { createMemoryStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'

const OFFLINE = { online: false, message: OFFLINE_MESSAGE }
const ONLINE = { online: true, message: null }

const cleanups: Array<() => Promise<unknown> | unknown> = []
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean()
})

/** A simulator that can be taken down and brought back on the same port with the same keys. */
async function restartable(seed: 'empty' | 'demo' = 'empty') {
  let sim: SimulatorHandle = await startSimulator({ seed })
  const port = Number(new URL(sim.url).port)
  let up = true
  cleanups.push(() => up && sim.close())
  return {
    get sim() {
      return sim
    },
    async down() {
      await sim.close()
      up = false
    },
    async up() {
      sim = await startSimulator({ seed, port })
      up = true
    },
  }
}

function connectionEvents() {
  const seen: Array<EventPayload<'connection'>> = []
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    if (event === 'connection') seen.push(payload as EventPayload<'connection'>)
  }
  return { seen, emit }
}

function clientOf(sim: SimulatorHandle, o: { timeoutMs?: number; apiKey?: string } = {}): ServiceClient {
  return createServiceClient({
    baseUrl: sim.url,
    getApiKey: () => o.apiKey ?? sim.keys.secret,
    authMethod: 'header',
    retries: 0,
    timeoutMs: o.timeoutMs ?? 2_000,
  })
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  )

describe('connection monitor (one account, real client)', () => {
  function monitor(o: { probeEveryMs?: number; probe?: () => Promise<unknown> } = {}) {
    const events = connectionEvents()
    let probe: () => Promise<unknown> = () => Promise.resolve()
    const m: ConnectionMonitor = createConnectionMonitor({
      emit: events.emit,
      activeAccountId: () => 'acc_a',
      probe: () => (o.probe ?? probe)(),
      probeEveryMs: () => o.probeEveryMs ?? 60_000,
    })
    cleanups.push(() => m.stop())
    return { m, seen: events.seen, setProbe: (p: () => Promise<unknown>) => (probe = p) }
  }

  it('offline once on network errors, online again on the next answer', async () => {
    const s = await restartable()
    const { m, seen } = monitor()
    const client = m.observe('acc_a', clientOf(s.sim))
    expect(await codeOf(client.listWallets())).toBe('ok')
    expect(seen).toEqual([]) // online from the start: nothing to say
    await s.down()
    expect(await codeOf(client.listWallets())).toBe('network')
    expect(await codeOf(client.getWallet('wal_x'))).toBe('network')
    expect(seen).toEqual([OFFLINE])
    await s.up()
    expect(await codeOf(client.listWallets())).toBe('ok')
    expect(await codeOf(client.listWallets())).toBe('ok')
    expect(seen).toEqual([OFFLINE, ONLINE])
  })

  it('while offline, a probe finds out when the service is back, with no other call made', async () => {
    const s = await restartable()
    const { m, seen, setProbe } = monitor({ probeEveryMs: 20 })
    const client = m.observe('acc_a', clientOf(s.sim))
    let probes = 0
    setProbe(() => {
      probes++
      return client.listWallets()
    })
    await s.down()
    expect(await codeOf(client.listWallets())).toBe('network')
    // the probe keeps failing while the service is down, and says nothing new
    await expect.poll(() => probes).toBeGreaterThan(2)
    expect(seen).toEqual([OFFLINE])
    await s.up()
    await expect.poll(() => seen).toEqual([OFFLINE, ONLINE])
    // online: the probing stops
    const after = probes
    await new Promise((r) => setTimeout(r, 100))
    expect(probes).toBe(after)
  })

  it('a timeout counts as offline; an error the service answered with counts as reached', async () => {
    const s = await restartable()
    const { m, seen } = monitor()
    const client = m.observe('acc_a', clientOf(s.sim, { timeoutMs: 300 }))
    s.sim.control.injectFault({ path: '/v1/wallets', kind: 'latency', ms: 2_000, times: 1 })
    expect(await codeOf(client.listWallets())).toBe('timeout')
    expect(seen).toEqual([OFFLINE])
    // a wrong key is the service's own answer: it can be reached
    const wrongKey = m.observe('acc_a', clientOf(s.sim, { apiKey: 'sak_notthekey123' }))
    expect(await codeOf(wrongKey.listWallets())).toBe('unauthorized')
    expect(seen).toEqual([OFFLINE, ONLINE])
  })
})

describe('connection state in the app (two accounts)', () => {
  async function boot() {
    const dir = await mkdtemp(join(tmpdir(), 'lt-conn-'))
    const events = connectionEvents()
    const app: App = createApp({
      userDataDir: dir,
      secretStore: createMemoryStore(),
      notifier: { show() {}, isSupported: () => true },
      emit: events.emit,
      appVersion: APP_VERSION,
      logSink: () => {},
      client: { retries: 0, timeoutMs: 2_000 },
    })
    cleanups.push(async () => {
      await app.dispose()
      await rm(dir, { recursive: true, force: true })
    })
    await app.start()
    return { app, seen: events.seen }
  }
  const ok = async (app: App, name: string, input: unknown = {}) => {
    const r = await app.router.handle(name, input)
    if (!r.ok) throw new Error(`${name}: ${r.error.code}`)
    return r.value as { id: string }
  }

  it('follows the active account: its state is announced on a switch, only when it differs', async () => {
    const a = await restartable('demo')
    const b = await restartable('empty')
    const { app, seen } = await boot()
    const accA = await ok(app, 'accounts.connect', { baseUrl: a.sim.url, apiKey: a.sim.keys.secret, label: 'A' })
    // an invoice of A's keeps the watcher asking A's service
    await ok(app, 'invoices.create', { walletId: a.sim.keys.wallets[0]!.id, amountSat: 10, memo: 'A' })
    await ok(app, 'accounts.connect', { baseUrl: b.sim.url, apiKey: b.sim.keys.secret, label: 'B' })
    const accB = app.accounts.active()
    await a.down()
    // the watcher meets A's outage while B is on screen: A is offline, nothing is shown
    app.sync.onResume()
    await app.sync.idle()
    expect(seen).toEqual([])
    // on screen again, A is offline at once: only the watcher's poll can have told
    await ok(app, 'accounts.switch', { id: accA.id })
    expect(seen).toEqual([OFFLINE])
    // a failing operation of the active account repeats nothing
    const failed = await app.router.handle('wallets.list', {})
    expect(failed).toMatchObject({ ok: false, error: { code: 'network' } })
    expect(seen).toEqual([OFFLINE])
    await ok(app, 'accounts.switch', { id: accB.id })
    expect(seen).toEqual([OFFLINE, ONLINE])
    await a.up()
    await ok(app, 'accounts.switch', { id: accA.id })
    expect(seen).toEqual([OFFLINE, ONLINE, OFFLINE]) // A is known offline until it answers
    await ok(app, 'wallets.list')
    expect(seen).toEqual([OFFLINE, ONLINE, OFFLINE, ONLINE])
    // removing the offline account leaves nothing behind
    await a.down()
    await app.router.handle('wallets.list', {})
    expect(seen.at(-1)).toEqual(OFFLINE)
    await ok(app, 'accounts.remove', { id: accA.id })
    expect(seen.at(-1)).toEqual(ONLINE)
    expect(app.accounts.active().id).toBe(accB.id)
  })

  it('a key being tested is no account: an unreachable address in the form says nothing', async () => {
    const a = await restartable('empty')
    const { app, seen } = await boot()
    const url = a.sim.url
    await a.down()
    const r = await app.router.handle('accounts.test', { baseUrl: url, apiKey: 'sak_12345678' })
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } })
    expect(seen).toEqual([])
  })
})
