// The spending rules alone (services/spending): what loosens and so needs the passphrase, the
// confirm token (one spend, one account, at most its amount, two minutes), the daily limit counted
// from a real journal with fees, and a rules file that cannot be read refusing every spend.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openJournal } from '../../../../electron/main/services/payments/journal'
import {
  createSpending,
  DAY_SEC,
  NO_PASSPHRASE,
  SPENDING_FILE,
  type Spend,
} from '../../../../electron/main/services/spending'
import { createRulesStore } from '../../../../electron/main/services/spending/rules'
import { testPassphrase } from '../../../support/passphrase'
import { withTempDir } from '../ledger/helpers'

const PASS = 'a passphrase of the test'
const T = 1_800_000_000
let dir: string
let cleanup: () => Promise<void>
let closers: Array<() => void> = []
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
})
afterEach(async () => {
  for (const close of closers) close()
  closers = []
  await cleanup()
})

function world(o: { passphrase?: string | null; serviceNowSec?: number } = {}) {
  const journal = openJournal({ dir })
  closers.push(() => journal.close())
  const clock = { ms: T * 1000 + 250 }
  const passphrase = testPassphrase(o.passphrase === undefined ? PASS : o.passphrase)
  const unreadable: string[] = []
  const make = () =>
    createSpending({
      dir,
      journal: () => journal,
      passphrase,
      now: () => clock.ms,
      serviceNowSec: o.serviceNowSec === undefined ? undefined : () => o.serviceNowSec as number,
      onUnreadable: (aside) => unreadable.push(aside),
    })
  const spending = make()
  const spend = (sat: number, extra: Partial<Spend> = {}): Spend => ({
    accountId: 'acc',
    what: 'payment',
    amountMsat: sat * 1000,
    feeLimitMsat: 2000,
    ...extra,
  })
  let n = 0
  /** a payment written to the journal the way the payments module writes one: admitted inside the write */
  const pay = (sat: number, extra: Partial<Spend> = {}) =>
    journal.add(
      {
        requestId: `req-spend-${++n}`,
        accountId: extra.accountId ?? 'acc',
        walletId: 'w',
        kind: 'address',
        amountMsat: sat * 1000,
        feeLimitMsat: 2000,
        target: 'a@b.c',
      },
      () => spending.admit(spend(sat, extra)),
    )
  return { journal, clock, passphrase, spending, spend, pay, unreadable, make }
}

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
  )

