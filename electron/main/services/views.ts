// Service objects → the contract's views (what the renderer may see). Every text in them that
// others wrote (memos, descriptions, labels, LNURL metadata) goes through the one cleaner here, so
// the renderer only ever gets clean text (docs/network.md, "Text from others").

import { cleanOptional, cleanText } from '@shared/cleanText'
import type {
  LnTxView,
  OpOutput,
  PaymentView,
  PendingInvoice,
  RecipientView,
  StaticLinkView,
  TxView,
  WalletView,
  WithdrawLinkView,
} from '@shared/contract'
import { AppError } from '@shared/errors'
import { decodeLnurl, lightningUri, lud17ToUrl, parseLightningAddress } from '@shared/lnurl'
import { formatMsat, MSAT_PER_SAT, satToMsat } from '@shared/units'
import { decode as decodeBolt11 } from 'light-bolt11-decoder'
import type {
  BackendHistoryPage,
  BackendInvoice,
  BackendPayment,
  BackendStaticLink,
  BackendTx,
  BackendWallet,
  BackendWithdrawLink,
  PayParams,
} from './backends'
import { mt } from './i18n'
import { successActionView } from './payments/successAction'
import type { AccountWalletPrefs, WalletPref } from './settings/walletPrefs'

/** Only when neither the service nor the payment request says when the invoice expires. */
const FALLBACK_EXPIRY_SEC = 86_400
/** BOLT 11: an invoice without an `x` tag expires an hour after its timestamp. */
const BOLT11_DEFAULT_EXPIRY_SEC = 3600

/**
 * A wallet as the person sees it: the service's name unless they gave it one of their own (kept
 * by the app, settings/walletPrefs.ts), and whether they hid it. The service's name stays beside.
 */
export function walletView(w: BackendWallet, pref?: WalletPref): WalletView {
  const serviceLabel = cleanText(w.name ?? '') || w.id
  return {
    id: w.id,
    label: pref?.name ?? serviceLabel,
    serviceLabel,
    hidden: pref?.hidden === true,
    balanceMsat: w.balanceMsat,
    // the contract's wallet has an age; a backend that does not say gives the epoch
    createdAt: w.createdAt ?? 0,
  }
}

/** An account's wallets with its person's choices (`prefs`: none for a key not yet an account's). */
export function walletsView(ws: readonly BackendWallet[], prefs: AccountWalletPrefs = {}): { wallets: WalletView[] } {
  const wallets = ws.map((w) => walletView(w, prefs[w.id]))
  return { wallets }
}

/** A backend's row as listed: its memo is the invoice's, or a transfer's own (no label apart). */
export function txView(t: BackendTx): TxView {
  return {
    id: t.txId,
    createdAt: t.createdAt,
    // whole sats toward zero, as the service's pages count them
    amountMsat: satToMsat(Math.trunc(t.amountMsat / 1000)),
    typeName: t.typeName,
    typeDisplay: t.typeName,
    memo: cleanOptional(t.memo),
    label: null,
    lnTxId: t.lnTxId,
    // a fee is a row of its own in the backend's pages (the ledger folds it in)
    feeMsat: null,
  }
}

/** When the payment request itself says it expires (timestamp + `x`), or null if it cannot be read. */
function requestExpiresAt(paymentRequest: string): number | null {
  try {
    const sections = decodeBolt11(paymentRequest).sections
    const stamp = sections.find((s) => s.name === 'timestamp')?.value
    const x = sections.find((s) => s.name === 'expiry')?.value ?? BOLT11_DEFAULT_EXPIRY_SEC
    const at = Number(stamp) + Number(x)
    return stamp !== undefined && Number.isSafeInteger(at) ? at : null
  } catch {
    return null
  }
}

function expiresAt(l: BackendInvoice): number {
  if (l.expiresAt !== null) return l.expiresAt
  // The backend may leave it out; the signed request still knows.
  return requestExpiresAt(l.paymentRequest) ?? l.createdAt + FALLBACK_EXPIRY_SEC
}

/** whole sats of an invoice; an amountless one not yet paid reads 0 */
const satsOf = (l: BackendInvoice) => (l.amountMsat === null ? 0 : Math.trunc(l.amountMsat / MSAT_PER_SAT))

/** One page of a wallet's transactions as the backend gave it. */
export function transactionsPageView(walletId: string, p: BackendHistoryPage): OpOutput<'transactions.page'> {
  return {
    walletId,
    items: p.rows.map(txView),
    page: p.page,
    perPage: p.perPage,
    pageCount: p.pageCount,
    totalCount: p.totalCount,
  }
}

export function lnTxView(l: BackendInvoice): LnTxView {
  return {
    id: l.id,
    createdAt: l.createdAt,
    paymentRequest: l.paymentRequest,
    paymentHash: l.paymentHash,
    // proof of payment only once settled (the backend's edge says so already)
    preimage: l.settled ? l.preimage : null,
    amountSat: satsOf(l),
    feeMsat: l.feeMsat ?? null,
    memo: cleanOptional(l.memo),
    settled: l.settled,
    settledAt: l.settledAt,
    expiresAt: l.expiresAt,
  }
}

