// The price each row was seen at (docs/rates.md, "Prices as they were"). A row that arrives while
// the live rate is fresh takes it; a row older than that (a first sync, a resync, a long while
// closed) is left without one for the history source, which fills a whole UTC day at a time.
import type { DatabaseSync } from 'node:sqlite'
import type { PriceThen } from '@shared/priceThen'

/** A row this much older or newer than the live rate is not priced by it (a day's price fills it later). */
export const LIVE_WINDOW_SEC = 60 * 60
export const DAY_SEC = 86_400

/** The JSON to store with a row created at `createdAtSec`, or null when the live rate is not its price. */
export type LivePrice = (createdAtSec: number) => string | null

export function liveFor(p: PriceThen | null | undefined): LivePrice {
  if (!p) return () => null
  const json = JSON.stringify(p)
  return (at) => (Math.abs(at - p.at) <= LIVE_WINDOW_SEC ? json : null)
}

export interface DayWithoutPrice {
  accountId: string
  /** the UTC day's start, Unix seconds */
  day: number
}

export function createPricesThen(db: DatabaseSync) {
  // tx_unpriced holds only the rows still without a price: a day is one seek, its accounts a range
  const newestBefore = db.prepare(`SELECT created_at AS at FROM transactions INDEXED BY tx_unpriced
    WHERE price_then IS NULL AND created_at < ? ORDER BY created_at DESC LIMIT 1`)
  const accountsOf = db.prepare(`SELECT DISTINCT account_id AS accountId FROM transactions INDEXED BY tx_unpriced
    WHERE price_then IS NULL AND created_at >= ? AND created_at < ? ORDER BY account_id`)
  // (account, time) leads the tx_time index: one day of one account is a range, not a scan
  const fill = db.prepare(`UPDATE transactions SET price_then = ?
    WHERE account_id = ? AND created_at >= ? AND created_at < ? AND price_then IS NULL`)
  return {
    /** days that still hold rows without a price, newest first; `skip`: days not to list (nor count) */
    daysWithoutPrice(limit = 50, skip: (day: number) => boolean = () => false): DayWithoutPrice[] {
      const out: DayWithoutPrice[] = []
      let below = Number.MAX_SAFE_INTEGER
      while (out.length < limit) {
        const r = newestBefore.get(below) as { at: number } | undefined
        if (!r) break
        const day = Math.floor(r.at / DAY_SEC) * DAY_SEC
        below = day
        if (skip(day)) continue
        for (const { accountId } of accountsOf.all(day, day + DAY_SEC) as Array<{ accountId: string }>)
          if (out.length < limit) out.push({ accountId, day })
      }
      return out
    },
    /** gives every row of that day still without a price this one; returns how many */
    setDayPrice(accountId: string, day: number, p: PriceThen): number {
      return Number(fill.run(JSON.stringify(p), accountId, day, day + DAY_SEC).changes)
    },
  }
}
export type PricesThen = ReturnType<typeof createPricesThen>
