// The connection state, from the outcomes of real calls to the simulator, which is stopped and
// started again on the same port, revokes its key or fails with 5xx: offline on a network error
// or a timeout, error on a refused key or a failing service, online on the next answer (an error
// only on the next success), per account, announced only on a change of the active account's state.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName, EventPayload } from '@shared/contract'
import { AppError } from '@shared/errors'
import { generateSecretKey, getPublicKey } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { afterEach, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { type BackendClient, type BackendHooks, createBackends } from '../../../electron/main/services/backends'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import {
  type ConnectionMonitor,
  createConnectionMonitor,
  offlineMessage,
  problemMessage,
} from '../../../electron/main/services/connection'
import { createMemoryStore } from '../../../electron/main/services/secrets'
import { buildTrayMenu } from '../../../electron/main/services/tray'
import { trayLook } from '../../../electron/main/shell/tray'
import { INITIAL_TRAY_STATE, reduceTrayState } from '../../../electron/main/shell/trayState'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'

const OFFLINE = { state: 'offline', reason: null, message: offlineMessage() }
const ONLINE = { state: 'online', reason: null, message: null }
const KEY_REFUSED = { state: 'error', reason: 'key_refused', message: problemMessage('key_refused') }
const KEY_NOT_ALLOWED = {
  state: 'error',
  reason: 'key_not_allowed',
  message: problemMessage('key_not_allowed'),
}
const FAILING = { state: 'error', reason: 'service_error', message: problemMessage('service_error') }

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

// A client's timeout here is a guard against a hang, far above an answer on a busy machine (a
// service that is down refuses at once), except where a test makes a timeout on purpose.
const GUARD_MS = 15_000

/** the service's client as its backend opens it: in the app's terms, then watched */
function clientOf(sim: SimulatorHandle, o: { timeoutMs?: number; apiKey?: string } = {}): BackendClient {
  return inAppTerms(
    createServiceClient({
      baseUrl: sim.url,
      getApiKey: () => o.apiKey ?? sim.keys.secret,
      authMethod: 'header',
      retries: 0,
      timeoutMs: o.timeoutMs ?? GUARD_MS,
    }),
  )
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  )

/** a monitor of one account, acc_a, whose probe reads the wallets through `client` (as the app's does) */
function monitor(o: { probeEveryMs?: number } = {}) {
  const events = connectionEvents()
  let client: BackendClient | null = null
  const probes = { runs: 0 }
  const m: ConnectionMonitor = createConnectionMonitor({
    emit: events.emit,
    activeAccountId: () => 'acc_a',
    probe: async () => {
      probes.runs++
      await client?.listWallets()
    },
    probeEveryMs: () => o.probeEveryMs ?? 60_000,
  })
  cleanups.push(() => m.stop())
  const observe = (c: BackendClient) => {
    client = m.observe('acc_a', c)
    return client
  }
  return { m, seen: events.seen, observe, probes }
}

describe('connection monitor (one account, real client)', () => {
  it('offline once on network errors, online again on the next answer', async () => {
    const s = await restartable()
    const { seen, observe } = monitor()
    const client = observe(clientOf(s.sim))
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
    const { seen, observe, probes } = monitor({ probeEveryMs: 20 })
    const client = observe(clientOf(s.sim))
    await s.down()
    expect(await codeOf(client.listWallets())).toBe('network')
    // the probe keeps failing while the service is down, and says nothing new
    await expect.poll(() => probes.runs).toBeGreaterThan(2)
    expect(seen).toEqual([OFFLINE])
    await s.up()
    await expect.poll(() => seen).toEqual([OFFLINE, ONLINE])
    // online: the probing stops
    const after = probes.runs
    await new Promise((r) => setTimeout(r, 100))
    expect(probes.runs).toBe(after)
  })

  it('a timeout counts as offline; a refusal the service answered with counts as reached', async () => {
    const s = await restartable()
    const { seen, observe } = monitor()
    // 5 s: longer than any answer takes on a busy machine, far shorter than the held one
    const client = observe(clientOf(s.sim, { timeoutMs: 5_000 }))
    s.sim.control.injectFault({ path: '/v1/wallets', kind: 'latency', ms: 60_000, times: 1 })
    expect(await codeOf(client.listWallets())).toBe('timeout')
    expect(seen).toEqual([OFFLINE])
    // an unknown wallet is the service's own answer: it can be reached
    expect(await codeOf(client.getWallet('wal_nosuchwallet'))).toBe('not_found')
    expect(seen).toEqual([OFFLINE, ONLINE])
    // a wrong key is its answer too, and one that means nothing works: out of offline, into error
    s.sim.control.injectFault({ path: '/v1/wallets', kind: 'latency', ms: 60_000, times: 1 })
    expect(await codeOf(client.listWallets())).toBe('timeout')
    const wrongKey = observe(clientOf(s.sim, { apiKey: 'sak_notthekey123' }))
    expect(await codeOf(wrongKey.listWallets())).toBe('unauthorized')
    expect(seen).toEqual([OFFLINE, ONLINE, OFFLINE, KEY_REFUSED])
  })
})

describe('connection monitor: the error state (one account, real client)', () => {
  /** a client whose key can be replaced, as the person does in Settings */
  function rekeyable(sim: SimulatorHandle) {
    let key = sim.keys.secret
    const client = inAppTerms(
      createServiceClient({
        baseUrl: sim.url,
        getApiKey: () => key,
        authMethod: 'header',
        retries: 0,
        timeoutMs: GUARD_MS,
      }),
    )
    return { client, setKey: (k: string) => (key = k) }
  }

  it('a revoked key: error once on the 401 of a wallets read, online again on the next success', async () => {
    const s = await restartable('demo')
    const { seen, observe } = monitor()
    const k = rekeyable(s.sim)
    const client = observe(k.client)
    expect(await codeOf(client.listWallets())).toBe('ok')
    const fresh = s.sim.control.replaceSecretKey()
    expect(await codeOf(client.listWallets())).toBe('unauthorized')
    expect(await codeOf(client.getWallet(s.sim.keys.wallets[0]!.id))).toBe('unauthorized')
    expect(await codeOf(client.listWallets())).toBe('unauthorized')
    expect(seen).toEqual([KEY_REFUSED])
    k.setKey(fresh)
    expect(await codeOf(client.listWallets())).toBe('ok')
    expect(await codeOf(client.listWallets())).toBe('ok')
    expect(seen).toEqual([KEY_REFUSED, ONLINE])
  })

  it("the account-wide feed's 403 or 401 says nothing; a 403 on the wallets read is an error", async () => {
    const s = await restartable('demo')
    const { seen, observe } = monitor()
    const client = observe(clientOf(s.sim))
    for (const status of [403, 401]) {
      s.sim.control.injectFault({ path: '/v1/wallet-transactions', kind: 'status', status, times: 1 })
      expect(await codeOf(client.listAccountTransactions(1, 10))).toBe(status === 403 ? 'forbidden' : 'unauthorized')
    }
    expect(seen).toEqual([])
    // the same refusal of a wallet's own read is no fallback: nothing the app shows can be read
    s.sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'status', status: 403, times: 1 })
    expect(await codeOf(client.listWallets())).toBe('forbidden')
    expect(seen).toEqual([KEY_NOT_ALLOWED])
    // while in error, the feed's refusal does not count as the success that would clear it
    s.sim.control.injectFault({ path: '/v1/wallet-transactions', kind: 'status', status: 403, times: 1 })
    expect(await codeOf(client.listAccountTransactions(1, 10))).toBe('forbidden')
    expect(seen).toEqual([KEY_NOT_ALLOWED])
    expect(await codeOf(client.listAccountTransactions(1, 10))).toBe('ok')
    expect(seen).toEqual([KEY_NOT_ALLOWED, ONLINE])
  })

  it("the person's own errors change nothing, online or in error; from offline they show it is reached", async () => {
    const s = await restartable('empty')
    const { seen, observe } = monitor()
    const client = observe(clientOf(s.sim))
    const wallet = s.sim.keys.wallets[0]!.id
    const tooDear = s.sim.control.outsideInvoice(50_000)
    const mistakes = async () => {
      expect(await codeOf(client.payInvoice(wallet, { paymentRequest: tooDear, feeLimitMsat: 0, notes: {} }))).toBe(
        'insufficient_funds',
      )
      expect(
        await codeOf(client.payInvoice(wallet, { paymentRequest: 'lnbc1notarequest', feeLimitMsat: 0, notes: {} })),
      ).toBe('invalid_input')
    }
    await mistakes()
    expect(seen).toEqual([])
    // the service fails (5xx): an error, and the person's mistakes neither clear it nor repeat it
    s.sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'status', status: 503, times: 1 })
    expect(await codeOf(client.listWallets())).toBe('service_error')
    expect(seen).toEqual([FAILING])
    await mistakes()
    expect(seen).toEqual([FAILING])
    expect(await codeOf(client.listWallets())).toBe('ok')
    expect(seen).toEqual([FAILING, ONLINE])
    // offline, the same answers show the service is reached again
    await s.down()
    expect(await codeOf(client.listWallets())).toBe('network')
    await s.up()
    expect(
      await codeOf(client.payInvoice(wallet, { paymentRequest: 'lnbc1notarequest', feeLimitMsat: 0, notes: {} })),
    ).toBe('invalid_input')
    expect(seen).toEqual([FAILING, ONLINE, OFFLINE, ONLINE])
  })

  it("a 5xx from a call that goes to someone else's server (a probe) is not the account's error", async () => {
    const s = await restartable('demo')
    const { seen, observe } = monitor()
    const client = observe(clientOf(s.sim))
    // a proxy's page, not the service's error shape: what a failing server behind it may give
    s.sim.control.injectFault({
      path: /^\/v1\/lnurlp\/probe\//,
      kind: 'status',
      status: 502,
      body: '<h1>Bad gateway</h1>',
      times: 1,
    })
    expect(await codeOf(client.probe('bob@elsewhere.example'))).toBe('service_error')
    expect(seen).toEqual([])
    // the same status on the account's own read is
    s.sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'status', status: 502, times: 1 })
    expect(await codeOf(client.listWallets())).toBe('service_error')
    expect(seen).toEqual([FAILING])
  })

  it('while in error, a probe every poll interval finds out when the service works again', async () => {
    const s = await restartable('demo')
    const { seen, observe, probes } = monitor({ probeEveryMs: 20 })
    const client = observe(clientOf(s.sim))
    s.sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'status', status: 500 })
    expect(await codeOf(client.listWallets())).toBe('service_error')
    await expect.poll(() => probes.runs).toBeGreaterThan(2)
    expect(seen).toEqual([FAILING])
    s.sim.control.clearFaults()
    await expect.poll(() => seen).toEqual([FAILING, ONLINE])
    const after = probes.runs
    await new Promise((r) => setTimeout(r, 100))
    expect(probes.runs).toBe(after)
  })
})

