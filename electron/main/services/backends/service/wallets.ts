// The service's wallet records in the app's terms (backends/types.ts): translated here, at the
// service's edge, once for every client the app opens on it.
import type { BackendClient, BackendWallet } from '../types'
import { type Wallet, walletBalanceMsat } from './schemas'
import type { ServiceClient } from './types'

export function walletOf(w: Wallet): BackendWallet {
  return {
    id: w.id,
    name: w.user_label ?? null,
    balanceMsat: walletBalanceMsat(w),
    createdAt: w.created_at,
    ...(w.default_lnurlpay_id ? { staticLinkId: w.default_lnurlpay_id } : {}),
  }
}

/** the service's client with its wallets read in the app's terms */
export function inAppTerms(client: ServiceClient): BackendClient {
  return {
    ...client,
    listWallets: async () => (await client.listWallets()).map(walletOf),
    getWallet: async (walletId) => walletOf(await client.getWallet(walletId)),
  }
}
