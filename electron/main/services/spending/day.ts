// The time a daily limit's day is judged by (docs/security.md, "Spending rules"): the service's,
// as late as the app can vouch for, and never the computer's clock. Someone who moves the
// computer's clock a day on must not get a fresh day, nor one who moves it back get spends written
// a day early (they would leave the last 24 hours at once). Three clues, each a time the service's
// clock has certainly reached, and the latest of them counts:
// - what this run heard from the service, carried on by the monotonic clock (serviceTime/steady.ts);
// - the newest time kept in the journal (the spends judged, and what the service said meanwhile);
// - the newest row the ledger holds of each wallet, written by the service at its own time.
// All three are at or before the service's true time, so the last 24 hours counted from them hold
// at least what went out in the service's own last 24 hours. None at all: the limit refuses.
import type { Ledger } from '../ledger'
import type { Journal } from '../payments/journal'

export interface DayClock {
  /** the service's time the day is judged by, Unix seconds; null while the app has never heard it */
  nowSec(accountId: string): number | null
  /** a spend was judged at `sec`: kept, so the next start finds the day it left */
  note(accountId: string, sec: number): void
}

export interface DayClockDeps {
  /** the service's time by the monotonic clock, ms; null while this run heard nothing (ServiceTime.steadyMs) */
  steadyMs(accountId: string): number | null
  journal(): Pick<Journal, 'serviceTimeSeen' | 'noteServiceTime'>
  ledger?: () => Pick<Ledger, 'cursors'>
}

/** The newest transaction's time the ledger holds for an account's wallets; null when none or unreadable. */
function newestRowSec(ledger: (() => Pick<Ledger, 'cursors'>) | undefined, accountId: string): number | null {
  if (!ledger) return null
  try {
    const times = ledger()
      .cursors.list(accountId)
      .map((c) => c.lastSeenAt ?? 0)
    return times.length > 0 ? Math.max(...times) || null : null
  } catch {
    return null // a ledger that cannot be read is one clue fewer, not a failure
  }
}

export function createDayClock(d: DayClockDeps): DayClock {
  return {
    nowSec(accountId) {
      const steady = d.steadyMs(accountId)
      const clues = [
        steady === null ? null : Math.floor(steady / 1000),
        d.journal().serviceTimeSeen(accountId),
        newestRowSec(d.ledger, accountId),
      ].filter((s): s is number => s !== null)
      return clues.length > 0 ? Math.max(...clues) : null
    },
    note: (accountId, sec) => d.journal().noteServiceTime(accountId, sec),
  }
}
