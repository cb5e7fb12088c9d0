// The same service added twice: refused with the existing account's name, whether its key is in
// the keychain or in memory, and before anything is sent; caught through its normalised address
// (localhost, 127.0.0.1 and [::1] alike, case, trailing slash, default port) and through the
// wallets a key opens (field report N3). Another key on the same address, with wallets of its
// own, and a second service on another port, are new accounts.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, test } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { serviceOrigin } from '../../../electron/main/services/accounts/sameService'
import { apiKeyName, createMemoryStore, type SecretStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { startSimWithSecondAccount } from './secondAccountSim'

const SECOND_KEY = 'sak_secondAccountOnTheSameService0001'
let sim: SimulatorHandle
/** a second service, on another port */
let b: SimulatorHandle
let second: Awaited<ReturnType<typeof startSimWithSecondAccount>>
let dir: string
let app: App
let store: SecretStore

beforeAll(async () => {
  second = await startSimWithSecondAccount(SECOND_KEY)
  sim = second.sim
  b = await startSimulator({ seed: 'empty' })
})
afterAll(async () => {
  await second?.close()
  await b?.close()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-dup-'))
  store = createMemoryStore()
  app = createApp({
    userDataDir: dir,
    secretStore: store,
    notifier: { show() {}, isSupported: () => true },
    emit: () => {},
    appVersion: APP_VERSION,
    logSink: () => {},
  })
  await app.start()
})
afterEach(async () => {
  await app.dispose()
  await rm(dir, { recursive: true, force: true })
})

function value<T = Record<string, unknown>>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const connect = (input: Record<string, unknown>) => app.router.handle('accounts.connect', { kind: 'service', ...input })
const ids = async () =>
  value<{ accounts: Array<{ id: string }> }>(await app.router.handle('accounts.list', {})).accounts

test.each(['keychain', 'memory'] as const)(
  'the same address and key again is refused by name (%s)',
  async (storage) => {
    const first = value<{ id: string }>(
      await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday', storage }),
    )
    sim.control.resetRequests()
    // the same address written differently, another label, another auth method, the other storage
    const again = await connect({
      baseUrl: ` ${sim.url}/ `,
      apiKey: sim.keys.secret,
      label: 'Again',
      authMethod: 'basic',
      storage: storage === 'memory' ? 'keychain' : 'memory',
    })
    expect(again).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: "This key is already connected as 'Everyday'.", retryable: false },
    })
    expect(JSON.stringify(again)).not.toContain(sim.keys.secret)
    expect(sim.control.requests()).toEqual([])
    expect((await ids()).map((a) => a.id)).toEqual([first.id])
  },
)

