// What a wallet service answers, read with suspicion (zod, sizes capped), and NIP-47's error
// codes turned into ours.
import { cleanText } from '@shared/cleanText'
import { AppError, type ErrorCode } from '@shared/errors'
import { z } from 'zod'
import { mt } from '../../i18n'
import { TEXT_MAX } from '../../ledger/rows'
import { zapOf } from '../../ledger/zap'
import { withoutKey } from '../service/errors'

const hex64 = z.string().regex(/^[0-9a-f]{64}$/)
const msat = z
  .number()
  .int()
  .nonnegative()
  .max(21e6 * 1e11)
const text = (n: number) => z.string().max(n)
const seconds = z.number().int().nonnegative()
/** a payment hash or preimage in a wallet's row; some wallets write hex in capitals */
const hash64 = z
  .string()
  .regex(/^[0-9a-f]{64}$/i)
  .transform((s) => s.toLowerCase())
/** a BOLT 11 invoice is well under this; a longer one is not kept (the payment hash stands in) */
const INVOICE_MAX = 8192
/** an optional field: absent (null) when missing or not what the schema says */
const loose = <T>(schema: z.ZodType<T, unknown>) =>
  schema
    .nullish()
    .catch(null)
    .transform((v) => v ?? null)
/** outside text, cleaned and cut to the ledger's cap; empty or not a string: null */
const clean = (v: unknown): string | null => (typeof v === 'string' ? cleanText(v, TEXT_MAX) || null : null)
const field = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o)

/** A NIP-57 zap's description is its zap request (kind 9734), whose content is the zapper's words. */
function zapComment(description: string | null): string | null {
  if (!description?.startsWith('{')) return null
  try {
    const e: unknown = JSON.parse(description)
    return field(e, 'kind') === 9734 ? clean(field(e, 'content')) : null
  } catch {
    return null
  }
}

export const ResponseEvent = z.object({
  id: hex64,
  pubkey: hex64,
  created_at: z.number().int().nonnegative(),
  kind: z.literal(23195),
  tags: z.array(z.array(z.string().max(1024)).max(8)).max(16),
  content: z.string().max(96 * 1024),
  sig: z.string().regex(/^[0-9a-f]{128}$/),
})

export const Body = z.object({
  result_type: text(64),
  error: z.object({ code: text(64), message: loose(z.string()) }).nullish(),
  result: z.unknown().nullish(),
})

export const Info = z.object({
  alias: text(256).optional(),
  network: text(32).optional(),
  methods: z.array(text(64)).max(64).default([]),
})
export const Balance = z.object({ balance: msat })
/**
 * One row of a wallet's history (NIP-47's transaction), each field on its own: what the row cannot
 * be stored without (type, payment hash, amount, creation time, a known state) must be right, or
 * the row is unreadable; anything else that is missing, oversized or of the wrong kind is absent.
 * Texts are outside text: cleaned (@shared/cleanText) and cut to the ledger's cap, so a zap's
 * 1,065-character zap request or a 10,000-character memo is kept, shortened, never refused.
 */
export const Tx = z
  .object({
    type: z.enum(['incoming', 'outgoing']),
    // accepted: a hold invoice held, not yet settled (@getalby/sdk's wallets send it)
    state: z.enum(['pending', 'settled', 'expired', 'failed', 'accepted']).optional(),
    invoice: loose(
      z
        .string()
        .max(INVOICE_MAX)
        .regex(/^ln[a-z0-9]+$/i),
    ),
    description: loose(z.string()),
    description_hash: loose(hash64),
    payment_hash: hash64,
    preimage: loose(hash64),
    amount: msat,
    fees_paid: loose(msat),
    created_at: seconds,
    expires_at: loose(seconds.positive()),
    settled_at: loose(seconds.positive()),
    // zap and LNURL details (@getalby/sdk's Nip47TransactionMetadata); only two texts are read
    metadata: loose(z.record(z.string(), z.unknown())),
  })
  .transform(({ metadata, ...t }) => ({
    ...t,
    description: clean(t.description),
    /** the payer's words: the LNURL comment, else a zap's */
    comment: clean(field(metadata, 'comment')) ?? zapComment(t.description),
    /** whom a payment went to, as the wallet names it (a lightning address) */
    payee: clean(field(metadata, 'recipient_data', 'identifier')),
    /** a zap received: its sender and app (its metadata, else its description's zap request) */
    zap: t.type === 'incoming' ? zapOf(metadata, t.description) : null,
  }))
export type Tx = z.output<typeof Tx>
export const TxList = z.object({ transactions: z.array(z.unknown()).max(500) })

/** a page of history: the rows that read, and each one that did not (where, and which field) */
export interface TxPage {
  transactions: Tx[]
  /** how many rows the wallet listed, read or not: a full page means another may follow */
  listed: number
  /** the creation time of the last row listed, read or not (rows come newest first) */
  oldestAt: number | null
  unreadable: Array<{ at: number; why: string; paymentHash: string | null }>
}

/** each row on its own: one that does not read is set aside, never the page */
export function readTxPage(rows: readonly unknown[]): TxPage {
  const transactions: Tx[] = []
  const unreadable: TxPage['unreadable'] = []
  rows.forEach((row, at) => {
    const r = Tx.safeParse(row)
    if (r.success) {
      transactions.push(r.data)
      return
    }
    // the fields that failed, never their values (outside text, perhaps huge)
    const why = [...new Set(r.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.code}`))].join(', ')
    const hash = (row as { payment_hash?: unknown } | null)?.payment_hash
    unreadable.push({ at, why: why.slice(0, 200), paymentHash: hash64.safeParse(hash).data ?? null })
  })
  const last = (rows.at(-1) as { created_at?: unknown } | null)?.created_at
  return { transactions, listed: rows.length, oldestAt: seconds.safeParse(last).data ?? null, unreadable }
}
export const Notification = z.object({ notification_type: z.enum(['payment_received', 'payment_sent']) })
export const Paid = z.object({ preimage: text(128), fees_paid: msat.nullish() })

const CODES: Record<string, ErrorCode> = {
  INSUFFICIENT_BALANCE: 'insufficient_funds',
  UNAUTHORIZED: 'unauthorized',
  RESTRICTED: 'forbidden',
  QUOTA_EXCEEDED: 'limit',
  NOT_FOUND: 'not_found',
  RATE_LIMITED: 'busy',
}

/** the wallet's words at most, in a message: enough for "no route found", not a page */
const SAID_MAX = 200

/**
 * A NIP-47 error as ours. Its code and message are outside text: cleaned (@shared/cleanText: no
 * bidi override, no control character), cut short, and the connection's secret cut out, before
 * they reach any screen or log.
 */
export function nwcError(e: { code: string; message: string | null }, method: string, secret: string): AppError {
  const ours = CODES[e.code] ?? 'service_error'
  // a refused payment is final: the person decides whether to try again
  const retryable = method === 'pay_invoice' ? false : undefined
  const code = cleanText(withoutKey(e.code, secret), 32)
  const said = e.message ? cleanText(withoutKey(e.message, secret), SAID_MAX) : ''
  const message = said ? mt('nwcAccount.saidNoWhy', { code, said }) : mt('nwcAccount.saidNo', { code })
  return new AppError(ours, message, { retryable })
}
