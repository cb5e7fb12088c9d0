// A wallet transaction as the ledger stores it, and the mapping from the service's shape (already
// parsed by the client's zod schema). Everything here came from the network: text is capped, so a
// service that sends a megabyte memo costs the ledger a kilobyte. See docs/ledger.md.

import { satToMsat } from '@shared/units'
import { z } from 'zod'
import type { WalletTransaction } from '../backends/service/schemas'

export const TEXT_MAX = 1024
export const ID_MAX = 256
export const PASS_THRU_MAX = 4096
/** the key under which the app puts a payment's request id in `passThru` (docs/ledger.md) */
export const REQUEST_ID_KEY = 'requestId'
export const FEE_TYPE = 'network_fee'

const id = z.string().min(1).max(ID_MAX)
const text = z.string().max(TEXT_MAX).nullable()
const hex64 = z
  .string()
  .regex(/^[0-9a-f]{64}$/i)
  .nullable()

export const LedgerTxInput = z
  .object({
    walletId: id,
    txId: id,
    typeName: z.string().min(1).max(64),
    /** signed: negative for money leaving the wallet */
    amountMsat: z.number().int().refine(Number.isSafeInteger, 'amount out of range'),
    createdAt: z.number().int().nonnegative(),
    memo: text,
    comment: text,
    payee: text,
    counterpartyWalletId: id.nullable(),
    lnTxId: id.nullable(),
    paymentHash: hex64,
    preimage: hex64,
    requestId: z.string().max(128).nullable(),
    /** the service's passThru as JSON, or null when it was larger than PASS_THRU_MAX */
    passThru: z.string().max(PASS_THRU_MAX).nullable(),
  })
  .strict()
export type LedgerTxInput = z.infer<typeof LedgerTxInput>

function cap(s: unknown, max = TEXT_MAX): string | null {
  if (typeof s !== 'string') return null
  const t = s.trim()
  return t ? t.slice(0, max) : null
}

function hexOrNull(s: unknown): string | null {
  return typeof s === 'string' && /^[0-9a-f]{64}$/i.test(s) ? s.toLowerCase() : null
}

/**
 * The exact amount: `num_msat` when the service sends one that agrees with `num_satoshis`
 * (whole sats toward zero), else the whole sats.
 */
function amountMsatOf(t: Pick<WalletTransaction, 'num_satoshis' | 'num_msat'>): number {
  const sats = satToMsat(t.num_satoshis)
  const m = t.num_msat
  return m !== undefined && Number.isSafeInteger(m) && Math.trunc(m / 1000) * 1000 === sats ? m : sats
}

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
    payee: amountMsat < 0 ? cap(p.ln_address ?? p.lnAddress ?? p.lnurl) : null,
    counterpartyWalletId: cap(other, ID_MAX),
    lnTxId: cap(ln?.id, ID_MAX),
    paymentHash: hexOrNull(ln?.r_hash_decoded),
    // proof of payment only once settled
    preimage: ln?.settled ? hexOrNull(ln.payment_preimage) : null,
    requestId: cap(p[REQUEST_ID_KEY], 128),
    passThru: passThru.length <= PASS_THRU_MAX ? passThru : null,
  }
}
