// Telling two addresses of one service apart from two services: main uses it to notice a service
// connected twice (services/accounts/sameService.ts), and main and the Claim screen to know a
// link on the account's own server, which needs no private-address warning (docs/architecture.md,
// "Links from outside").

/** Every name of this computer is one host: a service on it is told apart by its port. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}|::ffff:127(?:\.\d{1,3}){3})$/

/**
 * The service an address reaches, as one string: scheme, host (lower case; `localhost`,
 * `127.0.0.1` and `[::1]` alike), port (the scheme's default left out) and path without trailing
 * slashes. Query and fragment say nothing about the service.
 */
export function serviceOrigin(baseUrl: string): string {
  const u = new URL(baseUrl.trim())
  const bare = u.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const host = LOOPBACK.test(bare) ? 'loopback' : bare
  const port = u.port || (u.protocol === 'https:' ? '443' : '80')
  const path = u.pathname.replace(/\/+$/, '')
  return `${u.protocol}//${host}:${port}${path}`
}

export const sameService = (a: string, b: string): boolean => serviceOrigin(a) === serviceOrigin(b)

/**
 * `url` is on the server of the service at `baseUrl`: the same scheme, host and port, compared as
 * serviceOrigin does, whatever the paths. False when either is not an address (or is missing).
 */
export function onServiceServer(url: string, baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return false
  try {
    return sameService(new URL(url).origin, new URL(baseUrl.trim()).origin)
  } catch {
    return false
  }
}
