// Connected apps (docs/nwc.md) measured against the same work done without Nostr:
// - an app's `get_balance` and `make_invoice` over a loopback relay (@getalby/sdk's NWCClient ->
//   relay -> this app -> simulator -> back, NIP-44 both ways): p50/p95 against the app's own
//   `wallets.get` and `invoices.create` through the router, in the same run;
// - 20 idle connections over 3 relays: this process's CPU per minute and RSS against the same app
//   idle with no connection. The relays run in a child process, so their work is not counted;
//   the simulator and the sync loop are in both figures alike.
//
// `npx tsx --tsconfig tsconfig.node.json bench/nwc.ts` prints the figures; runNwcBench() returns them.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { NWCClient } from '@getalby/sdk/nwc'
import { type App, createApp } from '../electron/main/app/createApp'
import { createMemoryStore } from '../electron/main/services/secrets'
import { WORKERS_DIR } from '../scripts/lib/build'
import { syncNow } from '../test/support/syncNow'
import { runAlone } from './lib/alone'
import { percentile } from './lib/stats'
import { timed, value } from './lib/timed'

export interface NwcBench {
  'get_balance over NWC p50 ms': number
  'get_balance over NWC p95 ms': number
  "get_balance, this app's part p50 ms": number
  "get_balance, this app's part p95 ms": number
  'get_balance bare round trip p50 ms': number
  'get_balance bare round trip p95 ms': number
  'wallets.get direct p50 ms': number
  'wallets.get direct p95 ms': number
  'make_invoice over NWC p50 ms': number
  'make_invoice over NWC p95 ms': number
  'invoices.create direct p50 ms': number
  'invoices.create direct p95 ms': number
  'idle CPU ms/min, 20 connections': number
  'idle CPU ms/min, none': number
  'heap MB, 20 connections': number
  'heap MB, none': number
  'RSS MB, 20 connections': number
  'RSS MB, none': number
}

const RUNS = 60
/** this app's part is timed more often: its p95 is the goal (docs/nwc.md, "Speed") */
const PART_RUNS = 200
const PART_WARMUP = 50
const IDLE_MS = 20_000
const CONNECTIONS = 20
const RELAYS = 3
const SETTLE_MS = 5_000
const START_WORK_MS = 30_000

/**
 * A bare client in its own process (lib/bareClient.ts): a request signed and sealed beforehand,
 * sent on a socket of its own, timed until its answer arrives (no SDK's signing, sealing and
 * checking in the time, and none of its work or garbage on the app's thread).
 */
async function bareClient(uri: string) {
  const { child: c, next } = await child<string>('bareClient.ts', [uri])
  const ask = async (line: string) => {
    const answer = next()
    c.stdin!.write(`${line}\n`)
    return JSON.parse(await answer) as unknown
  }
  return {
    prepare: (n: number) => ask(`prepare ${n}`),
    roundTrip: async () => ask('one') as Promise<number>,
    close: () => c.kill(),
  }
}

/** a child running `lib/<file>.ts` with `args`, and its first line of output, parsed */
async function child<T>(
  file: string,
  args: string[],
): Promise<{ child: ChildProcess; first: T; next(): Promise<string> }> {
  // node itself (not npx), so that killing the child stops it
  const c = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lib', file), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: c.stdout! })
  const next = () =>
    new Promise<string>((resolve, reject) => {
      // one listener each at a time: a child asked hundreds of times must not pile them up
      const exited = (code: number | null) => reject(new Error(`${file} exited (${code})`))
      lines.once('line', (line) => {
        c.off('exit', exited)
        resolve(line)
      })
      c.once('exit', exited)
    })
  return { child: c, first: JSON.parse(await next()) as T, next }
}

/** the simulator in its own process (lib/simulator.ts), with one wallet of `sats` */
async function startSimulatorChild(sats: number) {
  const { child: c, first } = await child<{ url: string; apiKey: string; walletId: string }>('simulator.ts', [
    String(sats),
  ])
  return { ...first, child: c }
}

/** the relays in their own process: prints their URLs as one JSON line */
interface Relays {
  urls: string[]
  child: ChildProcess
  /** this app's part of each request answered since the last call, as the relays timed it */
  serviceTimes(): Promise<number[]>
}
async function startRelays(n: number): Promise<Relays> {
  const { child: c, first: urls, next } = await child<string[]>('relays.ts', [String(n)])
  const serviceTimes = async () => {
    const answer = next()
    c.stdin!.write('times\n')
    return JSON.parse(await answer) as number[]
  }
  return { urls, child: c, serviceTimes }
}

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** CPU (user + system) per minute of this process while nothing is asked, then heap and RSS */
async function idle(ms: number): Promise<{ cpuPerMin: number; heapMb: number; rssMb: number }> {
  gc()
  const before = process.cpuUsage()
  await new Promise((r) => setTimeout(r, ms))
  const used = process.cpuUsage(before)
  gc()
  const m = process.memoryUsage()
  return {
    cpuPerMin: ((used.user + used.system) / 1000) * (60_000 / ms),
    heapMb: m.heapUsed / 2 ** 20,
    rssMb: m.rss / 2 ** 20,
  }
}