test('two connects of one key at once make one account', async () => {
  const input = { baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday' }
  const results = await Promise.all([connect(input), connect(input)])
  expect(results.filter((r) => r.ok)).toHaveLength(1)
  expect(results.find((r) => !r.ok)).toMatchObject({
    error: { message: "This key is already connected as 'Everyday'." },
  })
  expect(await ids()).toHaveLength(1)
})

test('another key on the same address is a new account; the same key at the same service by another name is not', async () => {
  value(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday' }))
  const other = value<{ id: string }>(await connect({ baseUrl: sim.url, apiKey: SECOND_KEY, label: 'Shop' }))
  expect(await store.get(apiKeyName(other.id))).toBe(SECOND_KEY)
  // localhost is 127.0.0.1: the same service (field report N3)
  const localhost = sim.url.replace('127.0.0.1', 'localhost')
  expect(localhost).not.toBe(sim.url)
  expect(await connect({ baseUrl: localhost, apiKey: sim.keys.secret, label: 'By name' })).toMatchObject({
    ok: false,
    error: { message: "This key is already connected as 'Everyday'." },
  })
  expect(await ids()).toHaveLength(2)
})

test('a removed account can be connected again', async () => {
  const first = value<{ id: string }>(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday' }))
  value(await app.router.handle('accounts.remove', { id: first.id }))
  value(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday' }))
  expect(await ids()).toHaveLength(1)
})

describe('the same service added twice', () => {
  it('its address written another way, with the same key: refused by name, before anything is sent', async () => {
    const port = new URL(sim.url).port
    expect(sim.url).toBe(`http://127.0.0.1:${port}`)
    value(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Main' }))
    sim.control.resetRequests()
    const variants = [
      `http://localhost:${port}`,
      `http://localhost:${port}/`,
      `HTTP://LOCALHOST:${port}/`,
      `http://LocalHost:${port}//`,
      `http://[::1]:${port}`,
      `http://127.0.0.1:${port}/?x=1#top`,
    ]
    for (const baseUrl of variants) {
      const r = await connect({ baseUrl, apiKey: sim.keys.secret, label: 'Again' })
      expect([baseUrl, r]).toEqual([
        baseUrl,
        {
          ok: false,
          error: { code: 'invalid_input', message: "This key is already connected as 'Main'.", retryable: false },
        },
      ])
    }
    expect(sim.control.requests()).toEqual([])
    expect((await ids()).length).toBe(1)
  })

  it('another key that opens the same wallets: refused, pointing to Replace key', async () => {
    // a service of its own: its key is replaced here
    const c = await startSimulator({ seed: 'demo' })
    onTestFinished(() => c.close())
    const main = value<{ id: string }>(await connect({ baseUrl: c.url, apiKey: c.keys.secret, label: 'Main' }))
    // the app has seen Main's wallets once its first sync stored them
    await expect.poll(() => app.ledger().cursors.list(main.id).length, { timeout: 10_000 }).toBeGreaterThan(0)
    const fresh = c.control.replaceSecretKey()
    const r = await connect({ baseUrl: c.url.replace('127.0.0.1', 'localhost'), apiKey: fresh, label: 'Fresh' })
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          "This key opens wallets of 'Main', which is already connected. To give it a new key, use Replace key in Settings.",
        retryable: false,
      },
    })
    expect(JSON.stringify(r)).not.toContain(fresh)
    expect((await ids()).length).toBe(1)
    // Replace key is the way: the same account, with the new key
    value(await app.router.handle('accounts.replaceKey', { id: main.id, apiKey: fresh }))
    expect((await ids()).length).toBe(1)
  })

  it('a second service on another port is a new account; its address written another way is then refused', async () => {
    value(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Main' }))
    expect(b.url).not.toBe(sim.url)
    value(await connect({ baseUrl: b.url, apiKey: b.keys.secret, label: 'Other' }))
    expect((await ids()).length).toBe(2)
    const r = await connect({ baseUrl: `${b.url.replace('127.0.0.1', 'localhost')}/`, apiKey: b.keys.secret })
    expect(r).toMatchObject({ ok: false, error: { message: "This key is already connected as 'Other'." } })
    expect((await ids()).length).toBe(2)
  })
})

describe('serviceOrigin', () => {
  it('is one string for every way of writing one service, and another for another service', () => {
    const same = [
      'http://127.0.0.1:4210',
      'http://localhost:4210/',
      'http://[::1]:4210',
      'http://[::ffff:127.0.0.1]:4210',
      'HTTP://LOCALHOST:4210',
    ]
    expect(new Set(same.map(serviceOrigin)).size).toBe(1)
    expect(serviceOrigin('https://api.example.com')).toBe(serviceOrigin('https://API.example.com:443/'))
    expect(serviceOrigin('http://localhost')).toBe(serviceOrigin('http://127.0.0.1:80'))
    const other = [
      'http://127.0.0.1:4211',
      'https://127.0.0.1:4210',
      'https://api.example.com/v2',
      'https://api.example.com:8443',
      'https://other.example.com',
    ]
    expect(new Set([...other, 'https://api.example.com', same[0]!].map(serviceOrigin)).size).toBe(other.length + 2)
  })
})
