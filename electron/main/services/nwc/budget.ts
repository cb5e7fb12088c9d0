// When a budget's period began: budgets renew at the start of each calendar day, week (Monday) or
// month in UTC, the way Alby Hub renews them, so an app sees the same reset whatever the
// computer's zone. `never` counts everything since the connection was made.
import type { Period } from './types'

const DAY = 86_400

export function periodStart(period: Period, nowSec: number): number {
  if (period === 'never') return 0
  const day = Math.floor(nowSec / DAY) * DAY
  if (period === 'daily') return day
  if (period === 'weekly') {
    // 1 January 1970 was a Thursday: days since a Monday are (days + 3) mod 7
    const days = Math.floor(nowSec / DAY)
    return (days - ((days + 3) % 7)) * DAY
  }
  const d = new Date(nowSec * 1000)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000
}

/** When the budget renews next (Unix s), or null for `never` (NIP-47's `renews_at`). */
export function renewsAt(period: Period, nowSec: number): number | null {
  if (period === 'never') return null
  if (period === 'daily') return periodStart('daily', nowSec) + DAY
  if (period === 'weekly') return periodStart('weekly', nowSec) + 7 * DAY
  const d = new Date(nowSec * 1000)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000
}
