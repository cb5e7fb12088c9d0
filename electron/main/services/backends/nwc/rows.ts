// A NIP-47 transaction as the service's shapes, so the sync loop and the ledger store an NWC
// account's history unchanged. Row ids are `in-`/`out-` and the payment hash: the same payment
// read by list_transactions and answered by pay_invoice is one ledger row. Only settled rows are
// payments: a pending, expired or failed one moved no money, so it has no ledger row, as the
// service's feed lists no unpaid invoice (the app's own invoice that expires is marked so in its
// invoice record, by the read at expiry: lookup_invoice). Texts come cleaned from answers.ts.
import type { LnTx, WalletTransaction } from '../service/schemas'
import type { Tx } from './answers'

/** the one wallet's id: stable for a connection, no secret in it */
export function nwcWalletId(walletPubkey: string): string {
  return `nwc-${walletPubkey.slice(0, 16)}`
}

export const settled = (t: Tx) => (t.state ? t.state === 'settled' : t.settled_at != null)

export function lnTxOf(t: Tx): LnTx {
  return {
    id: t.payment_hash,
    created_at: t.created_at,
    ln_node_id: null,
    dest_pubkey: null,
    payment_request: t.invoice || t.payment_hash,
    r_hash_decoded: t.payment_hash,
    memo: t.description,
    description_hash: t.description_hash,
    payment_addr: null,
    num_satoshis: Math.trunc(t.amount / 1000),
    fee_msat: t.fees_paid ?? null,
    expires_at: t.expires_at ?? null,
    payment_preimage: t.preimage ?? null,
    settled: settled(t),
    settled_at: t.settled_at ?? null,
    is_keysend: false,
    is_amp: false,
  }
}

export const rowId = (type: Tx['type'], paymentHash: string) => `${type === 'incoming' ? 'in' : 'out'}-${paymentHash}`

export function rowOf(t: Tx): WalletTransaction {
  const sign = t.type === 'incoming' ? 1 : -1
  // an outgoing row counts what left: the amount and the fee
  const msat = t.amount + (t.type === 'outgoing' ? (t.fees_paid ?? 0) : 0)
  return {
    id: rowId(t.type, t.payment_hash),
    created_at: t.settled_at ?? t.created_at,
    num_satoshis: sign * Math.trunc(msat / 1000),
    num_msat: sign * msat,
    user_label: null,
    wtxType: { name: t.type === 'incoming' ? 'ln_deposit' : 'ln_withdrawal', layer: 'ln' },
    lnTx: lnTxOf(t),
    // where the ledger reads a payer's words and a payee (ledger/rows.ts, fromServiceTx)
    passThru: {
      ...(t.comment ? { comment: t.comment } : {}),
      ...(t.type === 'outgoing' && t.payee ? { ln_address: t.payee } : {}),
      ...(t.zap ? { zap: t.zap } : {}),
    },
  }
}