/** `quick`: without the idle minutes (CPU and memory figures NaN), for probing the round trips */
export async function runNwcBench(o: { quick?: boolean } = {}): Promise<NwcBench> {
  const sim = await startSimulatorChild(1_000_000)
  const wallet = { id: sim.walletId }
  const relays = await startRelays(RELAYS)
  const dir = await mkdtemp(join(tmpdir(), 'lt-bench-nwc-'))
  const app: App = createApp({
    ...{ userDataDir: dir, secretStore: createMemoryStore(), appVersion: 'bench', nwc: { backoffMinMs: 50 } },
    // the relays' worker as built (npm run bench builds first), else from its source
    workersDir: WORKERS_DIR,
    notifier: { show: () => {}, isSupported: () => false },
    emit: () => {},
    logSink: () => {},
  })
  const clients: NWCClient[] = []
  const call = <T>(name: string, input: unknown = {}) => app.router.handle(name, input).then((r) => value<T>(r))
  try {
    await app.start()
    await call('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.apiKey })
    await syncNow(app)
    // past the start's own work (the ledger's deferred check runs 20 s after start)
    await new Promise((r) => setTimeout(r, o.quick ? 0 : START_WORK_MS))
    const none = o.quick ? idleNaN : await idle(IDLE_MS)

    const uris: string[] = []
    for (let i = 0; i < CONNECTIONS; i++) {
      await call('nwc.settings', { relay: relays.urls[i % RELAYS] })
      const made = await call<{ uri: string }>('nwc.create', {
        ...{ name: `App ${i + 1}`, walletId: wallet.id, budgetSat: 100_000, period: 'daily' },
        methods: ['get_balance', 'make_invoice'],
      })
      uris.push(made.uri)
    }
    // before the timed calls: the invoices they make are then watched by the sync loop, which is
    // not the connections' cost
    await new Promise((r) => setTimeout(r, SETTLE_MS))
    const twenty = o.quick ? idleNaN : await idle(IDLE_MS)

    // this app's part first, while no SDK client on this thread checks every answer (2 to 5 ms
    // each in pure JS, in the middle of the next request); each bare request followed by a
    // direct read, so both see the same load
    const bare = await bareClient(uris[0]!)
    const rawBalance: number[] = []
    const directBalance: number[] = []
    const direct = () => call('wallets.get', { walletId: wallet.id })
    // warmed up as a running app is (its code compiled, its sockets and pages in place)
    for (let i = 0; i < PART_WARMUP; i++) {
      await bare.roundTrip()
      await direct()
    }
    await bare.prepare(PART_RUNS)
    gc() // the warm-up's garbage, before the timed requests
    await relays.serviceTimes() // from here on, the timed requests' only
    for (let i = 0; i < PART_RUNS; i++) {
      rawBalance.push(await bare.roundTrip())
      const t0 = performance.now()
      await direct()
      directBalance.push(performance.now() - t0)
    }
    const ownPart = await relays.serviceTimes()
    bare.close()

    const client = new NWCClient({ nostrWalletConnectUrl: uris[0]! })
    clients.push(client)
    await client.getBalance() // the first answer: the relay's subscription is in place
    const nwcBalance = await timed(RUNS, () => client.getBalance())
    const nwcInvoice = await timed(RUNS, () => client.makeInvoice({ amount: 1000, description: 'bench' }))
    const directInvoice = await timed(RUNS, () =>
      call('invoices.create', { walletId: wallet.id, amountSat: 1, memo: 'bench' }),
    )
    client.close()
    clients.length = 0
    const r = (n: number) => Math.round(n * 10) / 10
    return {
      'get_balance over NWC p50 ms': r(percentile(nwcBalance, 50)),
      'get_balance over NWC p95 ms': r(percentile(nwcBalance, 95)),
      "get_balance, this app's part p50 ms": r(percentile(ownPart, 50)),
      "get_balance, this app's part p95 ms": r(percentile(ownPart, 95)),
      'get_balance bare round trip p50 ms': r(percentile(rawBalance, 50)),
      'get_balance bare round trip p95 ms': r(percentile(rawBalance, 95)),
      'wallets.get direct p50 ms': r(percentile(directBalance, 50)),
      'wallets.get direct p95 ms': r(percentile(directBalance, 95)),
      'make_invoice over NWC p50 ms': r(percentile(nwcInvoice, 50)),
      'make_invoice over NWC p95 ms': r(percentile(nwcInvoice, 95)),
      'invoices.create direct p50 ms': r(percentile(directInvoice, 50)),
      'invoices.create direct p95 ms': r(percentile(directInvoice, 95)),
      'idle CPU ms/min, 20 connections': r(twenty.cpuPerMin),
      'idle CPU ms/min, none': r(none.cpuPerMin),
      'heap MB, 20 connections': r(twenty.heapMb),
      'heap MB, none': r(none.heapMb),
      'RSS MB, 20 connections': r(twenty.rssMb),
      'RSS MB, none': r(none.rssMb),
    }
  } finally {
    for (const c of clients) c.close()
    await app.dispose()
    relays.child.kill()
    sim.child.kill()
    await rm(dir, { recursive: true, force: true })
  }
}

const idleNaN = { cpuPerMin: Number.NaN, heapMb: Number.NaN, rssMb: Number.NaN }

runAlone(import.meta.url, () => runNwcBench({ quick: process.argv.includes('--quick') }))
