// Shared by the LNbits backend tests: the simulator's LNbits flavor on 127.0.0.1, a client on it
// with chosen keys, and the simulator's own books to compare with.

import { afterAll, afterEach, beforeAll } from 'vitest'
import { APP_VERSION } from '../../../../dev/preview/version'
import { type App, createApp } from '../../../../electron/main/app/createApp'
import {
  createLnbitsClient,
  type LnbitsClient,
  type LnbitsClientOptions,
} from '../../../../electron/main/services/backends/lnbits'
import { createMemoryStore } from '../../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'

export type ThreeWallets = [LnbitsWallet, LnbitsWallet, LnbitsWallet]

/** The demo seed's LNbits flavor for one test file: started before it, faults and the request log cleared after each test. */
export function lnbitsSimFor(got: (sim: SimulatorHandle, wallets: ThreeWallets) => void): void {
  let sim: SimulatorHandle | undefined
  beforeAll(async () => {
    sim = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
    got(sim, sim.lnbits as ThreeWallets)
  })
  afterAll(() => sim?.close())
  afterEach(() => {
    sim?.control.clearFaults()
    sim?.control.resetRequests()
  })
}

export function lnbitsClient(
  sim: SimulatorHandle,
  keys: readonly string[],
  o: Partial<LnbitsClientOptions> = {},
): LnbitsClient {
  // a deadline for a hang, not for speed: a loaded machine (npm run test:loaded) took over 2 s for a
  // read here; the tests about a deadline give their own
  return createLnbitsClient({ baseUrl: sim.url, secret: () => keys.join(','), timeoutMs: 15_000, ...o })
}

/** every key the simulator gave, for checks that none is in an error's words */
export const allKeys = (sim: SimulatorHandle) => sim.lnbits.flatMap((w) => [w.adminkey, w.inkey])

/** a wallet's balance in the simulator's books, msat */
export async function simBalance(sim: SimulatorHandle, w: LnbitsWallet): Promise<number> {
  const st = (await (await fetch(`${sim.url}/_sim/state`)).json()) as {
    wallets: { id: string; balance_msat: number }[]
  }
  const found = st.wallets.find((x) => x.id === w.id)
  if (!found) throw new Error(`no wallet ${w.id} in the simulator`)
  return found.balance_msat
}

/** how many requests reached the simulator for a method and path */
export const requestsTo = (sim: SimulatorHandle, method: string, path: string | RegExp) =>
  sim.control.requests({ method, path }).length

/** the app's core in `dir`, keys in memory, the simulator's lightning addresses served on loopback; started */
export async function startedApp(dir: string, sim: SimulatorHandle): Promise<App> {
  const app = createApp({
    userDataDir: dir,
    secretStore: createMemoryStore(),
    notifier: { show() {}, isSupported: () => true },
    emit: () => {},
    appVersion: APP_VERSION,
    logSink: () => {},
    addressOrigins: { 'sim.example': sim.url },
  })
  await app.start()
  return app
}
