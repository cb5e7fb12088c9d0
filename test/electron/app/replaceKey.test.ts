// A key revoked at the service, replaced in the app (docs/sync.md, "Replacing a key"): the
// same account keeps its history and its keychain entry, and the error state ends. A key that
// does not work, that opens another account, or that another account here holds changes nothing.
// Keys in the keychain go to the real one (scripts/with-keyring.sh), under a service name of this run.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName, EventPayload } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { apiKeyName, createKeytarStore, type SecretStore } from '../../../electron/main/services/secrets'
import type { SimulatorHandle } from '../../simulator/index'
import { syncNow } from '../../support/syncNow'
import { startSimWithSecondAccount } from './secondAccountSim'

/** the key of a second account at the same service, one with no wallets of the first */
const SECOND_KEY = 'sak_secondAccountOnTheSameService0002'
const service = `lightning-tray-test-rekey-${process.pid}-${Date.now()}`
let sim: SimulatorHandle
let second: Awaited<ReturnType<typeof startSimWithSecondAccount>>
let dir: string
let app: App
let keychain: SecretStore
let events: Array<{ name: EventName; payload: unknown }>
let connected: string[]
/** the account's secret key at the service now (the handle's `keys` is a snapshot from the start) */
let secret: string

beforeAll(async () => {
  second = await startSimWithSecondAccount(SECOND_KEY)
  sim = second.sim
  secret = sim.keys.secret
})
afterAll(async () => {
  await second?.close()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-rekey-'))
  keychain = createKeytarStore(service)
  events = []
  connected = []
  await openApp()
})
/** the app on this test's userData, as at a start of the app */
async function openApp() {
  app = createApp({
    userDataDir: dir,
    secretStore: keychain,
    notifier: { show() {}, isSupported: () => true },
    emit: (name, payload) => events.push({ name, payload }),
    appVersion: '1.2.3',
    logSink: () => {},
    client: { retries: 0 },
  })
  await app.start()
}
afterEach(async () => {
  // the keychain is the machine's: leave no entry of this run behind
  for (const id of connected) await keychain.delete(apiKeyName(id))
  await app.dispose()
  await rm(dir, { recursive: true, force: true })
})

