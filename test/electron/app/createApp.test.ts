// The composition root with the simulator: accounts across restarts and base URLs, the
// keychain-unavailable path, events, settings, app.info.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LOCK } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type App, type AppDeps, createApp } from '../../../electron/main/app/createApp'
import {
  apiKeyName,
  createKeytarStore,
  createMemoryStore,
  type KeytarLike,
  type SecretStore,
} from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'

let simA: SimulatorHandle
let simB: SimulatorHandle
let dir: string
const apps: App[] = []
let events: Array<{ name: string; payload: unknown }>

beforeAll(async () => {
  simA = await startSimulator({ seed: 'demo' })
  simB = await startSimulator({ seed: 'empty' })
})
afterAll(async () => {
  await simA.close()
  await simB.close()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-app-'))
  events = []
})
afterEach(async () => {
  for (const a of apps.splice(0)) await a.dispose()
  await rm(dir, { recursive: true, force: true })
})

async function boot(secretStore: SecretStore, extra: Partial<AppDeps> = {}): Promise<App> {
  const app = createApp({
    userDataDir: dir,
    secretStore,
    notifier: { show() {}, isSupported: () => true },
    emit: (name, payload) => events.push({ name, payload }),
    logSink: () => {},
    appVersion: '9.9.9',
    platform: 'linux',
    ...extra,
  })
  apps.push(app)
  await app.start()
  return app
}

function value<T = Record<string, unknown>>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}

