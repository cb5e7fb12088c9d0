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

/** A recipient's LNURL-pay parameters, in LUD-06's words (amounts in msat). */
export interface PayParams {
  minSendable: number
  maxSendable: number
  /** LUD-06 metadata entries: [mime type, content] */
  metadata: Array<[string, string]>
  commentAllowed: number
}

/** A withdraw link just made: its LNURL and the one-time token its claim is known by. */
export interface BackendWithdrawLink {
  lnurl: string
  ott: string
}

/** A wallet's permanent receive link (an LNURL-pay), its limits in msat. */
export interface BackendStaticLink {
  lnurl: string
  minSendableMsat: number
  maxSendableMsat: number
  /** the payer's wallet shows it; null when the backend gives none */
  description: string | null
}

/**
 * An account's client. Its wallets are in the app's terms; the rest is still the hosted service's
 * records while issue 42's item 1 goes on. `close` lets go of what it holds open (a relay link).
 */
export type BackendClient = Omit<ServiceClient, InAppTerms> & {
  listWallets(): Promise<BackendWallet[]>
  getWallet(walletId: string): Promise<BackendWallet>
  /** the permanent receive link of a wallet, by its `staticLinkId` */
  getStaticLink(staticLinkId: string): Promise<BackendStaticLink>
  /** a lightning address's or LNURL-pay link's parameters, as looked up */
  probe(addressOrLnurl: string): Promise<PayParams>
  mintWithdrawLink(walletId: string, input: { num_satoshis: number; memo?: string }): Promise<BackendWithdrawLink>
  close?(): void
}

/** the calls whose answers are already in the app's terms */
type InAppTerms = 'listWallets' | 'getWallet' | 'getStaticLink' | 'probe' | 'mintWithdrawLink'
