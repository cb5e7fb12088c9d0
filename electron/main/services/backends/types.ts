// What every backend answers in the app's own terms (issue 42, item 1). Each backend translates
// its wire records into these at its own edge, so the rest of the app reads no backend's format.
import type { ServiceClient } from './service'

/** One wallet of an account, as the app needs it. */
export interface BackendWallet {
  id: string
  /** the backend's own name for it; null when it gives none (the app shows the id then) */
  name: string | null
  balanceMsat: number
  /** when it was made (Unix seconds), where the backend says */
  createdAt?: number
  /** the id of its permanent receive link (the QR that never changes), where it has one */
  staticLinkId?: string
}

/**
 * An account's client. Its wallets are in the app's terms; the rest is still the hosted service's
 * records while issue 42's item 1 goes on. `close` lets go of what it holds open (a relay link).
 */
export type BackendClient = Omit<ServiceClient, 'listWallets' | 'getWallet'> & {
  listWallets(): Promise<BackendWallet[]>
  getWallet(walletId: string): Promise<BackendWallet>
  close?(): void
}