function value<T = Record<string, unknown>>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
type Account = { id: string; keyHint: string; label: string }
async function connect(apiKey: string, label: string, storage: 'keychain' | 'memory' = 'keychain') {
  const a = value<Account>(
    await app.router.handle('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey, label, storage }),
  )
  connected.push(a.id)
  return a
}
const replaceKey = (id: string, apiKey: string) => app.router.handle('accounts.replaceKey', { id, apiKey })
const lastConnection = () =>
  events.filter((e) => e.name === 'connection').at(-1)?.payload as EventPayload<'connection'> | undefined
const historyCount = (accountId: string) => app.ledger().count({ accountId })
/** the first sync of the account is done: every wallet has a cursor and the history is in */
async function synced(accountId: string) {
  await expect
    .poll(
      () =>
        app
          .ledger()
          .cursors.list(accountId)
          .filter((c) => c.backfillDoneAt).length,
      // the first sync's time is the machine's business: this asserts that it ends, not how fast
      { timeout: 40_000 },
    )
    .toBe(3)
  return historyCount(accountId)
}

test('a revoked key replaced: the same account, its history, its keychain entry, and online again', async () => {
  const a = await connect(secret, 'Everyday')
  const rows = await synced(a.id)
  expect(rows).toBeGreaterThan(10)
  const newKey = sim.control.replaceSecretKey()
  secret = newKey

  // the app finds out the old key is refused
  expect(await app.router.handle('wallets.list', {})).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
  expect(lastConnection()).toMatchObject({ state: 'error', reason: 'key_refused' })

  const replaced = value<Account>(await replaceKey(a.id, newKey))
  expect(replaced).toEqual({
    ...a,
    keyHint: `sak_…${newKey.slice(-4)}`,
    storage: 'keychain',
    authMethod: 'header',
    baseUrl: sim.url,
  })
  // the same keychain entry now holds the new key (read by a fresh store, as after a restart)
  expect(await createKeytarStore(service).get(apiKeyName(a.id))).toBe(newKey)
  // the sync loop's tick, started by the replacement, reads the balances with the new key
  await app.sync.idle()
  expect(lastConnection()).toMatchObject({ state: 'online', reason: null })
  const list = value<{ accounts: Account[]; activeId: string }>(await app.router.handle('accounts.list', {}))
  expect(list.accounts.map((x) => [x.id, x.keyHint])).toEqual([[a.id, replaced.keyHint]])
  expect(list.activeId).toBe(a.id)
  // the history stayed, and the account syncs with the new key
  expect(historyCount(a.id)).toBe(rows)
  const wallet = sim.keys.wallets[0]!.id
  await sim.control.payInbound(wallet, 777, 'after the new key')
  await syncNow(app)
  expect(historyCount(a.id)).toBe(rows + 1)
  // and the settings file names only the hint
  expect(readFileSync(join(dir, 'settings.json'), 'utf8')).not.toContain(newKey)
})

test('a key that does not work changes nothing', async () => {
  const a = await connect(secret, 'Everyday')
  const r = await replaceKey(a.id, `${secret}x`)
  expect(r).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
  expect(JSON.stringify(r)).not.toContain(secret)
  expect(await keychain.get(apiKeyName(a.id))).toBe(secret)
  // a refused key being tried is the form's business: the account's state is untouched
  expect(lastConnection()?.state ?? 'online').toBe('online')
  expect(value<{ accounts: Account[] }>(await app.router.handle('accounts.list', {})).accounts[0]?.keyHint).toBe(
    a.keyHint,
  )
})

test("a key of another account at the service is refused: this account's history is not mixed with it", async () => {
  const a = await connect(secret, 'Everyday')
  await synced(a.id)
  const r = await replaceKey(a.id, SECOND_KEY)
  expect(r).toEqual({
    ok: false,
    error: {
      code: 'invalid_input',
      message:
        "This key opens another account: none of its wallets are ones 'Everyday' had. Add it as a new account instead.",
      retryable: false,
    },
  })
  expect(await keychain.get(apiKeyName(a.id))).toBe(secret)
})

test('a key another account here holds is refused before anything is sent', async () => {
  const shop = await connect(SECOND_KEY, 'Shop')
  await connect(secret, 'Everyday')
  // nothing else may ask the service meanwhile
  await app.idle()
  await app.sync.stop()
  sim.control.resetRequests()
  const r = await replaceKey(shop.id, secret)
  expect(r).toMatchObject({
    ok: false,
    error: { code: 'invalid_input', message: "This key is already connected as 'Everyday'." },
  })
  expect(sim.control.requests()).toEqual([])
  expect(await keychain.get(apiKeyName(shop.id))).toBe(SECOND_KEY)
})

test('a key kept in memory is replaced in memory; the keychain is not touched', async () => {
  const a = await connect(secret, 'Everyday', 'memory')
  await synced(a.id)
  const newKey = sim.control.replaceSecretKey()
  secret = newKey
  const replaced = value<Account>(await replaceKey(a.id, newKey))
  expect(replaced.keyHint).toBe(`sak_…${newKey.slice(-4)}`)
  expect(await keychain.get(apiKeyName(a.id))).toBeNull()
  value(await app.router.handle('wallets.list', {}))
})

test('a key gone from the keychain (found at the next start) is given back to the same account', async () => {
  const a = await connect(secret, 'Everyday')
  const rows = await synced(a.id)
  await app.dispose()
  await keychain.delete(apiKeyName(a.id)) // the person cleaned up the keychain, or another tool did
  await openApp()
  const r = await app.router.handle('wallets.list', {})
  expect(r).toMatchObject({
    ok: false,
    error: {
      code: 'unauthorized',
      message: 'The key for this account is missing. Give it its key again with Replace key in Settings.',
    },
  })
  value(await replaceKey(a.id, secret))
  expect(await keychain.get(apiKeyName(a.id))).toBe(secret)
  value(await app.router.handle('wallets.list', {}))
  expect(historyCount(a.id)).toBe(rows)
})

test('an account that is gone cannot get a key', async () => {
  expect(await replaceKey('acc_gone', secret)).toMatchObject({ ok: false, error: { code: 'not_found' } })
})
