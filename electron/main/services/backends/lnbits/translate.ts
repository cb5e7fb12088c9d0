// LNbits' records in the app's terms (backends/types.ts), at LNbits' edge. One `Payment` is a
// ledger row of its signed msat `amount`, named `in-`/`out-` and its hash (so the row a payment
// answers with and the row history lists later are one), and, when it cost a fee, a `network_fee`
// row of `-|fee|` tied to it by the hash, which the ledger folds into the payment (ledger/insert.ts):
// LNbits' balance is the sum of `amount - |fee|` over settled payments. Only settled payments are
// rows: an unpaid invoice or a failed payment moved no money. Outside text is cleaned here.
import { cleanOptional } from '@shared/cleanText'
import { FEE_TYPE } from '../../ledger/rows'
import type { BackendInvoice, BackendInvoiceState, BackendTx, BackendWallet } from '../types'
import type { LnbitsPayment, LnbitsWallet } from './schemas'

const HEX64 = /^[0-9a-f]{64}$/i
const PASS_THRU_MAX = 4096

const hexOrNull = (s: string | null | undefined) => (s && HEX64.test(s) && !/^0+$/.test(s) ? s.toLowerCase() : null)
const textOf = (v: unknown, max = 1024) => (typeof v === 'string' ? cleanOptional(v, max) || null : null)

export function walletOf(id: string, w: LnbitsWallet, staticLinkId?: string): BackendWallet {
  return {
    id,
    name: cleanOptional(w.name, 256) || null,
    balanceMsat: w.balance,
    ...(staticLinkId ? { staticLinkId } : {}),
  }
}

/** what the ledger calls it (shared/historyLimits.ts), from LNbits' direction and `tag` */
function typeName(p: LnbitsPayment): string {
  // the extension that made it: `tag`, which LNbits also keeps in `extra`
  const tag = p.tag ?? (typeof p.extra?.tag === 'string' ? p.extra.tag : null)
  if (p.amount >= 0) return tag === 'lnurlp' ? 'ln_lnurl_pay_inbound' : 'ln_deposit'
  return tag === 'withdraw' ? 'ln_lnurl_withdraw' : 'ln_withdrawal'
}

/** the withdraw link a claim paid out of (withdraw/views_lnurl.py: `extra.withdrawal_link_id`), the app's `ott` */
function withdrawTokenOf(extra: Record<string, unknown>): { withdrawToken?: string } {
  const id = extra.withdrawal_link_id
  return typeof id === 'string' && id.length > 0 && id.length <= 128 ? { withdrawToken: id } : {}
}

export const rowId = (p: Pick<LnbitsPayment, 'amount' | 'payment_hash'>) =>
  `${p.amount >= 0 ? 'in' : 'out'}-${p.payment_hash.toLowerCase()}`

export const settled = (p: LnbitsPayment) => p.status === 'success'

/** the payment's own row: its amount, without the fee (rowsOf adds the fee's) */
export function rowOf(walletId: string, p: LnbitsPayment, requestId?: string): BackendTx {
  const extra = p.extra ?? {}
  const passThru = JSON.stringify(extra)
  return {
    walletId,
    txId: rowId(p),
    typeName: typeName(p),
    amountMsat: p.amount,
    createdAt: p.time,
    memo: textOf(p.memo),
    // lnurlp keeps a payer's comment in `extra.comment`
    comment: textOf(extra.comment),
    payee: null,
    counterpartyWalletId: null,
    lnTxId: p.payment_hash.toLowerCase(),
    paymentHash: p.payment_hash.toLowerCase(),
    preimage: settled(p) ? hexOrNull(p.preimage) : null,
    requestId: requestId ?? textOf(extra.requestId, 128),
    passThru: passThru.length <= PASS_THRU_MAX ? passThru : null,
    ...(p.amount < 0 ? withdrawTokenOf(extra) : {}),
  }
}

/** A payment's rows as history lists them, newest first: its fee's (when it cost one), then its own. */
export function rowsOf(walletId: string, p: LnbitsPayment): BackendTx[] {
  const row = rowOf(walletId, p)
  const fee = Math.abs(p.fee ?? 0)
  if (fee === 0) return [row]
  const { withdrawToken: _claim, ...paid } = row
  const feeRow: BackendTx = {
    ...paid,
    txId: `fee-${p.payment_hash.toLowerCase()}`,
    typeName: FEE_TYPE,
    amountMsat: -fee,
    memo: null,
    comment: null,
    preimage: null,
    requestId: null,
    passThru: null,
  }
  return [feeRow, row]
}

export function invoiceOf(p: LnbitsPayment): BackendInvoice {
  const paid = settled(p)
  return {
    id: p.payment_hash.toLowerCase(),
    paymentRequest: p.bolt11 ?? '',
    paymentHash: p.payment_hash.toLowerCase(),
    amountMsat: p.amount > 0 ? p.amount : null,
    memo: textOf(p.memo),
    createdAt: p.time,
    expiresAt: p.expiry ?? null,
    settled: paid,
    settledAt: paid ? (p.updated_at ?? p.time) : null,
    preimage: paid ? hexOrNull(p.preimage) : null,
  }
}

export function invoiceStateOf(p: LnbitsPayment): BackendInvoiceState {
  const paid = settled(p)
  return {
    settled: paid,
    settledAt: paid ? (p.updated_at ?? p.time) : null,
    amountMsat: p.amount > 0 ? p.amount : null,
  }
}
