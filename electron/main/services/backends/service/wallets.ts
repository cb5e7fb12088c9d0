// The service's records in the app's terms (backends/types.ts): translated here, at the service's
// edge, once for every client the app opens on it.
import type { BackendClient, BackendStaticLink, BackendWallet } from '../types'
import { type StaticLnurlPay, type Wallet, walletBalanceMsat } from './schemas'
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

export function staticLinkOf(l: StaticLnurlPay): BackendStaticLink {
  return {
    lnurl: l.lnurl_encoded,
    minSendableMsat: l.lnurlp_minSendable_msat,
    maxSendableMsat: l.lnurlp_maxSendable_msat,
    description: l.lnurlp_short_desc ?? null,
  }
}

/** the service's client with its wallets and links read in the app's terms */
export function inAppTerms(client: ServiceClient): BackendClient {
  return {
    ...client,
    listWallets: async () => (await client.listWallets()).map(walletOf),
    getWallet: async (walletId) => walletOf(await client.getWallet(walletId)),
    getStaticLink: async (id) => staticLinkOf(await client.getStaticLink(id)),
    // a probe's answer and a minted link are LUD-06's and LUD-03's words already
    probe: (target) => client.probe(target),
    mintWithdrawLink: (walletId, input) => client.mintWithdrawLink(walletId, input),
  }
}
