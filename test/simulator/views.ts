// JSON bodies as the service sends them (docs/service.md).
import type { ReadInvoice } from './bolt11'
import { type Ledger, type LnTxRec, NODE_ID, type WalletRec, WTX_DISPLAY, type WtxRec } from './state'

export function walletView(w: WalletRec) {
  return {
    id: w.id,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
    user_label: w.label,
    balance: Math.floor(w.balanceMsat / 1000),
    balance_msat: w.balanceMsat,
    default_lnurlpay_id: w.lnurlpayId,
    statusType: { type: 'wallet', name: 'active', display_name: 'Active' },
    walletType: { name: 'generic_wallet', display_name: 'Generic Wallet' },
    ln_node_id: NODE_ID,
  }
}

export function lnTxView(ledger: Ledger, t: LnTxRec) {
  const settled = t.settledAt != null
  return {
    id: t.id,
    created_at: t.createdAt,
    ln_node_id: NODE_ID,
    dest_pubkey: ledger.signerKey(t.signer).pubkeyHex,
    payment_request: ledger.paymentRequest(t),
    r_hash_decoded: t.paymentHash,
    memo: t.memo,
    description_hash: t.descriptionHash,
    payment_addr: t.paymentSecret,
    num_satoshis: Math.floor((t.amountMsat ?? 0) / 1000),
    fee_msat: t.feeMsat,
    expiry: t.expiry,
    expires_at: t.createdAt + t.expiry,
    // the preimage is the proof of payment: secret until settled
    payment_preimage: settled ? t.preimage : null,
    settled: settled ? 1 : 0,
    settled_at: t.settledAt,
    is_keysend: 0,
    is_amp: 0,
    custom_records: null,
    passThru: t.passThru,
  }
}

/** Whole sats toward zero, keeping the sign (amounts are kept in msat). */
function sats(msat: number): number {
  return Math.trunc(msat / 1000)
}

export function wtxView(ledger: Ledger, t: WtxRec) {
  const w = ledger.wallets.get(t.walletId)
  const ln = t.lnTxId ? ledger.lntx.get(t.lnTxId) : undefined
  return {
    id: t.id,
    created_at: t.createdAt,
    num_satoshis: sats(t.amountMsat),
    num_msat: t.amountMsat,
    user_label: t.label,
    wal: w ? walletView(w) : null,
    wtxType: { layer: 'ln', name: t.type, display_name: WTX_DISPLAY[t.type] },
    lnTx: ln ? lnTxView(ledger, ln) : null,
    passThru: t.passThru,
  }
}

const FEATURE_NAMES: Record<number, string> = { 8: 'tlv-onion', 14: 'payment-addr', 16: 'multi-path-payments' }

/**
 * A decoded request as the published server passes on its node's answer (LND's DecodePayReq as
 * protobuf JSON): 64-bit numbers as strings, bytes in base64, empty fields left out, and three
 * names in snake case. An amountless request says `num_satoshis: "0"`.
 */
export function decodedView(inv: ReadInvoice) {
  const features = Object.fromEntries(
    inv.features.map((f) => [
      String(f.bit),
      { name: FEATURE_NAMES[f.bit - (f.bit % 2)] ?? 'unknown', isRequired: f.required, isKnown: true },
    ]),
  )
  return {
    destination: inv.payee,
    payment_hash: inv.paymentHash,
    num_satoshis: String(Math.floor((inv.amountMsat ?? 0) / 1000)),
    timestamp: String(inv.timestamp),
    expiry: String(inv.expiry),
    ...(inv.description ? { description: inv.description } : {}),
    ...(inv.descriptionHash ? { descriptionHash: inv.descriptionHash } : {}),
    cltv_expiry: String(inv.minFinalCltv),
    ...(inv.paymentSecret ? { paymentAddr: Buffer.from(inv.paymentSecret, 'hex').toString('base64') } : {}),
    numMsat: String(inv.amountMsat ?? 0),
    features,
  }
}

/** `fields=a,b`: keeps only the named keys (of the object, or of each object of a list). */
export function trimFields(body: unknown, fields: string | undefined): unknown {
  if (!fields) return body
  const keep = new Set(
    fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
  )
  if (keep.size === 0) return body
  const trim = (o: unknown) =>
    o && typeof o === 'object' && !Array.isArray(o)
      ? Object.fromEntries(Object.entries(o).filter(([k]) => keep.has(k)))
      : o
  return Array.isArray(body) ? body.map(trim) : trim(body)
}
