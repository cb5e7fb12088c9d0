// Anyone at the unlocked desk cannot loosen what the lock protects (issue 41, finding 2; docs/
// security.md, "What needs the passphrase"): every operation and every setting is classified once,
// in services/lock/loosening.ts, and this test reads the contract to fail for one left out. Then,
// through the router of the whole app against the simulator, each setting's changes and each kind
// of connected app are tried without the passphrase, with a wrong one (counted in the lock's
// back-off like a wrong unlock) and with the right one.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEFAULT_LOCK,
  DEFAULT_SETTINGS,
  LockSettings,
  OP_NAMES,
  type OpName,
  operations,
  opKind,
  Settings,
} from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { App } from '../../../electron/main/app/createApp'
import {
  JUDGES,
  LOCK_SETTING_LOOSENS,
  PASSPHRASE_RULES,
  SETTING_LOOSENS,
} from '../../../electron/main/services/lock/loosening'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { bareApp } from './appHarness'

type Lock = z.infer<typeof LockSettings>
type Case<T> = { from: T; to: T; loosens: boolean; label?: string }
const off = (loosens: boolean) => [
  { from: true, to: false, loosens },
  { from: false, to: true, loosens: false },
]
const on = (loosens: boolean) => [
  { from: false, to: true, loosens },
  { from: true, to: false, loosens: false },
]

/** What each lock setting's changes should be: every key of LockSettings, checked against the contract. */
const LOCK_CASES: { [K in keyof Lock]-?: Array<Case<Lock[K]>> } = {
  idleMinutes: [
    { from: 10, to: 0, loosens: true },
    { from: 10, to: 60, loosens: true },
    { from: 10, to: 5, loosens: false },
    { from: 0, to: 5, loosens: false },
  ],
  shortcut: [
    { from: 'CommandOrControl+Shift+K', to: '', loosens: true },
    { from: 'CommandOrControl+Shift+K', to: 'CommandOrControl+Shift+J', loosens: true },
    { from: '', to: 'CommandOrControl+Shift+K', loosens: false },
  ],
  notifyAmounts: on(true),
  connectedApps: on(true),
  osCheck: on(true),
}

/** What each setting's changes should be: every key of Settings, checked against the contract. */
const SETTING_CASES: { [K in keyof Settings]-?: Array<Case<Settings[K]>> } = {
  pollIntervalSec: [{ from: 15, to: 3600, loosens: false }],
  notifications: off(false),
  theme: [{ from: 'system', to: 'dark', loosens: false }],
  fiat: [{ from: DEFAULT_SETTINGS.fiat, to: { enabled: false, currency: 'EUR' }, loosens: false }],
  pricesThen: on(false),
  trayTotal: on(false),
  shortcut: [{ from: 'CommandOrControl+Shift+L', to: '', loosens: false }],
  openAtLogin: on(false),
  offerClipboard: on(false),
  hideBalances: off(true),
  lock: (Object.keys(LOCK_CASES) as Array<keyof Lock>).flatMap((k) =>
    (LOCK_CASES[k] as Array<Case<unknown>>).map((c) => ({
      from: { ...DEFAULT_LOCK, [k]: c.from },
      to: { ...DEFAULT_LOCK, [k]: c.to },
      loosens: c.loosens,
      label: `lock.${k}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`,
    })),
  ),
  historyPerPage: [{ from: 25, to: 250, loosens: false }],
  language: [{ from: undefined, to: 'de', loosens: false }],
}

const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape).sort()

