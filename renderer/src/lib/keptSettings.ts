// A restore's list of the settings this profile kept stricter than the backup's (docs/security.md,
// "Restore"), as one sentence for the person: which ones, and the idle lock with its minutes.
import type { KeptSetting, Settings } from '@shared/contract'
import { currentIntl, type MessageId, t } from '../i18n'

// every setting main may name: the type makes the list whole
const WORDS: Record<Exclude<KeptSetting, 'lock.idleMinutes'>, MessageId> = {
  hideBalances: 'keptSetting.hideBalances',
  trayTotal: 'keptSetting.trayTotal',
  notifications: 'keptSetting.notifications',
  offerClipboard: 'keptSetting.offerClipboard',
  pricesThen: 'keptSetting.pricesThen',
  'lock.notifyAmounts': 'keptSetting.notifyAmounts',
  'lock.connectedApps': 'keptSetting.connectedApps',
  'lock.osCheck': 'keptSetting.osCheck',
}

/** The sentence, or null when nothing was kept. `settings`: as they are after the restore. */
export function keptSentence(kept: readonly KeptSetting[], settings: Settings | null): string | null {
  if (kept.length === 0) return null
  const words = kept.map((k) =>
    k === 'lock.idleMinutes' ? t('keptSetting.idleMinutes', { minutes: settings?.lock.idleMinutes ?? 0 }) : t(WORDS[k]),
  )
  const list = currentIntl()?.formatList(words, { type: 'conjunction' }) ?? words.join(', ')
  return t('settingsSafety.keptStricter', { settings: list })
}
