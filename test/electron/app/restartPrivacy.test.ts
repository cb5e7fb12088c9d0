// What survives a restart of the whole app core: balances stay hidden, and an app with a lock
// starts locked, saying so first (the tray and the page hear `lock.changed` before anything else).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { createMemoryStore } from '../../../electron/main/services/secrets'

let dir: string
let events: Array<{ name: string; payload: unknown }>
let apps: App[]
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-restart-'))
  apps = []
})
afterEach(async () => {
  for (const a of apps) await a.dispose()
  await rm(dir, { recursive: true, force: true })
})

async function boot(): Promise<App> {
  events = []
  const app = createApp({
    userDataDir: dir,
    secretStore: createMemoryStore(),
    notifier: { show() {}, isSupported: () => true },
    emit: (name, payload) => events.push({ name, payload }),
    appVersion: APP_VERSION,
    logSink: () => {},
  })
  apps.push(app)
  await app.start()
  return app
}
const call = async (app: App, name: string, input: unknown = {}) => {
  const r = await app.router.handle(name, input)
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as Record<string, unknown>
}

describe('across a restart', () => {
  it('hidden balances stay hidden', async () => {
    const first = await boot()
    expect((await call(first, 'settings.update', { hideBalances: true })).hideBalances).toBe(true)
    await first.dispose()
    apps.length = 0
    const again = await boot()
    expect((await call(again, 'settings.get')).hideBalances).toBe(true)
  })

  it('an app with a lock starts locked, and says so before anything else', async () => {
    const first = await boot()
    expect(events[0]).toEqual({
      name: 'lock.changed',
      payload: { set: false, locked: false, failures: 0, retryAt: null, osCheck: false },
    })
    await call(first, 'lock.set', { passphrase: 'a desk with nobody at it' })
    await first.dispose()
    apps.length = 0
    const again = await boot()
    expect(events[0]).toMatchObject({ name: 'lock.changed', payload: { set: true, locked: true } })
    expect(await again.router.handle('accounts.list', {})).toMatchObject({ ok: false, error: { code: 'locked' } })
    expect((await call(again, 'lock.unlock', { passphrase: 'a desk with nobody at it' })).outcome).toBe('unlocked')
    expect((await call(again, 'accounts.list')).accounts).toEqual([])
  })
})