describe('the classification', () => {
  it('names every operation of the contract, and a money operation only as spending', () => {
    expect(Object.keys(PASSPHRASE_RULES).sort()).toEqual([...OP_NAMES].sort())
    for (const name of OP_NAMES) {
      expect(['free', 'judged', 'own', 'spends'], name).toContain(PASSPHRASE_RULES[name])
      expect(PASSPHRASE_RULES[name] === 'spends', name).toBe(opKind(name) === 'money')
    }
  })

  it('judges every operation it marks judged, and each of those takes the passphrase with it', () => {
    const judged = OP_NAMES.filter((n) => PASSPHRASE_RULES[n] === 'judged')
    expect(Object.keys(JUDGES).sort()).toEqual(judged.sort())
    expect(judged.sort()).toEqual(['nwc.create', 'settings.update'])
    for (const name of judged) expect(keysOf(operations[name].input as z.ZodObject), name).toContain('passphrase')
  })

  it('an operation that asks for the passphrase itself has a field for it (or is the system check)', () => {
    const own = OP_NAMES.filter((n) => PASSPHRASE_RULES[n] === 'own')
    for (const name of own) {
      if (name === 'lock.osUnlock') continue
      expect(keysOf(operations[name].input as z.ZodObject).join(' '), name).toMatch(/passphrase|current/i)
    }
  })

  it('classifies every setting and every lock setting, and this test has changes for each', () => {
    expect(Object.keys(SETTING_LOOSENS).sort()).toEqual(keysOf(Settings))
    expect(Object.keys(LOCK_SETTING_LOOSENS).sort()).toEqual(keysOf(LockSettings))
    expect(Object.keys(SETTING_CASES).sort()).toEqual(keysOf(Settings))
    expect(Object.keys(LOCK_CASES).sort()).toEqual(keysOf(LockSettings))
    for (const k of keysOf(Settings)) expect(SETTING_CASES[k as keyof Settings].length, k).toBeGreaterThan(0)
  })
})

const PASS = 'only the person knows this'
let sim: SimulatorHandle
let relay: TestRelay
let w: SimWallet
let dir: string
let app: App
let clock: number
let accountId: string

