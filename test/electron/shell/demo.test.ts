// Demo mode against the real simulator and the real app (memory secret store, temp userData).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../dev/preview/version'
import { createApp } from '../../../electron/main/app/createApp'
import { apiKeyName, createMemoryStore } from '../../../electron/main/services/secrets'
import { connectDemoAccount, demoRateSources } from '../../../electron/main/shell/demo'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'

let sim: SimulatorHandle
const dirs: string[] = []
const apps: Array<ReturnType<typeof createApp>> = []

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', seed: 'demo' })
})
afterAll(async () => {
  await sim?.close()
})
afterEach(async () => {
  for (const a of apps.splice(0)) await a.dispose()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function newApp() {
  const dir = await mkdtemp(join(tmpdir(), 'lt-demo-'))
  dirs.push(dir)
  const keychain = createMemoryStore()
  const app = createApp({
    userDataDir: dir,
    secretStore: keychain,
    notifier: { show() {}, isSupported: () => false },
    emit: () => {},
    appVersion: APP_VERSION,
    logSink: () => {},
  })
  apps.push(app)
  await app.start()
  return { app, dir, keychain }
}

/** `npm run demo` and `electron .` run unpackaged */
const dev = { isPackaged: false }

describe('demo mode', () => {
  it('does nothing without both variables', async () => {
    const { app } = await newApp()
    expect(await connectDemoAccount(app.router, {}, dev)).toBe('not-demo')
    expect(await connectDemoAccount(app.router, { LT_DEMO_BASE_URL: sim.url }, dev)).toBe('not-demo')
    expect(app.accounts.list().accounts).toEqual([])
  })

  it('connects the simulator account once, key in memory only, none in the keychain or on disk', async () => {
    const { app, dir, keychain } = await newApp()
    const env = { LT_DEMO_BASE_URL: sim.url, LT_DEMO_API_KEY: sim.keys.secret }
    expect(await connectDemoAccount(app.router, env, dev)).toBe('connected')
    expect(await connectDemoAccount(app.router, env, dev)).toBe('already-connected')
    const { accounts } = app.accounts.list()
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({ baseUrl: sim.url, storage: 'memory', label: 'Demo (local simulator)' })
    expect(await keychain.get(apiKeyName(accounts[0]?.id ?? ''))).toBeNull()
    const wallets = await app.router.handle('wallets.list', {})
    expect(wallets.ok).toBe(true)
    for (const f of await readdir(dir, { recursive: true })) {
      const text = await readFile(join(dir, f), 'utf8').catch(() => '')
      expect(text).not.toContain(sim.keys.secret)
    }
  })

  it('an installed (packaged) app ignores the variables: no account, nothing asked of the service', async () => {
    const { app } = await newApp()
    sim.control.resetRequests()
    const env = { LT_DEMO_BASE_URL: sim.url, LT_DEMO_API_KEY: sim.keys.secret }
    expect(await connectDemoAccount(app.router, env, { isPackaged: true })).toBe('not-demo')
    expect(app.accounts.list().accounts).toEqual([])
    expect(sim.control.requests()).toEqual([])
  })

  it('connects an LNbits account of the LNbits simulator by its admin keys, in memory only', async () => {
    const lnbits = await startSimulator({ port: 0, host: '127.0.0.1', seed: 'demo', flavor: 'lnbits' })
    try {
      const { app, keychain } = await newApp()
      const keys = lnbits.lnbits.map((w) => w.adminkey)
      const env = { LT_DEMO_BASE_URL: lnbits.url, LT_DEMO_LNBITS_KEYS: keys.join(',') }
      expect(await connectDemoAccount(app.router, env, dev)).toBe('connected')
      const { accounts } = app.accounts.list()
      expect(accounts).toMatchObject([{ kind: 'lnbits', baseUrl: lnbits.url, storage: 'memory' }])
      expect(await keychain.get(apiKeyName(accounts[0]?.id ?? ''))).toBeNull()
      const wallets = await app.router.handle('wallets.list', {})
      expect(wallets.ok && (wallets.value as { wallets: { id: string }[] }).wallets.map((w) => w.id)).toEqual(
        lnbits.lnbits.map((w) => w.id),
      )
    } finally {
      await lnbits.close()
    }
  })

  it('reports a refused key instead of connecting', async () => {
    const { app } = await newApp()
    const out = await connectDemoAccount(
      app.router,
      { LT_DEMO_BASE_URL: sim.url, LT_DEMO_API_KEY: 'sak_wrongwrongwrong' },
      dev,
    )
    expect(out).toMatchObject({ failed: expect.any(String) })
    expect(app.accounts.list().accounts).toEqual([])
  })
})

describe('the demo price source', () => {
  const appSources = { sourceUrl: 'https://prices.example/live', historyUrl: 'https://prices.example/day' }
  const env = {
    LT_DEMO_RATE_URL: 'http://127.0.0.1:4321/api/v3/simple/price',
    LT_DEMO_RATE_HISTORY_URL: 'http://127.0.0.1:4321/api/v3/coins/bitcoin/history',
  }
  it('an unpackaged app takes the loopback source npm run demo set', () => {
    expect(demoRateSources(env, { isPackaged: false }, appSources)).toEqual({
      sourceUrl: env.LT_DEMO_RATE_URL,
      historyUrl: env.LT_DEMO_RATE_HISTORY_URL,
    })
  })
  it('an installed app, a source off loopback or half a pair: the app’s own source', () => {
    expect(demoRateSources(env, { isPackaged: true }, appSources)).toEqual(appSources)
    const away = { ...env, LT_DEMO_RATE_URL: 'http://prices.attacker.example/live' }
    expect(demoRateSources(away, { isPackaged: false }, appSources)).toEqual(appSources)
    expect(demoRateSources({ LT_DEMO_RATE_URL: env.LT_DEMO_RATE_URL }, { isPackaged: false }, appSources)).toEqual(
      appSources,
    )
  })
})
