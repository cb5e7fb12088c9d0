// Anyone at the unlocked desk cannot loosen what the lock protects (issue 41, finding 2; docs/
// security.md, "What needs the passphrase"): every operation and every setting is classified once,
// in services/lock/loosening.ts (its own test, test/electron/services/lock, reads the contract to
// fail for one left out). Here, through the router of the whole app against the simulator, each setting's changes and each kind
// of connected app are tried without the passphrase, with a wrong one (counted in the lock's
// back-off like a wrong unlock) and with the right one.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LOCK, type OpName, type Settings } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../../electron/main/app/createApp'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { settingCases } from '../services/lock/looseningCases'
import { bareApp } from './appHarness'

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

  const cases = settingCases()
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

    it('a pairing (Nostr Wallet Auth) that can pay more than the confirm limit asks as well, and makes nothing unasked', async () => {
      const made = await count()
      waitOut()
      const pairing = { clientPubkey: 'b'.repeat(64), relay: 'wss://relay.pairing.example' }
      const refused = await make('Paired', 5_000, ['pay_invoice'], { pairing })
      expect(refused).toMatchObject({ ok: false, error: { code: 'needs_passphrase' } })
      expect(await count()).toBe(made)
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
