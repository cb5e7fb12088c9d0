import { AppError } from '@shared/errors'
import { isLoopbackHost } from '@shared/lnurl'

/**
 * Checks a service address and returns it normalised for ky's `prefix`. Plain http is only
 * allowed to this computer (a local simulator): anywhere else the key would cross the network
 * in clear text.
 */
export function checkBaseUrl(baseUrl: string): string {
  let u: URL
  try {
    u = new URL(baseUrl.trim())
  } catch {
    throw new AppError('invalid_input', 'Enter a full address such as https://api.example.com')
  }
  if (u.username || u.password) throw new AppError('invalid_input', 'The address must not contain a user name.')
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname))
    throw new AppError('invalid_input', 'Use an https:// address. Plain http is allowed only for localhost.')
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new AppError('invalid_input', 'Use an https:// address such as https://api.example.com')
  u.search = ''
  u.hash = ''
  return u.toString().replace(/\/+$/, '')
}
