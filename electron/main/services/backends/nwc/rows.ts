// A NIP-47 transaction in the app's terms, at the NWC backend's edge: a ledger row, an invoice.
// Row ids are `in-`/`out-` and the payment hash: the same payment read by list_transactions and
// answered by pay_invoice is one ledger row. Only settled rows are payments: a pending, expired or
// failed one moved no money, so it has no ledger row, as the service's feed lists no unpaid
// invoice (the app's own invoice that expires is marked so in its invoice record, by the read at
// expiry: lookup_invoice). Texts come cleaned from answers.ts; the ledger's caps apply here.
import { cap, hexOrNull, ID_MAX, PASS_THRU_MAX } from '../../ledger/rows'
import type { BackendInvoice, BackendTx } from '../types'
import type { Tx } from './answers'

/** the one wallet's id: stable for a connection, no secret in it */
export function nwcWalletId(walletPubkey: string): string {
  return `nwc-${walletPubkey.slice(0, 16)}`
}

export const settled = (t: Tx) => (t.state ? t.state === 'settled' : t.settled_at != null)

export function invoiceOf(t: Tx): BackendInvoice {
  const paid = settled(t)
  return {
    id: t.payment_hash,
    paymentRequest: t.invoice || t.payment_hash,
    paymentHash: t.payment_hash,
    amountMsat: t.amount,
    memo: t.description,
    createdAt: t.created_at,
    expiresAt: t.expires_at ?? null,
    settled: paid,
    settledAt: t.settled_at ?? null,
    preimage: paid ? (t.preimage ?? null) : null,
    feeMsat: t.fees_paid ?? null,
  }
}

export const rowId = (type: Tx['type'], paymentHash: string) => `${type === 'incoming' ? 'in' : 'out'}-${paymentHash}`

export function rowOf(walletId: string, t: Tx): BackendTx {
  const incoming = t.type === 'incoming'
  // an outgoing row counts what left: the amount and the fee
  const msat = t.amount + (incoming ? 0 : (t.fees_paid ?? 0))
  const notes = JSON.stringify({
    ...(t.comment ? { comment: t.comment } : {}),
    ...(!incoming && t.payee ? { ln_address: t.payee } : {}),
    ...(t.zap ? { zap: t.zap } : {}),
  })
  return {
    walletId,
    txId: rowId(t.type, t.payment_hash),
    typeName: incoming ? 'ln_deposit' : 'ln_withdrawal',
    amountMsat: (incoming ? 1 : -1) * msat,
    createdAt: t.settled_at ?? t.created_at,
    memo: cap(t.description),
    comment: cap(t.comment),
    payee: incoming ? null : cap(t.payee),
    counterpartyWalletId: null,
    lnTxId: t.payment_hash.slice(0, ID_MAX),
    paymentHash: hexOrNull(t.payment_hash),
    preimage: settled(t) ? hexOrNull(t.preimage) : null,
    requestId: null,
    passThru: notes.length <= PASS_THRU_MAX ? notes : null,
    ...(t.settled_at != null ? { settledAt: t.settled_at } : {}),
  }
}
