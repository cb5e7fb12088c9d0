// Telling that a new key is for a service account the app already has: the same key at the same
// service (its address written any way that reaches the same place), or a key that opens wallets
// an account here already has (wallet ids are the service's own, so this also catches another
// key of the same account, and an address the normalising cannot know is the same).

export { sameService, serviceOrigin } from '@shared/serviceOrigin'

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
