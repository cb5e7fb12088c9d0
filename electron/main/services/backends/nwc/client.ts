// An NWC account as the app's BackendClient, answering in the app's terms (backends/types.ts): one
// wallet (the one behind the connection string), its balance from get_balance, its history from
// list_transactions in pages (limit/offset, newest first), an invoice from make_invoice, an
// invoice read from lookup_invoice, a payment by pay_invoice.
// What NIP-47 cannot do (withdraw links, transfers, new wallets, permanent QR) is refused here,
// whatever the renderer shows: the account's capability flags say the same. Addresses are paid
// by the app itself around this client (services/lnurlpay).
// See docs/nwc.md, "An NWC account".
import { createHash } from 'node:crypto'
import { AppError } from '@shared/errors'
import type { NwcUri } from '@shared/nwc/uri'
import { decodeBolt11 } from '@shared/payment/bolt11'
import { mt } from '../../i18n'
import type { BackendClient, BackendHistoryPage, BackendPayment, BackendWallet } from '../types'
import { type NwcAccount, type NwcAccountDeps, openNwcAccount } from './account'
import type { Tx } from './answers'
import { invoiceOf, nwcWalletId, rowOf, settled } from './rows'

export { nwcWalletId } from './rows'

export interface NwcClientDeps {
  /** the account's link to its wallet, opened on first use (its string comes from the keychain) */
  account: () => Promise<NwcAccount>
  walletPubkey: string
  /** the wallet's clock, Unix seconds (learnt from its answers): a payment's row is dated by it */
  nowSec: () => number
}

/** the wallet's preimage is the secret behind the invoice's payment hash (its SHA-256) */
export function provesPayment(preimage: string, paymentHash: string): boolean {
  return (
    /^[0-9a-f]{64}$/i.test(preimage) &&
    createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex') === paymentHash.toLowerCase()
  )
}

/**
 * Rows asked of the wallet in one request. NIP-44 seals at most 65,535 bytes and a zap's row is
 * about 1,900 (its description is the zap request): 100 of them cannot be sent at all, 20 can.
 */
const LIST_CHUNK = 20

const cannot = () => new AppError('forbidden', mt('nwcAccount.cannot'), { retryable: false })

