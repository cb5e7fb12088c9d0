import { dateFormat, t } from '../i18n'

// When something happened, as a statement says it: "just now", "5 min ago", "3 h ago",
// "yesterday 14:05", then the date; and the day a group of rows belongs to ("Today",
// "Yesterday", "Mon, 23 Nov"). Formatters made once (a page of rows calls these per row).
const time = dateFormat({ timeStyle: 'short' })
const dayThisYear = dateFormat({ weekday: 'short', day: 'numeric', month: 'short' })
const dayOtherYear = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' })
const shortDate = dateFormat({ dateStyle: 'medium' })

const WORDS = {
  justNow: () => t('when.justNow'),
  minutesAgo: (n: number) => t('when.minAgo', { n }),
  hoursAgo: (n: number) => t('when.hAgo', { n }),
  yesterday: () => t('when.yesterdayHeading'),
  yesterdayAt: (time: string) => t('when.yesterday', { time }),
  today: () => t('when.today'),
}

/** Local midnight before `ms`, in ms. */
function midnight(ms: number): number {
  const d = new Date(ms)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

/** Whole local days from the day of `thenMs` to the day of `nowMs` (0: the same day). */
export function daysBetween(thenMs: number, nowMs: number): number {
  return Math.round((midnight(nowMs) - midnight(thenMs)) / 86_400_000)
}

/** "just now", "12 min ago", "3 h ago" (same day), "yesterday 14:05", or the date. */
export function relativeTime(unixSec: number, nowMs: number): string {
  const ms = unixSec * 1000
  const min = Math.floor(Math.max(0, nowMs - ms) / 60_000)
  if (min < 1) return WORDS.justNow()
  const days = daysBetween(ms, nowMs)
  if (min < 60 && days === 0) return WORDS.minutesAgo(min)
  if (days === 0) return WORDS.hoursAgo(Math.floor(min / 60))
  if (days === 1) return WORDS.yesterdayAt(time().format(ms))
  return shortDate().format(ms)
}

/** The heading of a day's rows: "Today", "Yesterday", "Mon, 23 Nov", or with the year when not this one. */
export function dayHeading(unixSec: number, nowMs: number): string {
  const ms = unixSec * 1000
  const days = daysBetween(ms, nowMs)
  if (days <= 0) return WORDS.today()
  if (days === 1) return WORDS.yesterday()
  return new Date(ms).getFullYear() === new Date(nowMs).getFullYear()
    ? dayThisYear().format(ms)
    : dayOtherYear().format(ms)
}

/** The time of day alone, for a row under its day's heading. */
export const timeOfDay = (unixSec: number): string => time().format(unixSec * 1000)
