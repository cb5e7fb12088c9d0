// A payment over what is left to spend today, told before the confirmation offers "Send now"
// (docs/security.md, "Spending rules"): from what main reported (`spending.get`), in the words main
// refuses with. Main still decides when the payment is made.
import type { SpendingView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { overDaily } from '@shared/payment/dailyLimit'
import { currentLocale, tw } from '../i18n'

/**
 * `needMsat` (the amount with the most its fee can be) over what is left today: the problem to
 * show; null when it fits, without a daily limit, or while main has not said.
 */
export function overDailyLimit(view: SpendingView | null | undefined, needMsat: number): AppErrorShape | null {
  if (!view || view.dailyLimitSat === null || view.leftMsat === null) return null
  const over = overDaily(
    { what: 'payment', limitSat: view.dailyLimitSat, outMsat: view.spentMsat, leftMsat: view.leftMsat, needMsat },
    currentLocale(),
  )
  return over ? { code: 'limit', message: tw(over), retryable: false } : null
}
