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
import type { ServiceClient } from './backends/service'
import {
  type LnTx,
  type ProbeResult,
  type StaticLnurlPay,
  type Wallet,
  type WalletTransaction,
  type WithdrawLink,
  walletBalanceMsat,
} from './backends/service/schemas'
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
export function walletView(w: Wallet, pref?: WalletPref): WalletView {
  const serviceLabel = cleanText(w.user_label ?? '') || w.id
  return {
    id: w.id,
    label: pref?.name ?? serviceLabel,
    serviceLabel,
    hidden: pref?.hidden === true,
    balanceMsat: walletBalanceMsat(w),
    createdAt: w.created_at,
  }
}

/** An account's wallets with its person's choices (`prefs`: none for a key not yet an account's). */
export function walletsView(ws: Wallet[], prefs: AccountWalletPrefs = {}): { wallets: WalletView[] } {
  const wallets = ws.map((w) => walletView(w, prefs[w.id]))
  return { wallets }
}

export function txView(t: WalletTransaction): TxView {
  return {
    id: t.id,
    createdAt: t.created_at,
    amountMsat: satToMsat(t.num_satoshis),
    typeName: t.wtxType.name,
    typeDisplay: t.wtxType.display_name || t.wtxType.name,
    memo: cleanOptional(t.lnTx?.memo),
    label: cleanOptional(t.user_label),
    lnTxId: t.lnTx?.id ?? null,
    feeMsat: t.lnTx?.fee_msat ?? null,
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

function expiresAt(l: LnTx): number {
  if (l.expires_at != null) return l.expires_at
  if (l.expiry != null) return l.created_at + l.expiry
  // The schema lets the service leave both out; the signed request still knows.
  return requestExpiresAt(l.payment_request) ?? l.created_at + FALLBACK_EXPIRY_SEC
}

/** One page of a wallet's transactions as the service gave it. */
export function transactionsPageView(
  walletId: string,
  { items, pagination }: Awaited<ReturnType<ServiceClient['listTransactions']>>,
): OpOutput<'transactions.page'> {
  return {
    walletId,
    items: items.map(txView),
    page: pagination.currentPage,
    perPage: pagination.perPage,
    pageCount: pagination.pageCount,
    totalCount: pagination.totalCount,
  }
}

export function lnTxView(l: LnTx): LnTxView {
  return {
    id: l.id,
    createdAt: l.created_at,
    paymentRequest: l.payment_request,
    paymentHash: l.r_hash_decoded,
    // The service may send the preimage of an unpaid invoice it created; it is proof of payment
    // only once settled.
    preimage: l.settled ? (l.payment_preimage ?? null) : null,
    amountSat: l.num_satoshis,
    feeMsat: l.fee_msat ?? null,
    memo: cleanOptional(l.memo),
    settled: l.settled,
    settledAt: l.settled_at ?? null,
    expiresAt: l.expires_at ?? (l.expiry != null ? l.created_at + l.expiry : null),
  }
}

export function pendingInvoiceView(
  l: LnTx,
  o: { walletId: string; accountId: string; memo: string; nowSec: number },
): PendingInvoice {
  const exp = expiresAt(l)
  return {
    id: l.id,
    walletId: o.walletId,
    accountId: o.accountId,
    amountSat: l.num_satoshis,
    memo: cleanText(l.memo ?? o.memo),
    paymentRequest: l.payment_request,
    paymentHash: l.r_hash_decoded,
    createdAt: l.created_at,
    expiresAt: exp,
    status: l.settled ? 'paid' : exp <= o.nowSec ? 'expired' : 'pending',
    settledAt: l.settled_at ?? null,
  }
}

/**
 * A lightning address or LNURL-pay link, as looked up. Limits that cannot both hold are refused
 * in words (as Claim does for a withdraw offer). A wallet's permanent-QR link at a service like
 * this one makes invoices in whole sats only (docs/service.md, "Static LNURL-pay"): its limits are
 * the whole sats inside them, and `wholeSats` tells Send to refuse fractions at Review.
 */
export function recipientView(input: string, p: ProbeResult): RecipientView {
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

/** `sentMsat`: the amount asked for, exact where the service's whole sats (num_satoshis) are not. */
export function paymentView(t: WalletTransaction, sentMsat?: number): PaymentView {
  const ln = t.lnTx
  const wtxMsat = satToMsat(Math.abs(t.num_satoshis))
  return {
    txId: t.id,
    // 1.5 sats sent show as 1 sat in the transaction: trust the request when the two agree.
    amountMsat: sentMsat !== undefined && Math.abs(sentMsat - wtxMsat) < 1000 ? sentMsat : wtxMsat,
    feeMsat: ln?.fee_msat ?? 0,
    preimage: ln?.payment_preimage || null,
    paymentHash: ln?.r_hash_decoded ?? null,
    createdAt: t.created_at,
    successAction: successActionView(t.successAction, ln?.payment_preimage || null),
  }
}

export function withdrawLinkView(
  link: WithdrawLink,
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
  }
}

/** Whole sats a payer may send: the link's msat limits rounded inwards (its invoices are whole sats). */
export function staticLinkView(walletId: string, l: StaticLnurlPay): StaticLinkView {
  const lnurl = l.lnurl_encoded.toUpperCase()
  return {
    walletId,
    lnurl,
    uri: lightningUri(lnurl),
    minSat: Math.max(1, Math.ceil(l.lnurlp_minSendable_msat / 1000)),
    maxSat: Math.max(1, Math.floor(l.lnurlp_maxSendable_msat / 1000)),
    description: cleanText(l.lnurlp_short_desc ?? ''),
  }
}
