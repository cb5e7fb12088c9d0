// The loop's plan, pure: when the next tick comes and what a tick reads. No I/O, no timers.
import { describe, expect, it } from 'vitest'
import { DEFAULT_PLAN, nextTickMs, planReads, splitExpired } from '../../../electron/main/services/sync'

const o = DEFAULT_PLAN
const idle = { intervalMs: 15_000, failures: 0, offline: false, pendingCreatedAt: [], nowSec: 10_000 }

describe('nextTickMs', () => {
  it('at idle: the interval from the settings', () => {
    expect(nextTickMs(idle, o)).toBe(15_000)
    expect(nextTickMs({ ...idle, intervalMs: 60_000 }, o)).toBe(60_000)
  })

  it('an invoice made in the last minutes: every 2.5 s; older ones: the interval again', () => {
    expect(nextTickMs({ ...idle, pendingCreatedAt: [10_000 - 5] }, o)).toBe(2_500)
    expect(nextTickMs({ ...idle, pendingCreatedAt: [10_000 - 179] }, o)).toBe(2_500)
    expect(nextTickMs({ ...idle, pendingCreatedAt: [10_000 - 180] }, o)).toBe(15_000)
    expect(nextTickMs({ ...idle, pendingCreatedAt: [1_000, 10_000 - 60] }, o)).toBe(2_500)
    // never slower than the person asked for
    expect(nextTickMs({ ...idle, intervalMs: 1_000, pendingCreatedAt: [10_000] }, o)).toBe(1_000)
  })

  it('a withdraw link on screen, however old: every 2.5 s, as for a fresh one', () => {
    expect(nextTickMs({ ...idle, linkOnScreen: true }, o)).toBe(2_500)
    expect(nextTickMs({ ...idle, linkOnScreen: false, pendingCreatedAt: [1_000] }, o)).toBe(15_000)
  })

  it('the active account while the window can be seen: every 3 s; a fresh invoice still every 2.5 s', () => {
    expect(nextTickMs({ ...idle, onScreen: true }, o)).toBe(3_000)
    expect(nextTickMs({ ...idle, onScreen: false }, o)).toBe(15_000)
    expect(nextTickMs({ ...idle, onScreen: true, pendingCreatedAt: [10_000] }, o)).toBe(2_500)
    // never slower than the person asked for, and failures still back off
    expect(nextTickMs({ ...idle, onScreen: true, intervalMs: 1_000 }, o)).toBe(1_000)
    expect(nextTickMs({ ...idle, onScreen: true, failures: 1 }, o)).toBe(30_000)
  })

  it('failures back off, doubling, capped at 5 minutes, fresh invoices or not', () => {
    const fresh = [10_000]
    expect([1, 2, 3, 4, 5, 9].map((failures) => nextTickMs({ ...idle, failures, pendingCreatedAt: fresh }, o))).toEqual(
      [30_000, 60_000, 120_000, 240_000, 300_000, 300_000],
    )
  })

  it('a history still loading: the next tick at once, unless failing or offline', () => {
    expect(nextTickMs({ ...idle, historyLoading: true }, o)).toBe(0)
    expect(nextTickMs({ ...idle, historyLoading: true, pendingCreatedAt: [10_000] }, o)).toBe(0)
    expect(nextTickMs({ ...idle, historyLoading: true, failures: 1 }, o)).toBe(30_000)
    expect(nextTickMs({ ...idle, historyLoading: true, offline: true }, o)).toBe(300_000)
    expect(nextTickMs({ ...idle, historyLoading: false }, o)).toBe(15_000)
  })

  it('offline (as the OS says): rarely, never never', () => {
    expect(nextTickMs({ ...idle, offline: true, pendingCreatedAt: [10_000] }, o)).toBe(300_000)
  })
})

describe('planReads', () => {
  const done = () => true
  const base = {
    force: false,
    ticks: 3,
    balances: new Map([
      ['w1', 1000],
      ['w2', 2000],
      ['w3', 3000],
    ]),
    storedBalances: new Map([
      ['w1', 1000],
      ['w2', 2000],
      ['w3', 3000],
    ]),
    watched: [],
    backfillDone: done,
    feedAllowed: true,
  }

  it('nothing moved: nothing to read beyond the balances', () => {
    expect(planReads(base, o)).toEqual({ backfill: [], viaFeed: [], perWallet: [] })
  })

  it('one wallet moved: that wallet alone, directly', () => {
    const balances = new Map(base.balances).set('w2', 2500)
    expect(planReads({ ...base, balances }, o)).toEqual({ backfill: [], viaFeed: [], perWallet: ['w2'] })
  })

  it('two or more moved: one read of the account-wide feed, unless the key cannot use it', () => {
    const balances = new Map(base.balances).set('w1', 0).set('w3', 0)
    expect(planReads({ ...base, balances }, o)).toEqual({ backfill: [], viaFeed: ['w1', 'w3'], perWallet: [] })
    expect(planReads({ ...base, balances, feedAllowed: false }, o)).toEqual({
      backfill: [],
      viaFeed: [],
      perWallet: ['w1', 'w3'],
    })
  })

  it('forced (start, resume, online) and every fullCheckEvery-th tick: every wallet', () => {
    const all = { backfill: [], viaFeed: ['w1', 'w2', 'w3'], perWallet: [] }
    expect(planReads({ ...base, force: true }, o)).toEqual(all)
    expect(planReads({ ...base, ticks: o.fullCheckEvery }, o)).toEqual(all)
    expect(planReads({ ...base, ticks: o.fullCheckEvery + 1 }, o)).toEqual({ backfill: [], viaFeed: [], perWallet: [] })
  })

  it('a wallet never synced loads its history instead, whatever its balance', () => {
    const backfillDone = (id: string) => id !== 'w2'
    expect(planReads({ ...base, force: true, backfillDone }, o)).toEqual({
      backfill: ['w2'],
      viaFeed: ['w1', 'w3'],
      perWallet: [],
    })
  })

  it('a key that cannot list wallets: the wallets waited on, every tick, one by one', () => {
    expect(planReads({ ...base, balances: null, watched: ['w9', 'w8'] }, o)).toEqual({
      backfill: [],
      viaFeed: [],
      perWallet: ['w9', 'w8'],
    })
  })
})

describe('splitExpired', () => {
  it('past expiry + grace: the last read decides; within the grace still live', () => {
    const list = [{ expiresAt: 100 }, { expiresAt: 200 }]
    expect(splitExpired(list, 160, o)).toEqual({ live: list, expiring: [] })
    expect(splitExpired(list, 161, o)).toEqual({ live: [list[1]], expiring: [list[0]] })
  })
})