describe('setting the rules', () => {
  it('with no rules: nothing counted, nothing capped, readable', () => {
    const w = world()
    expect(w.spending.status('acc')).toEqual({
      accountId: 'acc',
      confirmAboveSat: null,
      dailyLimitSat: null,
      spentMsat: 0,
      leftMsat: null,
      passphraseSet: true,
      readable: true,
    })
    expect(world({ passphrase: null }).spending.status('acc').passphraseSet).toBe(false)
  })

  it('tightening needs no passphrase; raising or removing a limit needs the right one', async () => {
    const w = world()
    const set = (dailyLimitSat: number | null, passphrase?: string) =>
      codeOf(w.spending.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat, passphrase }))
    // from no rules at all to a limit: tighter
    expect(await set(1000)).toBe('ok')
    expect(await set(500)).toBe('ok')
    expect(await set(500)).toBe('ok')
    expect(w.passphrase.tries).toBe(0)
    expect(await set(501)).toBe('needs_passphrase: Raising or removing a limit needs the app’s passphrase.')
    expect(await set(null)).toBe('needs_passphrase: Raising or removing a limit needs the app’s passphrase.')
    expect(await set(null, 'a guess')).toBe('needs_passphrase: That passphrase is not right.')
    expect(w.spending.status('acc').dailyLimitSat).toBe(500)
    expect(await set(null, PASS)).toBe('ok')
    expect(w.passphrase.tries).toBe(2)
    expect(w.spending.status('acc').dailyLimitSat).toBeNull()
    // the rules are on disk, per account
    expect(JSON.parse(await readFile(join(dir, SPENDING_FILE), 'utf8')).accounts.acc).toEqual({
      confirmAboveSat: null,
      dailyLimitSat: null,
    })
  })

  it('a confirm limit raised asks too, lowered does not; without a passphrase set none can be made', async () => {
    const w = world()
    const set = (confirmAboveSat: number | null, passphrase?: string) =>
      codeOf(w.spending.set({ accountId: 'acc', confirmAboveSat, dailyLimitSat: null, passphrase }))
    expect(await set(100)).toBe('ok')
    expect(await set(50)).toBe('ok')
    expect(await set(51)).toMatch(/^needs_passphrase/)
    expect(await set(51, PASS)).toBe('ok')
    const bare = world({ passphrase: null })
    await bare.spending.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: 10 })
    // nothing to ask with: loosening is free, but a confirm limit cannot be set
    expect(await codeOf(bare.spending.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: null }))).toBe('ok')
    expect(await codeOf(bare.spending.set({ accountId: 'acc', confirmAboveSat: 5, dailyLimitSat: null }))).toBe(
      'invalid_input: Asking for the passphrase above an amount needs a passphrase: set one for the app first.',
    )
  })

  it('rules are per account; forgetting one leaves the others, replacing sets them all', async () => {
    const w = world({ passphrase: null })
    await w.spending.set({ accountId: 'a', confirmAboveSat: null, dailyLimitSat: 1 })
    await Promise.all([
      w.spending.set({ accountId: 'b', confirmAboveSat: null, dailyLimitSat: 2 }),
      w.spending.set({ accountId: 'c', confirmAboveSat: null, dailyLimitSat: 3 }),
    ])
    const all = w.spending.rules.all()
    expect(Object.keys(all).sort()).toEqual(['a', 'b', 'c'])
    delete all.a
    expect(w.spending.rules.of('a')?.dailyLimitSat).toBe(1)
    await w.spending.rules.forget('nobody')
    await w.spending.rules.forget('a')
    expect(w.spending.rules.of('a')).toEqual({ confirmAboveSat: null, dailyLimitSat: null })
    await w.spending.rules.replace({ d: { confirmAboveSat: null, dailyLimitSat: 4 } })
    const again = w.make()
    await again.load()
    expect(again.rules.all()).toEqual({ d: { confirmAboveSat: null, dailyLimitSat: 4 } })
  })
})

