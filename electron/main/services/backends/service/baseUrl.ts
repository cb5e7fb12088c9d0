import { AppError } from '@shared/errors'
import { isLoopbackHost } from '@shared/lnurl'
import { mt } from '../../i18n'

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
    throw new AppError('invalid_input', mt('client.addressIncomplete'))
  }
  if (u.username || u.password) throw new AppError('invalid_input', mt('client.addressUser'))
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname))
    throw new AppError('invalid_input', mt('client.addressHttp'))
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new AppError('invalid_input', mt('client.addressScheme'))
  u.search = ''
  u.hash = ''
  return u.toString().replace(/\/+$/, '')
}
