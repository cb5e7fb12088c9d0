// The service's clock, as main estimates it for each account (AccountView.clockOffsetSec): an
// invoice's or a link's expiry is the service's to judge, so the page adds the offset to its own
// clock before it says "Expired" or counts down. A computer whose clock is a day off then still
// shows a fresh invoice as pending (docs/service.md, "The service's time").

import { useEffect, useState } from 'react'
import { t } from '../i18n'
import { useAccounts } from '../stores/accounts'
import { visibleInterval } from './visibleTimers'

/** The computer's Unix seconds, ticking once a second while mounted and the window is shown. */
export function useSecondsNow(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => visibleInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000), [])
  return now
}

/** service minus computer, whole seconds; 0 while main knows nothing yet */
export function useClockOffset(accountId: string | null | undefined): number {
  return useAccounts((s) => s.accounts.find((a) => a.id === accountId)?.clockOffsetSec ?? 0)
}

/** the service's time of this account, Unix seconds, from the page's clock `nowSec` */
export function useServiceNow(accountId: string | null | undefined, nowSec: number): number {
  return nowSec + useClockOffset(accountId)
}

/** the active account's offset (withdraw links are listed for it) */
export function useActiveClockOffset(): number {
  return useAccounts((s) => s.accounts.find((a) => a.id === s.activeId)?.clockOffsetSec ?? 0)
}

/** Above this, Settings says the computer's clock is off (it blocks nothing: the service's clock is used). */
export const CLOCK_WARN_SEC = 5 * 60

/** The one line Settings shows for an account whose service's clock is far from the computer's, or null. */
export function clockWarning(offsetSec: number | null | undefined): string | null {
  if (offsetSec == null || Math.abs(offsetSec) <= CLOCK_WARN_SEC) return null
  const off = Math.abs(offsetSec)
  const size =
    off < 7200
      ? t('serviceClock.minutes', { round: Math.round(off / 60) })
      : t('serviceClock.hours', { round: Math.round(off / 3600) })
  // the offset is the service's clock minus the computer's: positive means the computer is behind
  return t('serviceClock.thisComputerSClockIs', { size, side: offsetSec > 0 ? 'behind' : 'ahead' })
}