const call = (name: OpName, input: unknown = {}) => app.router.handle(name, input)
function ok<T = Record<string, unknown>>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const settingsFile = () => readFile(join(dir, 'settings.json'), 'utf8')
/** the settings as written (the file also keeps the lock's count of wrong tries) */
const settingsPart = async () => JSON.parse(await settingsFile()).settings
const failures = () => app.lock.status().failures
/** the back-off of the last wrong try passes */
const waitOut = () => {
  clock += 20 * 60_000
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  relay = await startRelay()
  w = sim.control.createWallet('Loosening', 100_000)
  dir = await mkdtemp(join(tmpdir(), 'lt-loosen-'))
  clock = Date.now()
  app = bareApp({ dir, now: () => clock, nwc: { backoffMinMs: 50 } })
  await app.start()
  ok(await call('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret }))
  accountId = app.accounts.active().id
  ok(await call('nwc.settings', { relay: relay.url }))
}, 60_000)
afterAll(async () => {
  await app.dispose()
  await relay.close()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

describe('without a passphrase set, nothing asks for one', () => {
  it('turns the idle lock off, shows amounts and makes a connection with a large budget', async () => {
    ok(await call('settings.update', { hideBalances: true }))
    ok(await call('settings.update', { hideBalances: false, lock: { ...DEFAULT_LOCK, idleMinutes: 0 } }))
    const base = { name: 'No lock', walletId: w.id, period: 'never', methods: ['pay_invoice'] }
    ok(await call('nwc.create', { ...base, budgetSat: 10_000_000 }))
  })
})

describe('with a passphrase set', () => {
  beforeAll(async () => {
    ok(await call('lock.set', { passphrase: PASS }))
  }, 30_000)
  beforeEach(waitOut)

  const cases = (Object.keys(SETTING_CASES) as Array<keyof Settings>).flatMap((key) =>
    (SETTING_CASES[key] as Array<Case<unknown>>).map((c) => ({
      key,
      ...c,
      title: `${c.label ?? `${key}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`} ${c.loosens ? 'asks' : 'is free'}`,
    })),
  )
  it.each(cases)('settings.update $title', async ({ key, from, to, loosens }) => {
    await app.settings.update((s) => ({ ...s, settings: { ...s.settings, [key]: from } }))
    const before = await settingsPart()
    const tries = failures()
    const asked = await call('settings.update', { [key]: to })
    if (!loosens) {
      expect(ok<Settings>(asked)[key]).toEqual(to)
      expect(failures()).toBe(tries)
      return
    }
    expect(asked).toMatchObject({ ok: false, error: { code: 'needs_passphrase' } })
    // refused before anything was written; no try was counted (none was made)
    expect(await settingsPart()).toEqual(before)
    expect(failures()).toBe(tries)
    expect(ok<Settings>(await call('settings.update', { [key]: to, passphrase: PASS }))[key]).toEqual(to)
    expect(failures()).toBe(0)
    expect(await settingsFile()).not.toContain(PASS)
  })

  it('a change that loosens one setting among others asks for the whole change; nothing of it is kept', async () => {
    await app.settings.update((s) => ({ ...s, settings: { ...s.settings, hideBalances: true, theme: 'light' } }))
    const r = await call('settings.update', { theme: 'dark', hideBalances: false })
    expect(r).toMatchObject({ ok: false, error: { code: 'needs_passphrase' } })
    expect(app.settings.current().settings).toMatchObject({ theme: 'light', hideBalances: true })
  })

  it('a wrong passphrase counts in the lock’s back-off: the next try anywhere waits, the lock screen’s too', async () => {
    await app.settings.update((s) => ({ ...s, settings: { ...s.settings, hideBalances: true } }))
    const tries = failures()
    expect(await call('settings.update', { hideBalances: false, passphrase: 'wrong' })).toMatchObject({
      error: { code: 'needs_passphrase' },
    })
    expect(failures()).toBe(tries + 1)
    // the right one at once: the back-off holds it, here and at spending.confirm alike
    expect(await call('settings.update', { hideBalances: false, passphrase: PASS })).toMatchObject({
      error: { code: 'needs_passphrase' },
    })
    expect(await call('spending.confirm', { amountMsat: 1000, passphrase: PASS })).toMatchObject({ ok: false })
    app.lock.lock('now')
    expect(ok<{ outcome: string }>(await call('lock.unlock', { passphrase: PASS })).outcome).toBe('wait')
    waitOut()
    expect(ok<{ outcome: string }>(await call('lock.unlock', { passphrase: PASS })).outcome).toBe('unlocked')
    expect(ok<Settings>(await call('settings.update', { hideBalances: false, passphrase: PASS })).hideBalances).toBe(
      false,
    )
  })

  describe('nwc.create', () => {
    const make = (name: string, budgetSat: number, methods: string[], extra: object = {}) =>
      call('nwc.create', { walletId: w.id, period: 'daily', name, budgetSat, methods, ...extra })
    const count = async () => ok<{ connections: unknown[] }>(await call('nwc.list')).connections.length

    beforeAll(async () => {
      ok(await call('spending.set', { accountId, confirmAboveSat: 500, dailyLimitSat: null, passphrase: PASS }))
    }, 30_000)

    it('a connection that can pay more than the confirm limit asks; the 10,000,000-sat one too', async () => {
      const made = await count()
      for (const [budget, period] of [
        [501, 'daily'],
        [10_000_000, 'never'],
      ] as const) {
        waitOut()
        const tries = failures()
        const refused = await make(`Big ${budget}`, budget, ['pay_invoice', 'get_balance'], { period })
        expect(refused).toMatchObject({ ok: false, error: { code: 'needs_passphrase' } })
        expect(JSON.stringify(refused)).not.toMatch(/nostr\+walletconnect/)
        const wrong = await make(`Big ${budget}`, budget, ['pay_invoice'], { period, passphrase: 'a guess' })
        expect(wrong).toMatchObject({ ok: false, error: { code: 'needs_passphrase' } })
        expect(failures()).toBe(tries + 1)
        expect(await count()).toBe(made)
      }
      waitOut()
      const good = ok<{ uri: string }>(await make('Big, asked', 10_000_000, ['pay_invoice'], { passphrase: PASS }))
      expect(good.uri).toMatch(/^nostr\+walletconnect:\/\//)
      expect(await count()).toBe(made + 1)
    })

    it('one within the confirm limit, or that cannot pay, asks nothing', async () => {
      const tries = failures()
      ok(await make('Small', 500, ['pay_invoice']))
      ok(await make('Reads only', 10_000_000, ['get_balance', 'make_invoice', 'list_transactions']))
      ok(await make('No budget', 0, ['pay_invoice']))
      expect(failures()).toBe(tries)
    })

    it('without a confirm limit any paying connection asks', async () => {
      ok(await call('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: null, passphrase: PASS }))
      expect(await make('One sat', 1, ['pay_invoice'])).toMatchObject({ error: { code: 'needs_passphrase' } })
      waitOut()
      ok(await make('One sat', 1, ['pay_invoice'], { passphrase: PASS }))
    })
  })
})