describe('createApp', () => {
  it('app.info says what runs', async () => {
    const app = await boot(createMemoryStore(), { preview: true })
    expect(value(await app.router.handle('app.info', {}))).toEqual({
      name: 'Lightning Tray',
      version: '9.9.9',
      platform: 'linux',
      preview: true,
      keychain: 'available',
    })
  })

  it('is not connected until an account is', async () => {
    const app = await boot(createMemoryStore())
    const r = await app.router.handle('wallets.list', {})
    expect(r).toMatchObject({ ok: false, error: { code: 'not_connected' } })
    expect(value(await app.router.handle('accounts.list', {}))).toEqual({ accounts: [], activeId: null })
  })

  it('connects accounts on two services, switches, restarts, and removes (key deleted)', async () => {
    const store = createMemoryStore()
    let app = await boot(store)
    const a = value<{ id: string }>(
      await app.router.handle('accounts.connect', {
        kind: 'service',
        baseUrl: simA.url,
        apiKey: simA.keys.secret,
        label: 'A',
      }),
    )
    const b = value<{ id: string; label: string; storage: string }>(
      await app.router.handle('accounts.connect', {
        kind: 'service',
        baseUrl: `${simB.url}/`,
        apiKey: simB.keys.secret,
      }),
    )
    expect(b.label).toBe(new URL(simB.url).host)
    expect(b.storage).toBe('keychain')
    expect(await store.get(apiKeyName(a.id))).toBe(simA.keys.secret)
    expect(await store.get(apiKeyName(b.id))).toBe(simB.keys.secret)
    // The newest account is active: its wallets are simulator B's.
    const ws = value<{ wallets: Array<{ id: string }> }>(await app.router.handle('wallets.list', {}))
    expect(ws.wallets.map((w) => w.id)).toEqual(simB.keys.wallets.map((w) => w.id))
    value(await app.router.handle('accounts.switch', { id: a.id }))
    const wa = value<{ wallets: Array<{ id: string }> }>(await app.router.handle('wallets.list', {}))
    expect(wa.wallets.map((w) => w.id).sort()).toEqual(simA.keys.wallets.map((w) => w.id).sort())
    const updated = events.filter((e) => e.name === 'accounts.updated').at(-1)?.payload as { activeId: string }
    expect(updated.activeId).toBe(a.id)
    expect(events.some((e) => e.name === 'wallets.updated')).toBe(true)

    // Restart: same userData, same keychain.
    await app.dispose()
    app = await boot(store)
    const listed = value<{ accounts: Array<{ id: string }>; activeId: string }>(
      await app.router.handle('accounts.list', {}),
    )
    expect(listed.accounts.map((x) => x.id)).toEqual([a.id, b.id])
    expect(listed.activeId).toBe(a.id)
    expect(value<{ wallets: unknown[] }>(await app.router.handle('wallets.list', {})).wallets.length).toBe(
      simA.keys.wallets.length,
    )

    expect(value(await app.router.handle('accounts.remove', { id: a.id }))).toMatchObject({
      removed: true,
      accounts: [{ id: b.id }],
      activeId: b.id,
    })
    expect(await store.get(apiKeyName(a.id))).toBeNull()
    expect(value<{ activeId: string }>(await app.router.handle('accounts.list', {})).activeId).toBe(b.id)
    const r = await app.router.handle('accounts.switch', { id: a.id })
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('test checks a key and stores nothing; a wrong key connects nothing', async () => {
    const store = createMemoryStore()
    const app = await boot(store)
    const t = value<{ wallets: unknown[] }>(
      await app.router.handle('accounts.test', { kind: 'service', baseUrl: simA.url, apiKey: simA.keys.secret }),
    )
    expect(t.wallets.length).toBe(simA.keys.wallets.length)
    const bad = await app.router.handle('accounts.connect', {
      kind: 'service',
      baseUrl: simA.url,
      apiKey: 'sak_notthekey123',
    })
    expect(bad).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(value(await app.router.handle('accounts.list', {}))).toEqual({ accounts: [], activeId: null })
    expect(await readdir(dir)).toEqual([])
  })

  it('refuses plain http to a remote host', async () => {
    const app = await boot(createMemoryStore())
    const r = await app.router.handle('accounts.connect', {
      kind: 'service',
      baseUrl: 'http://wallet.example.com',
      apiKey: 'sak_12345678',
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('update changes the label and the auth method, and the new method is used', async () => {
    const seen: Array<{ apiKey: string | null; basic: boolean }> = []
    const spy: typeof fetch = (input, init) => {
      const h = new Headers(input instanceof Request ? input.headers : init?.headers)
      seen.push({ apiKey: h.get('x-api-key'), basic: /^Basic /.test(h.get('authorization') ?? '') })
      return fetch(input, init)
    }
    const app = await boot(createMemoryStore(), { fetch: spy })
    const a = value<{ id: string }>(
      await app.router.handle('accounts.connect', { kind: 'service', baseUrl: simA.url, apiKey: simA.keys.secret }),
    )
    await app.idle() // the background wallet refresh after connect
    expect(seen.at(-1)).toEqual({ apiKey: simA.keys.secret, basic: false })
    const u = value(await app.router.handle('accounts.update', { id: a.id, label: 'Mine', authMethod: 'basic' }))
    expect(u).toMatchObject({ label: 'Mine', authMethod: 'basic' })
    value(await app.router.handle('wallets.list', {}))
    expect(seen.at(-1)).toEqual({ apiKey: null, basic: true })
  })

  describe('without a keychain', () => {
    const broken: KeytarLike = {
      getPassword: () => Promise.reject(new Error('The name org.freedesktop.secrets was not provided')),
      setPassword: () => Promise.reject(new Error('The name org.freedesktop.secrets was not provided')),
      deletePassword: () => Promise.reject(new Error('The name org.freedesktop.secrets was not provided')),
    }

    it('says so, refuses keychain storage plainly, and keeps a key in memory for the session', async () => {
      const app = await boot(createKeytarStore('lt-test', broken))
      expect(value<{ keychain: string }>(await app.router.handle('app.info', {})).keychain).toBe('unavailable')
      expect(events.some((e) => e.name === 'notice' && JSON.stringify(e.payload).includes('keychain'))).toBe(true)
      const r = await app.router.handle('accounts.connect', {
        kind: 'service',
        baseUrl: simA.url,
        apiKey: simA.keys.secret,
      })
      expect(r).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', retryable: true } })
      expect(value(await app.router.handle('accounts.list', {}))).toEqual({ accounts: [], activeId: null })

      const m = value<{ id: string; storage: string }>(
        await app.router.handle('accounts.connect', {
          kind: 'service',
          baseUrl: simA.url,
          apiKey: simA.keys.secret,
          storage: 'memory',
        }),
      )
      expect(m.storage).toBe('memory')
      expect(value<{ wallets: unknown[] }>(await app.router.handle('wallets.list', {})).wallets.length).toBeGreaterThan(
        0,
      )
      // A memory account is for this session: the file does not list it.
      await app.dispose()
      const again = await boot(createKeytarStore('lt-test', broken))
      expect(value(await again.router.handle('accounts.list', {}))).toEqual({ accounts: [], activeId: null })
    })
  })

  it('settings: get, update (event + file), and a file of the wrong shape set aside with a notice', async () => {
    // without a lock in it: one that is not JSON at all refuses the start (lockFailsClosed.test.ts)
    await writeFile(join(dir, 'settings.json'), '{"settings":"not settings at all"}')
    const app = await boot(createMemoryStore(), { now: () => 1_700_000_000_000 })
    const notice = events.find((e) => e.name === 'notice')
    expect(JSON.stringify(notice?.payload)).toContain('settings.json.corrupt-1700000000000')
    expect(await readdir(dir)).toEqual(['settings.json.corrupt-1700000000000'])
    expect(value(await app.router.handle('settings.get', {}))).toEqual({
      pollIntervalSec: 15,
      notifications: true,
      theme: 'system',
      fiat: { enabled: true, currency: 'USD' },
      trayTotal: true,
      shortcut: '',
      openAtLogin: false,
      offerClipboard: true,
      hideBalances: false,
      lock: DEFAULT_LOCK,
      historyPerPage: 25,
    })
    const next = value(await app.router.handle('settings.update', { theme: 'dark', pollIntervalSec: 60 }))
    expect(next).toEqual({
      pollIntervalSec: 60,
      notifications: true,
      theme: 'dark',
      fiat: { enabled: true, currency: 'USD' },
      trayTotal: true,
      shortcut: '',
      openAtLogin: false,
      offerClipboard: true,
      hideBalances: false,
      lock: DEFAULT_LOCK,
      historyPerPage: 25,
    })
    expect(events.find((e) => e.name === 'settings.updated')?.payload).toEqual(next)
    expect((await readdir(dir)).sort()).toEqual(['settings.json', 'settings.json.corrupt-1700000000000'])
    const bad = await app.router.handle('settings.update', { pollIntervalSec: 1 })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })
})
