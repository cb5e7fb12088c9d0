// The simulator's books read as LNbits' `Payment` model (lnbits/core/models/payments.py):
// amount and fee in msat, signed (out and its fee negative), times as ISO datetimes, status
// pending/success/failed. A routing-fee row of the simulator folds into its payment's `fee`, as
// LNbits keeps one row per payment.
import { sha256Hex } from '../bolt11'
import type { Ledger } from '../state'
import type { LnTxRec, WtxRec } from '../types'
import type { LnbitsWallets } from './wallets'

export type LnbitsPayment = Record<string, unknown> & { payment_hash: string; amount: number; status: string }

export function isoTime(s: number): string {
  return new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')
}

function base(walletId: string, hash: string, at: number) {
  return {
    checking_id: hash,
    payment_hash: hash,
    wallet_id: walletId,
    fiat_provider: null,
    webhook: null,
    webhook_status: null,
    tag: null,
    extension: null,
    time: isoTime(at),
    created_at: isoTime(at),
    updated_at: isoTime(at),
    labels: [],
    extra: {},
  }
}

/**
 * What LNbits' extensions write into a payment's `extra` (its `tag` among it): a withdraw link's
 * claim `{tag: "withdraw", withdrawal_link_id}` (withdraw/views_lnurl.py), an lnurlp invoice
 * `{tag: "lnurlp", link, comment}` (lnurlp/views_lnurl.py); by the simulator's lnTx id.
 */
const extras = new WeakMap<Ledger, Map<string, Record<string, unknown>>>()

export function setPaymentExtra(ledger: Ledger, lnTxId: string, extra: Record<string, unknown>): void {
  const mine = extras.get(ledger) ?? new Map<string, Record<string, unknown>>()
  extras.set(ledger, mine)
  mine.set(lnTxId, extra)
}

export function lnTxPayment(ledger: Ledger, walletId: string, t: LnTxRec, wtx?: WtxRec): LnbitsPayment {
  const bolt11 = ledger.paymentRequest(t)
  const paid = t.direction === 'out' || t.settledAt != null
  const status = paid ? 'success' : ledger.isExpired(t) ? 'failed' : 'pending'
  const sign = t.direction === 'out' ? -1 : 1
  return {
    ...base(walletId, t.paymentHash, t.createdAt),
    amount: wtx ? wtx.amountMsat : sign * (t.amountMsat ?? 0),
    fee: -Math.abs(t.feeMsat),
    bolt11,
    payment_request: bolt11,
    status,
    memo: t.memo,
    expiry: isoTime(t.createdAt + t.expiry),
    preimage: paid ? t.preimage : null,
    updated_at: isoTime(t.settledAt ?? t.createdAt),
    ...extraOf(ledger, t),
  }
}

function extraOf(ledger: Ledger, t: LnTxRec): { tag?: string; extra?: Record<string, unknown> } {
  const extra = extras.get(ledger)?.get(t.id)
  return extra ? { tag: typeof extra.tag === 'string' ? extra.tag : undefined, extra } : {}
}

/** A row with no lightning payment behind it (a transfer, a service fee): an internal payment. */
function internalPayment(walletId: string, w: WtxRec): LnbitsPayment {
  const hash = sha256Hex(Buffer.from(w.id).toString('hex'))
  return {
    ...base(walletId, hash, w.createdAt),
    checking_id: `internal_${hash}`,
    amount: w.amountMsat,
    fee: 0,
    bolt11: '',
    payment_request: '',
    status: 'success',
    memo: w.label ?? w.type,
    expiry: null,
    preimage: null,
  }
}

/**
 * The one payment a wallet transaction is, as walletPayments lists it (a routing-fee row has none:
 * it folds into its payment): built alone, so a push per movement costs one row, not the wallet.
 */
export function rowPayment(ledger: Ledger, lnbitsId: string, w: WtxRec): LnbitsPayment | null {
  if (w.type === 'network_fee') return null
  const t = w.lnTxId ? ledger.lntx.get(w.lnTxId) : undefined
  return t ? lnTxPayment(ledger, lnbitsId, t, w) : internalPayment(lnbitsId, w)
}

/** A wallet's payments, newest first (LNbits sorts by `time` descending unless told otherwise). */
export function walletPayments(ledger: Ledger, wallets: LnbitsWallets, simId: string): LnbitsPayment[] {
  const rec = ledger.wallets.get(simId)
  if (!rec) return []
  const id = wallets.of(rec).id
  const rows: { at: number; p: LnbitsPayment }[] = []
  const booked = new Set<string>()
  for (const w of ledger.walletTransactions(simId)) {
    const p = rowPayment(ledger, id, w)
    if (!p) continue
    if (w.lnTxId && ledger.lntx.has(w.lnTxId)) booked.add(w.lnTxId)
    rows.push({ at: w.createdAt, p })
  }
  for (const t of ledger.lntx.values())
    if (t.walletId === simId && t.direction === 'in' && !booked.has(t.id) && t.settledAt == null)
      rows.push({ at: t.createdAt, p: lnTxPayment(ledger, id, t) })
  return rows.sort((a, b) => b.at - a.at).map((r) => r.p)
}
