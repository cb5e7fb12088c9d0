// The whole app against the simulator over HTTP, the loopback relay of test/support and the real
// keychain (run under scripts/with-keyring.sh), with one connected app made through the router as
// the Connected apps screen does, and @getalby/sdk's NWCClient as the app on the other side.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NWCClient } from '@getalby/sdk/nwc'
import type { NwcConnectionView, NwcCreateInput } from '@shared/contract/nwc'
import type { Result } from '@shared/errors'
import { afterAll, beforeAll } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import type { ShownNotification } from '../../../electron/main/services/notify'
import { KIND_REQUEST } from '../../../electron/main/services/nwc/types'
import { createKeytarStore, nwcWalletName, type SecretStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { rawClient } from './rawClient'

/** what a world needs of its relay: the in-process one of test/support, or another (floodRelay.ts) */
export interface WorldRelay {
  url: string
  close(): Promise<void>
}

export interface NwcWorld<R extends WorldRelay = TestRelay> {
  sim: SimulatorHandle
  relay: R
  app: App
  dir: string
  w: SimWallet
  secretStore: SecretStore
  service: string
  notifications: ShownNotification[]
  logs: string[]
  /** the app callbacks opened (a nostrnwc://connect pairing's), in order */
  callbacks: string[]
  call<T>(name: string, input?: unknown): Promise<T>
  connect(input?: Partial<NwcCreateInput>): Promise<{ connection: NwcConnectionView; uri: string }>
  client(uri: string): NWCClient
  /** disposes of the app and starts another on the same folder; by default waits until it listens */
  restart(o?: { listening?: boolean }): Promise<void>
  close(): Promise<void>
}

const value = <T>(r: Result<unknown>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}

/**
 * `now`: the app's clock (a test moving it moves the simulator's too: sim.control.clock);
 * `backoffMinMs`: the relay links' first wait after a drop (50 ms unless said)
 */
export function startNwcWorld(
  balanceSat?: number,
  relay?: undefined,
  o?: { now?: () => number; backoffMinMs?: number },
): Promise<NwcWorld>
export function startNwcWorld<R extends WorldRelay>(
  balanceSat: number,
  relay: R,
  o?: { backoffMinMs?: number },
): Promise<NwcWorld<R>>
export async function startNwcWorld(
  balanceSat = 10_000,
  given?: WorldRelay,
  o: { now?: () => number; backoffMinMs?: number } = {},
): Promise<NwcWorld<WorldRelay>> {
  const sim = await startSimulator({ seed: 'demo' })
  const relay = given ?? (await startRelay())
  const w = sim.control.createWallet('Apps', balanceSat)
  const dir = await mkdtemp(join(tmpdir(), 'lt-nwc-'))
  const service = `lightning-tray-test-nwc-${randomUUID()}`
  const secretStore = createKeytarStore(service, undefined, { timeoutMs: 8_000 })
  const notifications: ShownNotification[] = []
  const logs: string[] = []
  const callbacks: string[] = []
  const clients: NWCClient[] = []
  const make = () =>
    createApp({
      ...{
        userDataDir: dir,
        secretStore,
        appVersion: APP_VERSION,
        nwc: { backoffMinMs: o.backoffMinMs ?? 50 },
        now: o.now,
      },
      notifier: { show: (n) => notifications.push(n), isSupported: () => true },
      emit: () => {},
      logSink: (line) => logs.push(line),
      openAppCallback: (url) => callbacks.push(url),
    })
  const world: NwcWorld<WorldRelay> = {
    ...{ sim, relay, dir, w, secretStore, service, notifications, logs, callbacks },
    app: make(),
    call: (name, input = {}) => world.app.router.handle(name, input).then((r) => value(r)),
    async connect(input = {}) {
      await world.call('nwc.settings', { relay: relay.url })
      const base = { name: 'Primal', walletId: w.id, budgetSat: 1000, period: 'daily' as const }
      const methods = ['pay_invoice', 'make_invoice', 'lookup_invoice', 'get_balance', 'get_info', 'list_transactions']
      const made = await world.call<{ connection: NwcConnectionView; uri: string }>('nwc.create', {
        ...base,
        methods,
        ...input,
      })
      // the service listens for the new connection a moment after it is made: a request sent
      // before would be lost (the relay keeps no ephemeral event), so wait for its subscription
      const listens = (relay as Partial<TestRelay>).subscribed
      if (listens && made.uri) {
        const walletPubkey = new URL(made.uri.replace('nostr+walletconnect://', 'http://')).hostname
        await until(() => listens(KIND_REQUEST, walletPubkey), 20_000)
      }
      return made
    },
    client(uri) {
      const c = new NWCClient({ nostrWalletConnectUrl: uri })
      clients.push(c)
      return c
    },
    async restart({ listening = true } = {}) {
      await world.app.dispose()
      world.app = make()
      await world.app.start()
      if (!listening) return
      // the relays' worker subscribes a moment after the start: a request sent before is lost
      const { connections } = await world.call<{ connections: NwcConnectionView[] }>('nwc.list')
      const relays = new Set(connections.filter((c) => c.status === 'active').map((c) => c.relay))
      await until(() => [...relays].every((r) => world.app.nwc.connected(r)), 20_000)
    },
    async close() {
      for (const c of clients) c.close()
      const list = await world.call<{ connections: NwcConnectionView[] }>('nwc.list').catch(() => ({ connections: [] }))
      for (const c of list.connections) await secretStore.delete(nwcWalletName(c.id))
      await world.app.dispose()
      await relay.close()
      await sim.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
  await world.app.start()
  value(
    await world.app.router.handle('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret }),
  )
  return world
}

/** A world for the tests of one file: started before them, closed after; read it through the getter. */
export function withNwcWorld(): () => NwcWorld {
  let t: NwcWorld | undefined
  beforeAll(async () => {
    t = await startNwcWorld()
  }, 30_000)
  afterAll(async () => {
    await t?.close()
  })
  return () => t as NwcWorld
}

/** Polls until `f` holds (a relay round trip, a sync). */
export async function until(f: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await f())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** A world with one connection and a bare client (rawClient.ts) on it, for the tests of one file. */
export function withRawClient(): () => { t: NwcWorld; raw: Awaited<ReturnType<typeof rawClient>> } {
  let got: { t: NwcWorld; raw: Awaited<ReturnType<typeof rawClient>> } | undefined
  beforeAll(async () => {
    const t = await startNwcWorld()
    const { uri } = await t.connect()
    got = { t, raw: await rawClient(uri, t.logs) }
  }, 30_000)
  afterAll(async () => {
    got?.raw.close()
    await got?.t.close()
  })
  return () => got as NonNullable<typeof got>
}

/**
 * Three payments from outside, each waited for at the client as it is told. Told in order on one
 * relay link, the third heard is the sign that a repeat of the first two would have come by then,
 * so a client's list of what it heard can be checked for each exactly once.
 */
export async function payFromOutsideHeard(t: NwcWorld<WorldRelay>, heard: readonly number[]): Promise<number[]> {
  const amounts = [301, 302, 303]
  for (const [i, sat] of amounts.entries()) {
    await t.sim.control.payInbound(t.w.id, sat, `outside ${i + 1}`)
    t.app.sync.onResume()
    await until(() => heard.includes(sat * 1000))
  }
  return amounts.map((sat) => sat * 1000)
}
