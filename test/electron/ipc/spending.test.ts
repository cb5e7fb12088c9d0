// Spending rules per account, through the router against the simulator (docs/security.md,
// "Spending rules"): the daily limit across a restart and against two windows paying at once, the
// confirm limit's passphrase, links and vouchers counted, own transfers not, and the simulator
// showing exactly the payments that were let through.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { setMainLocale } from '../../../electron/main/services/i18n'
import { createMemoryStore, type SecretStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { testPassphrase } from '../../support/passphrase'

const PASS = 'horse battery staple'
let sim: SimulatorHandle
let dir: string
let keys: SecretStore
let clock: number
let apps: App[] = []
let w: SimWallet

beforeEach(async () => {
  sim = await startSimulator({ seed: 'demo' })
  w = sim.control.createWallet('Limits', 100_000)
  dir = await mkdtemp(join(tmpdir(), 'lt-spend-'))
  keys = createMemoryStore() // one keychain across restarts, as the system's would be
  clock = Date.now()
})
afterEach(async () => {
  for (const a of apps) await a.dispose()
  apps = []
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

async function boot(passphrase: string | null = PASS, connect = true) {
  const app = createApp({
    userDataDir: dir,
    secretStore: keys,
    notifier: { show() {}, isSupported: () => true },
    emit: () => {},
    appVersion: '0.0.0',
    logSink: () => {},
    now: () => clock,
    passphrase: testPassphrase(passphrase),
    saveFile: async (req) => ({ status: 'saved', fileName: req.defaultName }),
  })
  apps.push(app)
  await app.start()
  if (connect)
    ok(await app.router.handle('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret }))
  return {
    app,
    call: (name: string, input: unknown = {}) => app.router.handle(name, input),
    async restart(p: string | null = PASS) {
      await app.dispose()
      apps = apps.filter((a) => a !== app)
      return boot(p, false)
    },
  }
}

/** a booted app whose account may spend at most `sat` a day */
async function withDailyLimit(sat: number) {
  const a = await boot()
  ok(await a.call('spending.set', { accountId: a.app.accounts.active().id, confirmAboveSat: null, dailyLimitSat: sat }))
  return a
}

function ok<T = Record<string, unknown>>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
function refused(r: Result<unknown>, code = 'limit'): string {
  expect(r.ok, JSON.stringify(r)).toBe(false)
  if (r.ok) return ''
  expect(r.error.code).toBe(code)
  return r.error.message
}
let n = 0
const rid = () => `req-spend-${++n}-${Math.random().toString(36).slice(2, 10)}`
const address = (amountSat: number, requestId = rid()) => ({
  walletId: w.id,
  address: 'alice@sim.example',
  amountMsat: amountSat * 1000,
  requestId,
})
const spent = async (call: (n: string, i?: unknown) => Promise<Result<unknown>>) =>
  ok<{ spentMsat: number; leftMsat: number | null }>(await call('spending.get'))

describe('the daily limit', () => {
  it('holds across a restart, says what is left today, and frees up 24 hours later', async () => {
    const a = await withDailyLimit(1000)
    ok(await a.call('pay.lightningAddress', address(600)))
    // an address payment's fee here is 1 sat: 601 sats out, 399 left
    expect(await spent(a.call)).toMatchObject({ spentMsat: 601_000, leftMsat: 399_000 })
    const words = refused(await a.call('pay.lightningAddress', address(600)))
    expect(words).toContain('daily limit of 1,000 sats')
    expect(words).toContain('601 sats went out in the last 24 hours')
    expect(words).toContain('399 sats can still be spent today')

    const b = await a.restart()
    refused(await b.call('pay.lightningAddress', address(600)))
    refused(await b.call('pay.lightningAddress', address(399))) // 399 + 1 sat of fee limit = 400 > 399
    ok(await b.call('pay.lightningAddress', address(398)))
    expect(await spent(b.call)).toMatchObject({ spentMsat: 1_000_000, leftMsat: 0 })

    // a day on, for the computer and the service alike (spends are counted on the service's
    // clock, which runs on while this test's computer clock stands still: a minute to spare)
    clock += (24 * 3600 + 60) * 1000
    sim.control.clock.advance(24 * 3600 + 60)
    const c = await b.restart()
    ok(await c.call('pay.lightningAddress', address(600)))
    expect(sim.control.balanceMsat(w.id)).toBe(100_000_000 - 601_000 - 399_000 - 601_000)
  })

  it("is counted on the service's clock: a computer clock moved a day on frees nothing", async () => {
    const a = await withDailyLimit(1000)
    ok(await a.call('pay.lightningAddress', address(600)))
    clock += 25 * 3600 * 1000 // a wrong time zone, a VM restored from a snapshot
    const b = await a.restart()
    // the service's time is learnt from its first answer: the balance read before paying
    ok(await b.call('wallets.list'))
    refused(await b.call('pay.lightningAddress', address(600)))
    expect(await spent(b.call)).toMatchObject({ spentMsat: 601_000 })
  })

  it('a computer clock moved a day on while the app runs frees nothing', async () => {
    const a = await withDailyLimit(1000)
    ok(await a.call('pay.lightningAddress', address(600)))
    // the service's time is known by now; the computer's clock is then moved
    clock += 25 * 3600 * 1000
    refused(await a.call('pay.lightningAddress', address(600)))
    expect(await spent(a.call)).toMatchObject({ spentMsat: 601_000, leftMsat: 399_000 })
  })

  it('what is paid with the clock a day back still counts once it is put right', async () => {
    const a = await withDailyLimit(1000)
    ok(await a.call('wallets.list'))
    clock -= 25 * 3600 * 1000
    ok(await a.call('pay.lightningAddress', address(600)))
    clock += 25 * 3600 * 1000
    refused(await a.call('pay.lightningAddress', address(600)))
    expect(sim.control.balanceMsat(w.id)).toBe(100_000_000 - 601_000)
  })

  it('holds against two windows paying at once: exactly what fits goes out, and the simulator shows only that', async () => {
    const a = await withDailyLimit(1000)
    const before = sim.control.totals()
    // ten confirmations from two windows at the same moment, 301 sats each with the fee: 3 fit
    const results = await Promise.all(Array.from({ length: 10 }, () => a.call('pay.lightningAddress', address(300))))
    const passed = results.filter((r) => r.ok)
    expect(passed).toHaveLength(3)
    for (const r of results.filter((x) => !x.ok)) refused(r)
    const after = sim.control.totals()
    expect(after.outboundMsat - before.outboundMsat).toBe(900_000)
    expect(sim.control.balanceMsat(w.id)).toBe(100_000_000 - 3 * 301_000)
    expect(await spent(a.call)).toMatchObject({ spentMsat: 903_000, leftMsat: 97_000 })
  })

  it('counts the fee actually paid where known, else the fee limit reserved', async () => {
    const a = await withDailyLimit(5000)
    // a simulated wallet's invoice settles inside the service with no fee: 1,000 sats, not 1,001
    const other = sim.control.createWallet('Friend', 0)
    const inv = ok<{ paymentRequest: string }>(
      await a.call('invoices.create', { walletId: other.id, amountSat: 1000, memo: 'to a friend' }),
    )
    ok(await a.call('pay.invoice', { walletId: w.id, invoice: inv.paymentRequest, requestId: rid() }))
    expect((await spent(a.call)).spentMsat).toBe(1_000_000)
    // an answer lost on the way: the payment's outcome is unknown, so its fee limit stays reserved
    sim.control.injectFault({ method: 'POST', path: /lnurlp\/pay$/, kind: 'reset', when: 'after', times: 1 })
    refused(await a.call('pay.lightningAddress', address(2000)), 'unknown_outcome')
    expect((await spent(a.call)).spentMsat).toBe(1_000_000 + 2_002_000)
  })

  it('counts withdraw links and voucher sheets from when they are made; own transfers are not counted', async () => {
    const a = await boot()
    const accountId = a.app.accounts.active().id
    ok(await a.call('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: 2000 }))
    const savings = sim.control.createWallet('Savings', 0)
    ok(
      await a.call('wallets.transfer', {
        fromWalletId: w.id,
        toWalletId: savings.id,
        amountSat: 5000,
        memo: '',
        requestId: rid(),
      }),
    )
    expect((await spent(a.call)).spentMsat).toBe(0)
    // a link of 1,000 sats counts with the most its claim's fee can be (5 %): 1,050
    ok(await a.call('withdraw.create', { walletId: w.id, amountSat: 1000, requestId: rid() }))
    expect((await spent(a.call)).spentMsat).toBe(1_050_000)
    const sheet = { walletId: w.id, count: 2, amountSat: 500, note: 'x', requestId: rid() }
    const words = refused(await a.call('vouchers.create', sheet))
    expect(words).toContain('These vouchers would go over the daily limit')
    ok(await a.call('vouchers.create', { ...sheet, count: 1, requestId: rid() }))
    expect((await spent(a.call)).spentMsat).toBe(1_050_000 + 525_000)
    const links = ok<{ links: unknown[] }>(await a.call('withdraw.list')).links
    expect(links).toHaveLength(2) // the refused sheet minted nothing
  })
})

describe('the confirm limit', () => {
  it('a payment over it needs the passphrase: a one-time token for that account and at most that amount', async () => {
    const a = await boot()
    const accountId = a.app.accounts.active().id
    ok(await a.call('spending.set', { accountId, confirmAboveSat: 500, dailyLimitSat: null }))
    ok(await a.call('pay.lightningAddress', address(500))) // not over: no question asked
    const words = refused(await a.call('pay.lightningAddress', address(501)))
    expect(words).toContain('over 500 sats, so it needs your passphrase')
    refused(await a.call('spending.confirm', { amountMsat: 501_000, passphrase: 'wrong one' }), 'needs_passphrase')
    const { confirmToken } = ok<{ confirmToken: string }>(
      await a.call('spending.confirm', { amountMsat: 600_000, passphrase: PASS }),
    )
    refused(await a.call('pay.lightningAddress', { ...address(601), confirmToken })) // more than confirmed
    ok(await a.call('pay.lightningAddress', { ...address(600), confirmToken }))
    refused(await a.call('pay.lightningAddress', { ...address(600), confirmToken })) // once only
    const late = ok<{ confirmToken: string }>(
      await a.call('spending.confirm', { amountMsat: 600_000, passphrase: PASS }),
    )
    clock += 3 * 60_000
    refused(await a.call('pay.lightningAddress', { ...address(600), confirmToken: late.confirmToken })) // expired
    const sent = sim.control.requests({ method: 'POST', path: /lnurlp\/pay$/ })
    expect(sent).toHaveLength(2) // 500 and 600: nothing refused reached the service
  })

  it('a withdraw link or a voucher sheet over it needs a token too (a sheet counts all its vouchers)', async () => {
    const a = await boot()
    const accountId = a.app.accounts.active().id
    ok(await a.call('spending.set', { accountId, confirmAboveSat: 1000, dailyLimitSat: null }))
    const link = { walletId: w.id, amountSat: 1001, requestId: rid() }
    expect(refused(await a.call('withdraw.create', link))).toContain('This withdraw link is over 1,000 sats')
    const sheet = { walletId: w.id, count: 3, amountSat: 400, note: '', requestId: rid() }
    expect(refused(await a.call('vouchers.create', sheet))).toContain('These vouchers are over 1,000 sats')
    expect(ok<{ links: unknown[] }>(await a.call('withdraw.list')).links).toHaveLength(0)
    const token = async (amountMsat: number) =>
      ok<{ confirmToken: string }>(await a.call('spending.confirm', { amountMsat, passphrase: PASS })).confirmToken
    ok(await a.call('withdraw.create', { ...link, requestId: rid(), confirmToken: await token(1_001_000) }))
    ok(await a.call('vouchers.create', { ...sheet, requestId: rid(), confirmToken: await token(1_200_000) }))
    expect(ok<{ links: unknown[] }>(await a.call('withdraw.list')).links).toHaveLength(4)
  })

  it('needs a passphrase to exist; raising or removing a limit needs the passphrase, lowering does not', async () => {
    const none = await boot(null)
    const accountId = none.app.accounts.active().id
    refused(await none.call('spending.set', { accountId, confirmAboveSat: 100, dailyLimitSat: null }), 'invalid_input')
    const a = await none.restart(PASS)
    ok(await a.call('spending.set', { accountId, confirmAboveSat: 100, dailyLimitSat: 1000 }))
    ok(await a.call('spending.set', { accountId, confirmAboveSat: 50, dailyLimitSat: 900 })) // tighter
    refused(await a.call('spending.set', { accountId, confirmAboveSat: 50, dailyLimitSat: null }), 'needs_passphrase')
    refused(
      await a.call('spending.set', { accountId, confirmAboveSat: 5000, dailyLimitSat: 900, passphrase: 'wrong' }),
      'needs_passphrase',
    )
    ok(await a.call('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: null, passphrase: PASS }))
    expect(ok(await a.call('spending.get', { accountId }))).toMatchObject({
      confirmAboveSat: null,
      dailyLimitSat: null,
    })
  })
})

describe('a damaged rules file', () => {
  it('is kept aside and nothing is sent until the rules are set again, with the passphrase', async () => {
    const a = await withDailyLimit(1000)
    const accountId = a.app.accounts.active().id
    const b = await a.restart()
    await b.app.dispose()
    apps = []
    await writeFile(join(dir, 'spending.json'), '{"version":1,"accounts":{"x":')
    const c = await boot(PASS, false)
    expect(ok(await c.call('spending.get'))).toMatchObject({ readable: false, leftMsat: 0 })
    expect(refused(await c.call('pay.lightningAddress', address(10)))).toContain('could not be read')
    expect((await readdir(dir)).some((f) => f.startsWith('spending.json.corrupt-'))).toBe(true)
    refused(await c.call('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: 1000 }), 'needs_passphrase')
    ok(await c.call('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: 1000, passphrase: PASS }))
    ok(await c.call('pay.lightningAddress', address(10)))
  })
})

describe('which operations spend', () => {
  // Every `money` operation either spends from a wallet to outside (and so takes a confirm token
  // and goes through the rules) or is named here with why not: a new one must choose.
  const NOT_SPENDING: Record<string, string> = {
    'claim.run': 'receives: someone else’s link pays into the wallet',
    'wallets.transfer': 'moves sats between the account’s own wallets',
    'wallets.create': 'makes an empty wallet in the account; nothing leaves',
    'move.run': 'pays the person’s own other account; each payment is admitted by the rules as pay.invoice’s is',
  }
  it('each money operation of the contract is either guarded by the rules or named as not spending', async () => {
    const { OP_NAMES, operations } = await import('@shared/contract')
    for (const name of OP_NAMES.filter((o) => operations[o].kind === 'money')) {
      const shape = (operations[name].input as unknown as { shape?: Record<string, unknown> }).shape ?? {}
      const guarded = 'confirmToken' in shape
      expect(guarded !== name in NOT_SPENDING, `${name}: guarded by the spending rules, or in NOT_SPENDING`).toBe(true)
    }
  })
})

describe("the refusals in main's language", () => {
  afterEach(() => setMainLocale('en'))

  it('in German they name what is refused and write amounts the German way', async () => {
    const a = await withDailyLimit(1500)
    ok(await a.call('pay.lightningAddress', address(1200)))
    setMainLocale('de')
    const sheet = { walletId: w.id, count: 2, amountSat: 500, note: '', requestId: rid() }
    expect(refused(await a.call('vouchers.create', sheet))).toBe(
      'Diese Gutscheine würden das Tageslimit von 1.500 sats überschreiten: In den letzten 24 Stunden gingen ' +
        '1.202 sats hinaus (Gebühren inbegriffen), heute können also noch 298 sats ausgegeben werden. ' +
        'Diese Gutscheine brauchen bis zu 1.050 sats mit ihren Gebühren.',
    )
    expect(refused(await a.call('pay.lightningAddress', address(400)))).toMatch(/^Diese Zahlung würde das Tageslimit/)
    setMainLocale('en')
    expect(refused(await a.call('pay.lightningAddress', address(400)))).toMatch(
      /^This payment would go over the daily limit of 1,500 sats: 1,202 sats went out .* This payment needs up to 401 sats with its fee\.$/,
    )
  })
})
