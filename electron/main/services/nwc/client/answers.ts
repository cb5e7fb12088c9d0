// What a wallet service answers, read with suspicion (zod, sizes capped), and NIP-47's error
// codes turned into ours.
import { AppError, type ErrorCode } from '@shared/errors'
import { z } from 'zod'
import { mt } from '../../i18n'

const hex64 = z.string().regex(/^[0-9a-f]{64}$/)
const msat = z
  .number()
  .int()
  .nonnegative()
  .max(21e6 * 1e11)
const text = (n: number) => z.string().max(n)

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
  error: z.object({ code: text(64), message: text(1024).default('') }).nullish(),
  result: z.unknown().nullish(),
})

export const Info = z.object({
  alias: text(256).optional(),
  network: text(32).optional(),
  methods: z.array(text(64)).max(64).default([]),
})
export const Balance = z.object({ balance: msat })
export const Tx = z.object({
  type: z.enum(['incoming', 'outgoing']),
  state: z.enum(['settled', 'pending', 'failed', 'accepted']).optional(),
  invoice: text(8192).optional(),
  description: text(1024).nullish(),
  payment_hash: hex64,
  preimage: text(128).nullish(),
  amount: msat,
  fees_paid: msat.nullish(),
  created_at: z.number().int().nonnegative(),
  settled_at: z.number().int().nonnegative().nullish(),
  expires_at: z.number().int().nonnegative().nullish(),
})
export type Tx = z.infer<typeof Tx>
export const TxList = z.object({ transactions: z.array(Tx).max(500) })
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

/** a NIP-47 error as ours; the wallet's message is outside text, so it is not shown as is */
export function nwcError(code: string, method: string): AppError {
  const ours = CODES[code] ?? 'service_error'
  // a refused payment is final: the person decides whether to try again
  const retryable = method === 'pay_invoice' ? false : undefined
  return new AppError(ours, mt('nwcAccount.saidNo', { code: code.slice(0, 32) }), { retryable })
}