describe('connection state in the app (two accounts)', () => {
  async function boot() {
    const dir = await mkdtemp(join(tmpdir(), 'lt-conn-'))
    const events = connectionEvents()
    // what the tray shows, folded from every event as the Electron shell does
    const tray = { state: INITIAL_TRAY_STATE }
    const app: App = createApp({
      userDataDir: dir,
      secretStore: createMemoryStore(),
      notifier: { show() {}, isSupported: () => true },
      emit: (event, payload) => {
        events.emit(event, payload)
        tray.state = reduceTrayState(tray.state, event, payload, () => [])
      },
      appVersion: APP_VERSION,
      logSink: () => {},
      client: { retries: 0, timeoutMs: GUARD_MS },
    })
    cleanups.push(async () => {
      await app.dispose()
      await rm(dir, { recursive: true, force: true })
    })
    await app.start()
    return { app, seen: events.seen, tray }
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
    const accA = await ok(app, 'accounts.connect', {
      kind: 'service',
      baseUrl: a.sim.url,
      apiKey: a.sim.keys.secret,
      label: 'A',
    })
    // an invoice of A's keeps the watcher asking A's service
    await ok(app, 'invoices.create', { walletId: a.sim.keys.wallets[0]!.id, amountSat: 10, memo: 'A' })
    await ok(app, 'accounts.connect', { kind: 'service', baseUrl: b.sim.url, apiKey: b.sim.keys.secret, label: 'B' })
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

  it('a revoked key puts the tray and the page in error with the key message; a new key brings them back', async () => {
    const a = await restartable('demo')
    const { app, seen, tray } = await boot()
    const old = await ok(app, 'accounts.connect', {
      kind: 'service',
      baseUrl: a.sim.url,
      apiKey: a.sim.keys.secret,
      label: 'Main',
    })
    await ok(app, 'wallets.list')
    expect(trayLook(tray.state)).toBe('normal')
    const fresh = a.sim.control.replaceSecretKey()
    // the sync loop meets the refusal first, with no click
    app.sync.onResume()
    await app.sync.idle()
    expect(seen).toEqual([KEY_REFUSED])
    const failed = await app.router.handle('wallets.list', {})
    expect(failed).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(seen).toEqual([KEY_REFUSED])
    const menu = buildTrayMenu(tray.state)
    expect(menu.tooltip).toMatch(/ · error: key refused$/)
    expect(menu.title).toMatch(/ · error: key refused$/)
    expect(menu.items).toContainEqual({ kind: 'label', text: 'Error: key refused; replace the key in Settings' })
    expect(trayLook(tray.state)).toBe('error')
    // the person gives the account the new key with Replace key in Settings (adding it as a second
    // account is refused once the app knows the wallets it opens: the same service twice)
    await ok(app, 'accounts.replaceKey', { id: old.id, apiKey: fresh })
    await app.sync.idle()
    expect(seen).toEqual([KEY_REFUSED, ONLINE])
    await ok(app, 'wallets.list')
    expect(seen).toEqual([KEY_REFUSED, ONLINE])
    expect(buildTrayMenu(tray.state).tooltip).not.toMatch(/error/)
    expect(trayLook(tray.state)).toBe('normal')
  })

  it('a key being tested is no account: an unreachable address in the form says nothing', async () => {
    const a = await restartable('empty')
    const { app, seen } = await boot()
    const url = a.sim.url
    await a.down()
    const r = await app.router.handle('accounts.test', { kind: 'service', baseUrl: url, apiKey: 'sak_12345678' })
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } })
    expect(seen).toEqual([])
  })
})

describe('connection monitor: an NWC account', () => {
  it('its client is watched as the service’s is: a relay nobody answers on reads as offline', async () => {
    const { m, seen } = monitor()
    const hooks: BackendHooks = {
      fetchFor: () => fetch,
      watched: (accountId, client) => (accountId ? m.observe(accountId, client) : client),
      nowSec: () => Math.floor(Date.now() / 1000),
      clockSample: () => {},
      pushed: () => {},
      log: () => {},
    }
    const wallet = getPublicKey(generateSecretKey())
    // a loopback port nothing listens on: every publish fails at once
    const uri = `nostr+walletconnect://${wallet}?relay=ws://127.0.0.1:9&secret=${bytesToHex(generateSecretKey())}`
    const nwc = createBackends({ nwc: { backoffMinMs: 50, timeoutMs: 2_000 } }).nwc
    const client = nwc.open(
      { accountId: 'acc_a', baseUrl: `nostr+walletconnect://${wallet}`, authMethod: 'header', key: () => uri },
      hooks,
    )
    cleanups.push(() => client.close?.())
    expect(await codeOf(client.listWallets())).toBe('network')
    expect(seen).toEqual([OFFLINE])
  })
})
