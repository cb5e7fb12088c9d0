// Connected apps under a relay's flood (docs/nwc.md, "Floods"), against the same app quiet, in one
// run: this process's event-loop delay (p99, node:perf_hooks' monitorEventLoopDelay) and the time a
// connected app (@getalby/sdk's client, in its own process) waits for each get_balance, while the
// relay (in a child process, test/support/floodRelay.ts) pushes one event replayed 200 times a
// second each, 600 signed strangers at 200 a second, or junk as fast as the socket takes it.
//
// `npx tsx --tsconfig tsconfig.node.json bench/nwcFlood.ts` prints the figures; runNwcFloodBench() returns them.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finalizeEvent, generateSecretKey, getPublicKey, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import { type App, createApp } from '../electron/main/app/createApp'
import { createMemoryStore } from '../electron/main/services/secrets'
import { WORKERS_DIR } from '../scripts/lib/build'
import { startSimulator } from '../test/simulator/index'
import { type FloodRelay, type FloodSpec, startAppChild, startFloodRelay, underFlood } from '../test/support/floodRelay'
import { runAlone } from './lib/alone'
import { percentile } from './lib/stats'
import { value } from './lib/timed'

const PHASE_MS = 5_000
const STRANGERS = 600
export const FLOODS = ['replay', 'strangers', 'junk'] as const
export type FloodName = (typeof FLOODS)[number] | 'quiet'

export interface FloodFigures {
  'event-loop p99 ms': number
  'get_balance p50 ms': number
  'get_balance max ms': number
  'get_balance calls': number
  'events pushed': number
}
export type NwcFloodBench = Record<FloodName, FloodFigures>

/** a get_balance request signed by `key`, sealed for the wallet */
function request(key: Uint8Array, walletPubkey: string) {
  const content = nip44.encrypt('{"method":"get_balance","params":{}}', nip44.getConversationKey(key, walletPubkey))
  const tags = [
    ['p', walletPubkey],
    ['encryption', 'nip44_v2'],
  ]
  return finalizeEvent({ kind: 23194, created_at: Math.floor(Date.now() / 1000), tags, content }, key)
}

function specOf(name: (typeof FLOODS)[number], walletPubkey: string, app: Uint8Array): FloodSpec {
  const bounds = { walletPubkey, maxCount: 500_000, maxMs: PHASE_MS }
  if (name === 'replay')
    return {
      ...bounds,
      kind: 'replay',
      perSec: 400,
      events: [request(app, walletPubkey), request(generateSecretKey(), walletPubkey)],
    }
  if (name === 'strangers') return { ...bounds, kind: 'strangers', perSec: 200, maxCount: STRANGERS }
  const genuine = request(app, walletPubkey).content
  return { ...bounds, kind: 'junk', clientPubkey: getPublicKey(app), genuine }
}

const r1 = (n: number) => Math.round(n * 10) / 10

export async function runNwcFloodBench(): Promise<NwcFloodBench> {
  const sim = await startSimulator({ seed: 'demo' })
  const wallet = sim.control.createWallet('Apps', 1_000_000)
  const relay: FloodRelay = await startFloodRelay()
  const dir = await mkdtemp(join(tmpdir(), 'lt-bench-nwc-flood-'))
  const app: App = createApp({
    ...{ userDataDir: dir, secretStore: createMemoryStore(), appVersion: 'bench', nwc: { backoffMinMs: 50 } },
    ...{ workersDir: WORKERS_DIR, notifier: { show: () => {}, isSupported: () => false } },
    ...{ emit: () => {}, logSink: () => {} },
  })
  const call = <T>(name: string, input: unknown = {}) => app.router.handle(name, input).then((r) => value<T>(r))
  let client: Awaited<ReturnType<typeof startAppChild>> | undefined
  try {
    await app.start()
    await call('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret })
    await call('nwc.settings', { relay: relay.url })
    const { uri } = await call<{ uri: string }>('nwc.create', {
      ...{ name: 'Bench', walletId: wallet.id, budgetSat: 100_000, period: 'daily', methods: ['get_balance'] },
    })
    const u = new URL(uri.replace('nostr+walletconnect://', 'http://'))
    const [walletPubkey, key] = [u.hostname, hexToBytes(u.searchParams.get('secret') as string)]
    const c = await startAppChild(uri)
    client = c
    for (let i = 0; i < 5; i++) await c.getBalance() // warm up: sockets, JIT
    await relay.strangers(walletPubkey, STRANGERS, STRANGERS)
    const measure = async (flood: Promise<{ sent: number }>): Promise<FloodFigures> => {
      const r = await underFlood(flood, () => c.getBalance(), { atLeast: 5, giveUpMs: 15_000 })
      return {
        'event-loop p99 ms': r1(r.p99Ms),
        'get_balance p50 ms': r1(percentile(r.times, 50)),
        'get_balance max ms': r1(Math.max(...r.times)),
        'get_balance calls': r.times.length,
        'events pushed': (await flood).sent,
      }
    }
    const quiet = new Promise<{ sent: number }>((done) => setTimeout(() => done({ sent: 0 }), PHASE_MS))
    const out = { quiet: await measure(quiet) } as NwcFloodBench
    for (const name of FLOODS) out[name] = await measure(relay.flood(specOf(name, walletPubkey, key)))
    return out
  } finally {
    await client?.close()
    await app.dispose()
    await relay.close()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}

runAlone(import.meta.url, () =>
  runNwcFloodBench().then((r) => Object.entries(r).map(([flood, f]) => ({ flood, ...f }))),
)
