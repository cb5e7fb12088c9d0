import { isLoopbackHost } from '@shared/lnurl'
import { t } from '../i18n'

/** What is wrong with the address before asking the service, or null. */
export function checkBaseUrl(raw: string): string | null {
  const s = raw.trim()
  if (!s) return t('validate.enterTheServiceAddress')
  let u: URL
  try {
    u = new URL(s)
  } catch {
    return t('validate.enterAFullAddressSuch')
  }
  if (u.protocol === 'https:') return null
  if (u.protocol === 'http:') return isLoopbackHost(u.hostname) ? null : t('validate.plainHttpWouldSendYour')
  return t('validate.enterAnAddressThatStarts')
}