describe('the confirm limit', () => {
  async function confirmed() {
    const w = world()
    await w.spending.set({ accountId: 'acc', confirmAboveSat: 100, dailyLimitSat: null })
    return w
  }

  it('needs a confirmation only above the limit', async () => {
    const w = await confirmed()
    expect(w.spending.needsConfirm('acc', 100_000)).toBe(false)
    expect(w.spending.needsConfirm('acc', 100_001)).toBe(true)
    expect(w.spending.needsConfirm('other', 10 ** 9)).toBe(false)
    expect(() => w.spending.admit(w.spend(100))).not.toThrow()
    expect(() => w.spending.admit(w.spend(101))).toThrow(
      'This payment is over 100 sats, so it needs your passphrase. Confirm again with the passphrase.',
    )
  })

  it('a token buys one spend of at most its amount, of its account, for two minutes', async () => {
    const w = await confirmed()
    expect(await codeOf(w.spending.confirm({ accountId: 'acc', amountMsat: 1, passphrase: 'a guess' }))).toBe(
      'needs_passphrase: That passphrase is not right.',
    )
    const buy = (amountMsat = 200_000) => w.spending.confirm({ accountId: 'acc', amountMsat, passphrase: PASS })
    const t = await buy()
    expect(t.expiresAt).toBe(w.clock.ms + 120_000)
    expect(t.confirmToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(() => w.spending.admit(w.spend(201, { confirmToken: t.confirmToken }))).toThrow(/over 100 sats/)
    expect(() => w.spending.admit(w.spend(200, { accountId: 'x', confirmToken: t.confirmToken }))).not.toThrow()
    expect(() => w.spending.admit(w.spend(200, { confirmToken: t.confirmToken }))).not.toThrow()
    // spent: the same token again is refused
    expect(() => w.spending.admit(w.spend(200, { confirmToken: t.confirmToken }))).toThrow(/over 100 sats/)
    const other = await w.spending.confirm({ accountId: 'x', amountMsat: 200_000, passphrase: PASS })
    expect(() => w.spending.admit(w.spend(150, { confirmToken: other.confirmToken }))).toThrow(/over 100 sats/)
    const late = await buy()
    w.clock.ms += 120_000
    const lateToo = await buy()
    w.clock.ms += 1
    expect(() => w.spending.admit(w.spend(150, { confirmToken: late.confirmToken }))).toThrow(/over 100 sats/)
    expect(() => w.spending.admit(w.spend(150, { confirmToken: lateToo.confirmToken }))).not.toThrow()
  })

  it('keeps at most 64 tokens, letting the oldest go', async () => {
    const w = await confirmed()
    const tokens: string[] = []
    for (let i = 0; i < 65; i++)
      tokens.push((await w.spending.confirm({ accountId: 'acc', amountMsat: 200_000, passphrase: PASS })).confirmToken)
    expect(() => w.spending.admit(w.spend(150, { confirmToken: tokens[0] }))).toThrow(/over 100 sats/)
    for (const t of tokens.slice(1)) expect(() => w.spending.admit(w.spend(150, { confirmToken: t }))).not.toThrow()
  })

  it('names vouchers and links as what they are, and cannot be confirmed without a passphrase', async () => {
    const w = await confirmed()
    expect(() => w.spending.admit(w.spend(101, { what: 'vouchers' }))).toThrow(/^These vouchers are over 100 sats/)
    expect(() => w.spending.admit(w.spend(101, { what: 'link' }))).toThrow(/^This withdraw link is over 100 sats/)
    const bare = world({ passphrase: null })
    expect(await codeOf(bare.spending.confirm({ accountId: 'acc', amountMsat: 1, passphrase: PASS }))).toBe(
      'invalid_input: The app has no passphrase to confirm with.',
    )
    expect(bare.passphrase.tries).toBe(0)
  })
})

describe('the daily limit', () => {
  it('counts what went out with the most its fees can be, and lets exactly what is left go', async () => {
    const w = world({ passphrase: null })
    await w.spending.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: 1000 })
    // written at the computer's time (no day clock given), in whole seconds
    expect(w.spending.admit(w.spend(1))).toBe(T)
    expect(w.spending.dayNowSec('acc')).toBe(T)
    w.pay(500)
    w.pay(10, { accountId: 'other' })
    expect(w.spending.status('acc')).toMatchObject({ dailyLimitSat: 1000, spentMsat: 502_000, leftMsat: 498_000 })
    expect(() => w.spending.admit(w.spend(497))).toThrow(
      'This payment would go over the daily limit of 1,000 sats: 502 sats went out in the last 24 hours (fees included), so 498 sats can still be spent today. This payment needs up to 499 sats with its fee.',
    )
    expect(() => w.spending.admit(w.spend(496))).not.toThrow()
    // a day later the spend has left the last 24 hours
    w.clock.ms += DAY_SEC * 1000 + 1000
    expect(w.spending.status('acc')).toMatchObject({ spentMsat: 0, leftMsat: 1_000_000 })
  })

  it('counts the spends of the last 24 hours: one just inside still counts', async () => {
    const w = world({ passphrase: null })
    await w.spending.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: 1000 })
    w.pay(998)
    w.clock.ms += DAY_SEC * 1000
    expect(w.spending.status('acc').leftMsat).toBe(0)
    w.clock.ms += 1000
    expect(w.spending.status('acc').leftMsat).toBe(1_000_000)
  })

  it('never heard the service and no limit: written at the service time the app has, else the computer’s', () => {
    expect(world({ serviceNowSec: T - 77 }).spending.admit({ ...world().spend(1) })).toBe(T)
  })
})