export function nwcClient(d: NwcClientDeps): BackendClient {
  const walletId = nwcWalletId(d.walletPubkey)
  let alias: string | null = null
  const mine = (key: string) => {
    if (key !== walletId) throw new AppError('not_found', mt('nwcAccount.noSuchWallet'))
  }

  /**
   * `count` rows from `offset`, asked LIST_CHUNK at a time, one request after the other: a row
   * arriving meanwhile pushes older rows to later offsets, which are read later, so none is missed.
   */
  async function listed(offset: number, count: number) {
    const account = await d.account()
    const read = { transactions: [] as Tx[], listed: 0, oldestAt: null as number | null }
    while (read.listed < count) {
      const limit = Math.min(LIST_CHUNK, count - read.listed)
      const r = await account.listTransactions({ limit, offset: offset + read.listed })
      read.transactions.push(...r.transactions)
      read.listed += r.listed
      read.oldestAt = r.oldestAt ?? read.oldestAt
      if (r.listed < limit) break
    }
    return read
  }

  async function page(p: number, perPage: number): Promise<BackendHistoryPage> {
    const read = await listed((p - 1) * perPage, perPage)
    // NIP-47 gives no total: a full page means there may be another. Counted as the wallet listed
    // them, unreadable and unsettled rows too: they still take their places in the pages.
    const more = read.listed >= perPage
    // only settled rows: the service's feed, too, lists a payment once it has settled
    const rows = read.transactions.filter(settled).map((t) => rowOf(walletId, t))
    return {
      rows,
      page: p,
      perPage,
      pageCount: more ? p + 1 : p,
      totalCount: (p - 1) * perPage + read.listed + (more ? 1 : 0),
      ...(read.oldestAt === null ? {} : { oldestListed: read.oldestAt }),
    }
  }

  /** pay_invoice: settled once the wallet's preimage proves it, else the outcome is not known */
  async function pay(paymentRequest: string): Promise<BackendPayment> {
    const inv = decodeBolt11(paymentRequest)
    if (inv.kind !== 'bolt11' || inv.amountMsat === null)
      throw new AppError('invalid_input', mt('payments.notAnInvoice'))
    // NIP-47 carries no fee limit: the wallet's own rules and its budget for us bound the fee
    const paid = await (await d.account()).payInvoice({ invoice: inv.invoice })
    // a preimage that does not hash to the invoice's hash proves nothing: paid is not known
    if (!provesPayment(paid.preimage, inv.paymentHash))
      throw new AppError('unknown_outcome', mt('nwcAccount.unprovenPay'), { retryable: false })
    const now = d.nowSec()
    const feeMsat = paid.fees_paid ?? 0
    const row = rowOf(walletId, {
      type: 'outgoing',
      state: 'settled',
      invoice: inv.invoice,
      description: inv.description, // cleaned by decodeBolt11
      description_hash: null,
      payment_hash: inv.paymentHash,
      preimage: paid.preimage,
      amount: inv.amountMsat,
      fees_paid: feeMsat,
      created_at: now,
      expires_at: null,
      settled_at: now,
      comment: null,
      payee: null,
      zap: null,
    })
    return { state: 'settled', row, paymentHash: inv.paymentHash, preimage: paid.preimage, feeMsat }
  }

  /** NIP-47 says no wallet's age and has no permanent receive link: neither is made up */
  async function wallet(): Promise<BackendWallet> {
    const [{ balance }, name] = await Promise.all([d.account().then((a) => a.getBalance()), label()])
    return { id: walletId, name, balanceMsat: balance }
  }

  /** the wallet's own name (get_info), asked once; a wallet that does not say gets ours */
  async function label(): Promise<string> {
    if (alias === null) {
      const info = await (await d.account()).getInfo().catch(() => null)
      alias = info?.alias?.trim() || mt('nwcAccount.walletName')
    }
    return alias
  }

  return {
    baseUrl: `nostr+walletconnect://${d.walletPubkey}`,
    listWallets: async () => [await wallet()],
    getWallet: async (key) => {
      mine(key)
      return wallet()
    },
    getInvoice: async (id) => invoiceOf(await (await d.account()).lookupInvoice({ payment_hash: id })),
    async invoiceState(id) {
      const inv = invoiceOf(await (await d.account()).lookupInvoice({ payment_hash: id }))
      return { settled: inv.settled, settledAt: inv.settledAt, amountMsat: inv.amountMsat }
    },
    listTransactions: async (key, p, perPage) => {
      mine(key)
      return page(p, perPage)
    },
    listAccountTransactions: (p, perPage) => page(p, perPage),
    async createInvoice(key, input) {
      mine(key)
      // NIP-47's make_invoice has no amountless invoice
      if (!input.amountMsat) throw new AppError('invalid_input', mt('nwcAccount.amountNeeded'))
      const made = await (await d.account()).makeInvoice({
        amount: input.amountMsat,
        ...(input.memo ? { description: input.memo } : {}),
        ...(input.expirySec ? { expiry: input.expirySec } : {}),
      })
      return invoiceOf(made)
    },
    async payInvoice(key, input) {
      mine(key)
      return pay(input.paymentRequest)
    },
    // no decodeInvoice: the app reads requests itself (payments/invoice.ts)
    getStaticLink: async () => {
      throw cannot()
    },
    // NIP-47 has no addresses: the app resolves them itself (services/lnurlpay wraps this client)
    probe: async () => {
      throw cannot()
    },
    payLightningAddress: async () => {
      throw cannot()
    },
    mintWithdrawLink: async () => {
      throw cannot()
    },
    transfer: async () => {
      throw cannot()
    },
    createWallet: async () => {
      throw cannot()
    },
  }
}

/**
 * The client of a stored NWC account: its link to the wallet opened on the first call (the string
 * read from where it is kept), and opened again after a failed read of it.
 */
export function lazyNwcClient(
  o: Omit<NwcAccountDeps, 'uri'> & { walletPubkey: string; uri: () => Promise<NwcUri>; nowSec: () => number },
): BackendClient & { close(): void } {
  let opened: Promise<NwcAccount> | null = null
  let closed = false
  const account = () => {
    if (closed) return Promise.reject(new AppError('not_found', mt('accounts.gone')))
    opened ??= o.uri().then((uri) => openNwcAccount({ ...o, uri }))
    opened.catch(() => {
      opened = null
    })
    return opened
  }
  return {
    ...nwcClient({ account, walletPubkey: o.walletPubkey, nowSec: o.nowSec }),
    close() {
      closed = true
      void opened?.then((a) => a.close()).catch(() => {})
    },
  }
}
