// The daily spending limit's refusal in words (docs/security.md, "Spending rules"): main says it
// when it refuses a spend, and the confirmation step says it first, from what main reported, so a
// spend over what is left today is stopped before "Send now" is offered.
import { type Words, words } from '../i18n/words'
import { formatMsat, formatSat } from '../units'

export interface DailySpend {
  /** what is spent, named in the words */
  what: 'payment' | 'link' | 'vouchers'
  limitSat: number
  /** what went out in the last 24 hours, fees included */
  outMsat: number
  /** what may still go out today */
  leftMsat: number
  /** the spend with the most its fees can be */
  needMsat: number
}

/** "This payment would go over the daily limit of 1,000 sats: …", or null when it fits. */
export function overDaily(s: DailySpend, locale?: string): Words | null {
  if (s.needMsat <= s.leftMsat) return null
  return words('spending.overDaily', {
    what: s.what,
    limit: formatSat(s.limitSat, { locale }),
    out: formatMsat(s.outMsat, { locale }),
    left: formatMsat(s.leftMsat, { locale }),
    need: formatMsat(s.needMsat, { locale }),
  })
}
