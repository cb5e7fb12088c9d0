// Telling that a new key is for a service account the app already has: the same key at the same
// service (its address written any way that reaches the same place), or a key that opens wallets
// an account here already has (wallet ids are the service's own, so this also catches another
// key of the same account, and an address the normalising cannot know is the same).

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
 * The first account (other than `except`) that already has one of these wallets, by the wallets
 * the app has seen of it (the ledger's); none when nothing is shared or nothing is known yet.
 */
export function walletHolder<A extends { id: string }>(
  accounts: readonly A[],
  walletIds: readonly string[],
  knownWallets: ((accountId: string) => readonly string[]) | undefined,
  except?: string,
): A | undefined {
  if (!knownWallets || walletIds.length === 0) return undefined
  const opened = new Set(walletIds)
  const known = (id: string) => {
    try {
      return knownWallets(id)
    } catch {
      return [] // a ledger that cannot be read knows nothing to compare
    }
  }
  return accounts.find((a) => a.id !== except && known(a.id).some((w) => opened.has(w)))
}