export function pendingInvoiceView(
  l: BackendInvoice,
  o: { walletId: string; accountId: string; memo: string; nowSec: number },
): PendingInvoice {
  const exp = expiresAt(l)
  return {
    id: l.id,
    walletId: o.walletId,
    accountId: o.accountId,
    amountSat: satsOf(l),
    memo: cleanText(l.memo ?? o.memo),
    paymentRequest: l.paymentRequest,
    paymentHash: l.paymentHash,
    createdAt: l.createdAt,
    expiresAt: exp,
    status: l.settled ? 'paid' : exp <= o.nowSec ? 'expired' : 'pending',
    settledAt: l.settledAt,
  }
}

/**
 * A lightning address or LNURL-pay link, as looked up. Limits that cannot both hold are refused
 * in words (as Claim does for a withdraw offer). A wallet's permanent-QR link at a service like
 * this one makes invoices in whole sats only (docs/service.md, "Static LNURL-pay"): its limits are
 * the whole sats inside them, and `wholeSats` tells Send to refuse fractions at Review.
 */
export function recipientView(input: string, p: PayParams): RecipientView {
  const meta = (mime: string) => p.metadata.find((e) => e[0] === mime)?.[1] ?? null
  const address = parseLightningAddress(input)?.address ?? input.trim()
  const wholeSats = isWholeSatLink(address)
  const min = wholeSats ? Math.ceil(p.minSendable / MSAT_PER_SAT) * MSAT_PER_SAT : p.minSendable
  const max = wholeSats ? Math.floor(p.maxSendable / MSAT_PER_SAT) * MSAT_PER_SAT : p.maxSendable
  if (min > max) {
    const limits =
      p.minSendable > p.maxSendable
        ? mt('views.asksBetween', { min: formatMsat(p.minSendable), max: formatMsat(p.maxSendable) })
        : mt('views.lessThanSat')
    throw new AppError('lnurl_error', mt('views.noAmountCan', { limits }), { retryable: false })
  }
  return {
    address,
    description: cleanText(meta('text/plain') ?? ''),
    longDescription: cleanOptional(meta('text/long-desc')),
    minSendableMsat: min,
    maxSendableMsat: max,
    commentAllowed: p.commentAllowed,
    wholeSats,
  }
}

/** The path of a wallet's permanent-QR link at this service's kind of server. */
const STATIC_LINK_PATH = /^\/v1\/wallet\/[^/]+\/lnurlp\/[^/]+\/?$/

/** Whether this LNURL is such a link, whose invoices are whole sats (its amount is rounded up). */
export function isWholeSatLink(lnurl: string): boolean {
  try {
    return STATIC_LINK_PATH.test(new URL(lud17ToUrl(lnurl) ?? decodeLnurl(lnurl)).pathname)
  } catch {
    return false
  }
}

/** `sentMsat`: the amount asked for, exact where the row's whole sats are not. */
export function paymentView(p: BackendPayment, sentMsat?: number): PaymentView {
  const row = p.row
  const rowMsat = row ? satToMsat(Math.trunc(Math.abs(row.amountMsat) / MSAT_PER_SAT)) : (sentMsat ?? 0)
  return {
    txId: row?.txId ?? p.paymentHash ?? '',
    // 1.5 sats sent show as 1 sat in the transaction: trust the request when the two agree.
    amountMsat: sentMsat !== undefined && Math.abs(sentMsat - rowMsat) < 1000 ? sentMsat : rowMsat,
    feeMsat: p.feeMsat ?? 0,
    preimage: p.preimage || null,
    paymentHash: p.paymentHash,
    createdAt: row?.createdAt ?? 0,
    successAction: successActionView(p.successAction, p.preimage || null),
  }
}

export function withdrawLinkView(
  link: BackendWithdrawLink,
  o: { walletId: string; amountSat: number; memo: string; nowSec: number },
): WithdrawLinkView {
  const lnurl = link.lnurl.toUpperCase()
  return {
    walletId: o.walletId,
    lnurl,
    uri: lightningUri(lnurl),
    ott: link.ott,
    amountSat: o.amountSat,
    memo: o.memo,
    createdAt: o.nowSec,
    status: 'waiting',
    claimedAt: null,
    claimedMsat: null,
    claimFeeMsat: null,
  }
}

/** Whole sats a payer may send: the link's msat limits rounded inwards (its invoices are whole sats). */
export function staticLinkView(walletId: string, l: BackendStaticLink): StaticLinkView {
  const lnurl = l.lnurl.toUpperCase()
  return {
    walletId,
    lnurl,
    uri: lightningUri(lnurl),
    minSat: Math.max(1, Math.ceil(l.minSendableMsat / 1000)),
    maxSat: Math.max(1, Math.floor(l.maxSendableMsat / 1000)),
    description: cleanText(l.description ?? ''),
  }
}
