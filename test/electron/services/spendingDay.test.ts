// The day a daily limit is judged in (services/spending/day.ts): the latest of the clues the
// service's clock has reached (what this run heard, the journal's kept time, the ledger's newest
// row); none at all and a limit refuses, in plain words, while a spend with no limit still goes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openJournal } from '../../../electron/main/services/payments/journal'
import { createDayClock, createSpending, DAY_SEC } from '../../../electron/main/services/spending'
import { testPassphrase } from '../../support/passphrase'
import { withTempDir } from './ledger/helpers'

const T = 1_800_000_000
let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
})
afterEach(() => cleanup())

function world(o: { steadySec?: number | null; rowSec?: number | null } = {}) {
  const journal = openJournal({ dir })
  let steady = o.steadySec ?? null
  const rows = o.rowSec === undefined ? [] : [{ lastSeenAt: o.rowSec }]
  const day = createDayClock({
    steadyMs: () => (steady === null ? null : steady * 1000 + 400),
    journal: () => journal,
    ledger: () => ({ cursors: { list: () => rows } }) as never,
  })
  // the computer's clock a day and more ahead: it must decide nothing
  const computer = () => (T + 2 * DAY_SEC) * 1000
  const spending = createSpending({ dir, journal: () => journal, passphrase: testPassphrase(null), now: computer, day })
  const spend = (sat: number) => ({
    accountId: 'acc',
    what: 'payment' as const,
    amountMsat: sat * 1000,
    feeLimitMsat: 1000,
  })
  return { journal, day, spending, spend, hear: (sec: number | null) => (steady = sec) }
}

describe('the day of a daily limit', () => {
  it('is the latest clue, each a time the service has reached', () => {
    const w = world({ steadySec: T - 50, rowSec: T - 10 })
    w.journal.noteServiceTime('acc', T - 30)
    expect(w.day.nowSec('acc')).toBe(T - 10)
    w.hear(T + 5)
    expect(w.day.nowSec('acc')).toBe(T + 5)
    w.journal.close()
  })

  it('is unknown without any clue: a limit refuses in plain words and counts nothing, no limit lets it go', async () => {
    const w = world()
    expect(w.day.nowSec('acc')).toBeNull()
    // no limit: written at the computer's time (nothing counts it), and nothing kept as the service's
    expect(w.spending.admit(w.spend(100))).toBe(T + 2 * DAY_SEC)
    expect(w.journal.serviceTimeSeen('acc')).toBeNull()
    await w.spending.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: 1000 })
    expect(() => w.spending.admit(w.spend(100))).toThrow(/has not heard the service’s time yet/)
    expect(w.spending.status('acc')).toMatchObject({ dailyLimitSat: 1000, spentMsat: 0, leftMsat: 0 })
    w.journal.close()
  })

  it('a spend judged at a time writes it down, so the next start finds the day', async () => {
    const w = world({ steadySec: T })
    await w.spending.set({ accountId: 'acc', confirmAboveSat: null, dailyLimitSat: 1000 })
    expect(w.spending.admit(w.spend(100))).toBe(T)
    expect(w.journal.serviceTimeSeen('acc')).toBe(T)
    w.journal.add(
      {
        requestId: 'req-day-1',
        accountId: 'acc',
        walletId: 'w',
        kind: 'address',
        amountMsat: 900_000,
        feeLimitMsat: 1000,
        target: 'a@b.c',
      },
      () => w.spending.admit(w.spend(900)),
    )
    // this run heard nothing more: the day is still the one the spend was judged in, not the computer's
    w.hear(null)
    expect(w.spending.status('acc')).toMatchObject({ spentMsat: 901_000, leftMsat: 99_000 })
    expect(() => w.spending.admit(w.spend(100))).toThrow(/daily limit of 1,000 sats/)
    w.journal.close()
  })
})
