// The service's records in the app's terms, at the service's edge: a wallet transaction as the
// ledger's row (already parsed by the client's zod schema), an lnTx as an invoice, a decoded
// request as the app reads one. See docs/ledger.md.
import { satToMsat } from '@shared/units'
import { cap, hexOrNull, ID_MAX, type LedgerTxInput, PASS_THRU_MAX, PAYEE_KEY, REQUEST_ID_KEY } from '../../ledger/rows'
import type { BackendDecodedInvoice, BackendInvoice, BackendInvoiceState, BackendPayment, BackendTx } from '../types'
import type { DecodedInvoice, LnTx, LnTxFields, WalletTransaction } from './schemas'

/**
 * The exact amount: `num_msat` when the service sends one that agrees with `num_satoshis`
 * (whole sats toward zero), else the whole sats.
 */
function amountMsatOf(t: Pick<WalletTransaction, 'num_satoshis' | 'num_msat'>): number {
  const sats = satToMsat(t.num_satoshis)
  const m = t.num_msat
  return m !== undefined && Number.isSafeInteger(m) && Math.trunc(m / 1000) * 1000 === sats ? m : sats
}

/** a wallet transaction as the ledger stores it */
export function fromServiceTx(walletId: string, t: WalletTransaction): LedgerTxInput {
  const p = t.passThru
  const amountMsat = amountMsatOf(t)
  const ln = t.lnTx ?? null
  const type = t.wtxType.name
  const other =
    type === 'ln_transfer_out' ? p.dest_wallet_id : type === 'ln_transfer_in' ? p.source_wallet_id : undefined
  const passThru = JSON.stringify(p)
  return {
    walletId,
    txId: t.id.slice(0, ID_MAX),
    typeName: type.slice(0, 64),
    amountMsat,
    createdAt: t.created_at,
    // an invoice's memo; a transfer carries its memo as the transaction's user_label
    memo: cap(ln?.memo) ?? cap(t.user_label),
    comment: cap(p.comment),
    // the service's own field where it has one, else the app's note of whom it paid
    payee: amountMsat < 0 ? cap(p.ln_address ?? p.lnAddress ?? p[PAYEE_KEY] ?? p.lnurl) : null,
    counterpartyWalletId: cap(other, ID_MAX),
    lnTxId: cap(ln?.id, ID_MAX),
    paymentHash: hexOrNull(ln?.r_hash_decoded),
    // proof of payment only once settled
    preimage: ln?.settled ? hexOrNull(ln.payment_preimage) : null,
    requestId: cap(p[REQUEST_ID_KEY], 128),
    passThru: passThru.length <= PASS_THRU_MAX ? passThru : null,
  }
}

/** the row with what the sync loop matches on: its invoice's settle time, a withdraw link's token */
export function txOf(walletId: string, t: WalletTransaction): BackendTx {
  const settledAt = t.lnTx?.settled_at
  const ott = t.passThru.ott
  return {
    ...fromServiceTx(walletId, t),
    ...(settledAt != null ? { settledAt } : {}),
    ...(typeof ott === 'string' ? { withdrawToken: ott } : {}),
  }
}

/** the feed's rows name their wallet (`wal.id`); '' when one does not */
export const feedTxOf = (t: WalletTransaction): BackendTx => txOf(t.wal?.id ?? '', t)

export function invoiceOf(l: LnTx): BackendInvoice {
  return {
    id: l.id,
    paymentRequest: l.payment_request,
    paymentHash: l.r_hash_decoded.toLowerCase(),
    // an amountless invoice reads 0 until paid, then what was paid
    amountMsat: l.num_satoshis > 0 ? satToMsat(l.num_satoshis) : null,
    memo: l.memo ?? null,
    createdAt: l.created_at,
    expiresAt: l.expires_at ?? (l.expiry != null ? l.created_at + l.expiry : null),
    settled: l.settled,
    settledAt: l.settled_at ?? null,
    // the service may send the preimage of an unpaid invoice: proof of payment only once settled
    preimage: l.settled ? (l.payment_preimage ?? null) : null,
    feeMsat: l.fee_msat ?? null,
  }
}

export const invoiceStateOf = (l: LnTxFields): BackendInvoiceState => ({
  settled: l.settled === true,
  settledAt: l.settled_at ?? null,
  amountMsat: l.num_satoshis != null ? satToMsat(l.num_satoshis) : null,
})

/** a payment's answer: the service pays in the request, so its row is the payment settled */
export function paymentOf(walletId: string, t: WalletTransaction): BackendPayment {
  const ln = t.lnTx ?? null
  return {
    state: 'settled',
    row: txOf(walletId, t),
    paymentHash: ln ? ln.r_hash_decoded.toLowerCase() : null,
    preimage: ln?.payment_preimage || null,
    feeMsat: ln?.fee_msat ?? null,
    ...(t.successAction !== undefined ? { successAction: t.successAction } : {}),
  }
}

export function decodedOf(d: DecodedInvoice): BackendDecodedInvoice {
  return {
    amountMsat: d.numMsat || d.num_satoshis * 1000 || null,
    description: d.description ?? null,
    payee: d.destination.toLowerCase(),
    paymentHash: d.payment_hash.toLowerCase(),
    expiresAt: d.timestamp + (d.expiry || 3600),
  }
}