describe('a rules file that cannot be read', () => {
  it('is set aside and every spend refused, across a restart, until the rules are set again', async () => {
    await writeFile(join(dir, SPENDING_FILE), '{"version":1,"accounts":{"acc":{"dailyLimitSat":')
    const w = world()
    await w.spending.load()
    expect(w.unreadable).toHaveLength(1)
    expect(w.unreadable[0]).toBe(join(dir, `${SPENDING_FILE}.corrupt-${w.clock.ms}`))
    expect(await readFile(w.unreadable[0] as string, 'utf8')).toContain('"dailyLimitSat":')
    expect((await stat(w.unreadable[0] as string)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(join(dir, SPENDING_FILE), 'utf8'))).toEqual({
      version: 1,
      accounts: {},
      setAside: w.unreadable[0],
    })
    const refused = 'The spending limits could not be read, so nothing is sent until they are set again in Settings.'
    expect(() => w.spending.admit(w.spend(1))).toThrow(refused)
    expect(w.spending.status('acc')).toMatchObject({ readable: false, leftMsat: 0, dailyLimitSat: null })
    expect(w.spending.needsConfirm('acc', 10 ** 9)).toBe(false)
    // a restart: the file in its place says so; nothing is set aside twice
    w.clock.ms += 5000
    const again = w.make()
    await again.load()
    expect(() => again.admit(w.spend(1))).toThrow(refused)
    expect(w.unreadable).toEqual([w.unreadable[0], w.unreadable[0]])
    expect((await readdir(dir)).filter((f) => f.includes('.corrupt-'))).toHaveLength(1)
    // setting them again is a loosening from nothing readable: it asks
    expect(await codeOf(again.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: 5 }))).toMatch(
      /^needs_passphrase/,
    )
    await again.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: 5, passphrase: PASS })
    expect(() => again.admit(w.spend(1))).not.toThrow()
    const third = w.make()
    await third.load()
    expect(third.status('acc')).toMatchObject({ readable: true, dailyLimitSat: 5 })
  })

  it('a file of another shape is not taken as no rules either; a missing one is', async () => {
    const fresh = world()
    await fresh.spending.load()
    expect(fresh.unreadable).toEqual([])
    await writeFile(join(dir, SPENDING_FILE), JSON.stringify({ version: 2, accounts: {} }))
    const w = world()
    await w.spending.load()
    expect(w.spending.status('acc').readable).toBe(false)
  })
})

describe('the rules file on its own', () => {
  it('forgetting an account it never had writes nothing; a file it cannot read for another reason fails the load', async () => {
    const rules = createRulesStore({ dir, now: () => T * 1000 })
    await rules.forget('nobody')
    expect(await readdir(dir)).not.toContain(SPENDING_FILE)
    await mkdir(join(dir, SPENDING_FILE))
    await expect(createRulesStore({ dir, now: () => T * 1000 }).load()).rejects.toThrow(/EISDIR/)
  })

  it('sets a damaged file aside with no one to tell', async () => {
    await writeFile(join(dir, SPENDING_FILE), 'not json')
    const rules = createRulesStore({ dir, now: () => T * 1000 })
    await rules.load()
    expect(rules.of('acc')).toBeNull()
  })

  it('no passphrase at all: none is set and none verifies', async () => {
    expect(NO_PASSPHRASE.isSet()).toBe(false)
    expect(await NO_PASSPHRASE.verify('anything')).toBe(false)
    const journal = openJournal({ dir })
    closers.push(() => journal.close())
    const spending = createSpending({ dir, journal: () => journal, passphrase: NO_PASSPHRASE, now: () => T * 1000 })
    expect(await codeOf(spending.set({ accountId: 'acc', confirmAboveSat: 1, dailyLimitSat: null }))).toMatch(
      /^invalid_input/,
    )
  })
})
