import { dateFormat, t } from '../i18n'

// One formatter, made once: building Intl objects per row is the slow part of a table.
const dateFmt = dateFormat({ dateStyle: 'short', timeStyle: 'short' })

export function formatDate(unixSec: number): string {
  return dateFmt().format(unixSec * 1000)
}

/** "4:05" or "1:02:03" left until `expiresAt`; "expired" at zero. */
export function formatCountdown(secondsLeft: number): string {
  if (secondsLeft <= 0) return t('format.expired')
  const h = Math.floor(secondsLeft / 3600)
  const m = Math.floor((secondsLeft % 3600) / 60)
  const s = secondsLeft % 60
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m)
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`
}
