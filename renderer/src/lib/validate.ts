import { isLoopbackHost } from '@shared/lnurl'

/** What is wrong with the address before asking the service, or null. */
export function checkBaseUrl(raw: string): string | null {
  const s = raw.trim()
  if (!s) return 'Enter the service address.'
  let u: URL
  try {
    u = new URL(s)
  } catch {
    return 'Enter a full address such as https://api.example.com'
  }
  if (u.protocol === 'https:') return null
  if (u.protocol === 'http:')
    return isLoopbackHost(u.hostname)
      ? null
      : 'Plain http:// would send your key unencrypted. Use https://, or http:// only for a service on this computer (localhost).'
  return 'Enter an address that starts with https://'
}
