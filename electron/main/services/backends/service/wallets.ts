// The service's client in the app's terms (backends/types.ts): its records translated here, at the
// service's edge, once for every client the app opens on it (rows.ts for rows and invoices).
import type { BackendClient, BackendHistoryPage, BackendStaticLink, BackendWallet } from '../types'
import { decodedOf, feedTxOf, invoiceOf, invoiceStateOf, paymentOf, txOf } from './rows'
import { type StaticLnurlPay, type Wallet, walletBalanceMsat } from './schemas'
import type { ServiceClient, TransactionsPage } from './types'

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

/** the three fields a state read asks for: the service trims its answer to them */
export const LNTX_FIELDS = ['settled', 'settled_at', 'num_satoshis'] as const

function pageOf(r: TransactionsPage, row: (t: TransactionsPage['items'][number]) => ReturnType<typeof txOf>) {
  const page: BackendHistoryPage = {
    rows: r.items.map(row),
    page: r.pagination.currentPage,
    perPage: r.pagination.perPage,
    pageCount: r.pagination.pageCount,
    totalCount: r.pagination.totalCount,
  }
  if (r.oldestListed !== undefined) page.oldestListed = r.oldestListed
  return page
}

/** the service's client with every answer read in the app's terms */
export function inAppTerms(client: ServiceClient): BackendClient {
  return {
    baseUrl: client.baseUrl,
    listWallets: async () => (await client.listWallets()).map(walletOf),
    getWallet: async (walletId) => walletOf(await client.getWallet(walletId)),
    balanceRead: (walletId) => client.balanceRead(walletId),
    getStaticLink: async (id) => staticLinkOf(await client.getStaticLink(id)),
    // a probe's answer and a minted link are LUD-06's and LUD-03's words already
    probe: (target) => client.probe(target),
    mintWithdrawLink: (walletId, { amountSat, memo }) =>
      client.mintWithdrawLink(walletId, { num_satoshis: amountSat, ...(memo ? { memo } : {}) }),
    createInvoice: async (walletId, i) =>
      invoiceOf(
        await client.createInvoice(walletId, {
          ...(i.amountMsat !== undefined ? { num_satoshis: Math.trunc(i.amountMsat / 1000) } : {}),
          memo: i.memo,
          ...(i.expirySec ? { expiry: i.expirySec } : {}),
          ...(i.descriptionHash ? { description_hash: i.descriptionHash } : {}),
        }),
      ),
    getInvoice: async (id) => invoiceOf(await client.getLnTx(id)),
    invoiceState: async (id) => invoiceStateOf(await client.getLnTx(id, LNTX_FIELDS)),
    listTransactions: async (walletId, page, perPage) =>
      pageOf(await client.listTransactions(walletId, page, perPage), (t) => txOf(walletId, t)),
    listAccountTransactions: async (page, perPage) =>
      pageOf(await client.listAccountTransactions(page, perPage), feedTxOf),
    payInvoice: async (walletId, p) =>
      paymentOf(
        walletId,
        await client.payInvoice(walletId, {
          payment_request: p.paymentRequest,
          fee_limit_msat: p.feeLimitMsat,
          passThru: p.notes,
        }),
      ),
    payLightningAddress: async (walletId, p) =>
      paymentOf(
        walletId,
        await client.payLightningAddress(walletId, {
          ln_address: p.address,
          amt_msat: p.amountMsat,
          ...(p.comment ? { comment: p.comment } : {}),
          passThru: p.notes,
        }),
      ),
    decodeInvoice: async (pr) => decodedOf(await client.decodeInvoice(pr)),
    async transfer(walletId, t) {
      const res = await client.transfer(walletId, {
        dest_wallet_id: t.toWalletId,
        num_satoshis: t.amountSat,
        ...(t.memo ? { memo: t.memo } : {}),
        passThru: t.notes,
      })
      return { out: txOf(walletId, res.wtx_transfer_out), in: txOf(t.toWalletId, res.wtx_transfer_in) }
    },
    async createWallet(name) {
      const made = await client.createWallet(name)
      return { wallet: walletOf(made), keys: Object.entries(made.access_keys).map(([role, keys]) => ({ role, keys })) }
    },
  }
}
