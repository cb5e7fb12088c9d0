// A wallet transaction as the ledger takes it, in the app's terms: each backend makes these rows
// at its own edge (backends/<kind>/rows.ts), with the caps below. Everything here came from the
// network: text is capped, so a backend that sends a megabyte memo costs the ledger a kilobyte.
// See docs/ledger.md.

import { z } from 'zod'

export const TEXT_MAX = 1024
export const ID_MAX = 256
export const PASS_THRU_MAX = 4096
/** the key under which the app puts a payment's request id in `passThru` (docs/ledger.md) */
export const REQUEST_ID_KEY = 'requestId'
/** the app's own note of whom a payment to an address or link went to (payments/journaled.ts) */
export const PAYEE_KEY = 'payee'
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

/** outside text trimmed and cut to `max`; null when there is none */
export function cap(s: unknown, max = TEXT_MAX): string | null {
  if (typeof s !== 'string') return null
  const t = s.trim()
  return t ? t.slice(0, max) : null
}

/** a 64-hex value in lower case, or null */
export function hexOrNull(s: unknown): string | null {
  return typeof s === 'string' && /^[0-9a-f]{64}$/i.test(s) ? s.toLowerCase() : null
}
