// get_budget: not in NIP-47, but what apps ask most before paying; answered in Alby Hub's shape
// (msat, Unix s), and as an empty object for a connection with no budget.
import { periodStart, renewsAt } from './budget'
import type { Connection, NwcStore } from './store'

export function getBudget(store: Pick<NwcStore, 'used'>, c: Connection, nowSec: number) {
  if (c.budgetMsat === null) return {}
  const renews = renewsAt(c.period, nowSec)
  return {
    // counted as a payment is: a reservation on its way with its fee cap, a paid one with its fee
    used_budget: store.used(c.id, periodStart(c.period, nowSec)),
    total_budget: c.budgetMsat,
    ...(renews === null ? {} : { renews_at: renews }),
    renewal_period: c.period,
  }
}
