// An NWC account whose relay goes down (docs/nwc.md, "Relays you can see"): the app says the
// wallet cannot be reached, naming the relay as why, instead of showing the last balance as
// current; once the relay is back the account is online again and reads the balance anew. A real
// relay (killed, then brought back on its port), @getalby/sdk's NWCWalletService on the simulator.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, EventPayload } from '@shared/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { APP_VERSION } from '../../../../dev/preview/version'
import { type App, createApp } from '../../../../electron/main/app/createApp'
import { apiKeyName, createKeytarStore } from '../../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../../simulator/index'
import { startRelay, type TestRelay } from '../../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../../support/nwcWallet'
import { routerCall } from './router'

let sim: SimulatorHandle
let relay: TestRelay
let hub: SimWallet
let wallet: NwcTestWallet
let app: App
let dir: string
const states: Array<EventPayload<'connection'>> = []
const secretStore = createKeytarStore(`lightning-tray-test-nwcdown-${randomUUID()}`, undefined, { timeoutMs: 8_000 })
const call = routerCall(() => app)

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  relay = await startRelay()
  hub = sim.control.createWallet('Hub', 20_000)
  wallet = await startNwcWallet({ relayUrl: relay.url, simUrl: sim.url, apiKey: sim.keys.secret, walletId: hub.id })
  dir = await mkdtemp(join(tmpdir(), 'lt-nwcdown-'))
  app = createApp({
    ...{ userDataDir: dir, secretStore, appVersion: APP_VERSION, nwc: { backoffMinMs: 50, accountTimeoutMs: 8_000 } },
    notifier: { show: () => {}, isSupported: () => true },
    emit: (event, payload) => {
      if (event === 'connection') states.push(payload as EventPayload<'connection'>)
    },
    logSink: () => {},
  })
  await app.start()
}, 30_000)
afterAll(async () => {
  await app?.dispose()
  wallet?.close()
  await relay?.close()
  await sim?.close()
  for (const a of app
    ? (await call<{ accounts: AccountView[] }>('accounts.list').catch(() => ({ accounts: [] }))).accounts
    : [])
    await secretStore.delete(apiKeyName(a.id))
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('says the relay cannot be reached while it is down, and is online again once it is back', async () => {
  await call<AccountView>('accounts.connect', { kind: 'nwc', uri: wallet.uri, storage: 'keychain' })
  expect(states.every((s) => s.state === 'online')).toBe(true)
  const port = Number(new URL(relay.url).port)
  wallet.close()
  await relay.close()
  app.sync.onResume()
  await expect.poll(() => states.at(-1)?.state, { timeout: 20_000 }).toBe('offline')
  expect(states.at(-1)?.message).toMatch(/cannot be reached/i)

  relay = await startRelay({ port })
  const keys = wallet.keys
  wallet = await startNwcWallet({
    relayUrl: relay.url,
    simUrl: sim.url,
    apiKey: sim.keys.secret,
    walletId: hub.id,
    keys,
  })
  await sim.control.payInbound(hub.id, 700, 'while the relay was down')
  await expect
    .poll(
      async () => {
        app.sync.onResume()
        return states.at(-1)?.state
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('online')
  const list = await call<{ wallets: Array<{ balanceMsat: number }> }>('wallets.list')
  expect(list.wallets[0]?.balanceMsat).toBe(sim.control.balanceMsat(hub.id))
}, 90_000)
