// The same address and key connected twice: refused with the existing account's name, whether its
// key is in the keychain or in memory, and before anything is sent. Another key on the same
// address, or the same key on another address, stays allowed.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { createMemoryStore, type SecretStore } from '../../../electron/main/services/secrets'
import type { SimulatorHandle } from '../../simulator/index'
import { startSimWithSecondAccount } from './secondAccountSim'

const SECOND_KEY = 'sak_secondAccountOnTheSameService0001'
let sim: SimulatorHandle
let second: Awaited<ReturnType<typeof startSimWithSecondAccount>>
let dir: string
let app: App
let store: SecretStore

beforeAll(async () => {
  second = await startSimWithSecondAccount(SECOND_KEY)
  sim = second.sim
})
afterAll(async () => {
  await second?.close()
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
const connect = (input: Record<string, unknown>) => app.router.handle('accounts.connect', input)
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

test('another key on the same address, or the same key on another address, is a new account', async () => {
  value(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday' }))
  const other = value<{ id: string }>(await connect({ baseUrl: sim.url, apiKey: SECOND_KEY, label: 'Shop' }))
  expect(await store.get(other.id)).toBe(SECOND_KEY)
  const localhost = sim.url.replace('127.0.0.1', 'localhost')
  expect(localhost).not.toBe(sim.url)
  value(await connect({ baseUrl: localhost, apiKey: sim.keys.secret, label: 'By name' }))
  expect(await ids()).toHaveLength(3)
})

test('a removed account can be connected again', async () => {
  const first = value<{ id: string }>(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday' }))
  value(await app.router.handle('accounts.remove', { id: first.id }))
  value(await connect({ baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Everyday' }))
  expect(await ids()).toHaveLength(1)
})
