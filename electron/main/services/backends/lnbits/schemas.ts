// zod schemas for the bodies an LNbits server sends (docs/lnbits.md; LNbits' pydantic models in
// lnbits/core/models/payments.py, wallets.py and the withdraw and lnurlp extensions' models.py).
// Extra keys are stripped; what the app relies on is checked; outside text is clipped here, and
// every list has a ceiling, on top of the body's own size cap (http/readBody.ts).
import { z } from 'zod'

/** LNbits' keys are `uuid4().hex` (lnbits/core/crud/wallets.py) */
export const LNBITS_KEY = /^[0-9a-f]{32}$/i
/** the most rows one page may hold: LNbits' own ceiling for `limit` (lnbits/db.py, Filters) */
export const PAGE_MAX = 1000
/** the most links of one extension the app reads for a wallet */
export const LINKS_MAX = 1000

const int = z.number().int().refine(Number.isSafeInteger, 'out of range')
const id = z.string().min(1).max(256)
/** outside words, clipped: a megabyte memo costs a kilobyte */
const clipped = (max: number) => z.string().transform((s) => s.slice(0, max))
const words = clipped(1024).nullable().optional()

/** ISO 8601 with an offset as LNbits writes it (older servers: Unix seconds) → Unix seconds */
export const Instant = z.union([z.string().max(64), z.number()]).transform((v, ctx) => {
  const sec = typeof v === 'number' ? Math.floor(v) : Math.floor(Date.parse(v) / 1000)
  if (!Number.isSafeInteger(sec) || sec < 0) {
    ctx.addIssue({ code: 'custom', message: 'not a time' })
    return z.NEVER
  }
  return sec
})

/** `GET /api/v1/wallet`: `id` only for the admin key; `balance` in msat (`balance_msat`) */
export const LnbitsWallet = z.object({
  id: id.optional(),
  name: clipped(256),
  balance: int,
})
export type LnbitsWallet = z.infer<typeof LnbitsWallet>

export const PaymentStatus = z.enum(['pending', 'success', 'failed'])

/** LNbits' `Payment` (lnbits/core/models/payments.py): amount and fee in msat, signed */
export const LnbitsPayment = z.object({
  checking_id: id,
  payment_hash: z.string().regex(/^[0-9a-f]{64}$/i),
  wallet_id: id,
  amount: int,
  fee: int.nullable().optional(),
  bolt11: z.string().max(8192).nullable().optional(),
  status: PaymentStatus,
  memo: words,
  preimage: z.string().max(128).nullable().optional(),
  time: Instant,
  updated_at: Instant.nullable().optional(),
  expiry: Instant.nullable().optional(),
  tag: clipped(64).nullable().optional(),
  extension: clipped(64).nullable().optional(),
  extra: z.record(z.string(), z.unknown()).nullable().optional(),
})
export type LnbitsPayment = z.infer<typeof LnbitsPayment>

/** `GET /api/v1/payments/paginated`: LNbits' `Page` */
export const PaymentPage = z.object({
  data: z.array(LnbitsPayment).max(PAGE_MAX),
  total: int.nonnegative(),
})

/** `GET /api/v1/payments/{payment_hash}` with a key of the payment's wallet */
export const PaymentLookup = z.object({
  paid: z.boolean(),
  status: PaymentStatus.optional(),
  preimage: z.string().max(128).nullable().optional(),
  details: LnbitsPayment.optional(),
})

/** LNbits' refusals (lnbits/exceptions.py): `detail` words, or pydantic's list; 520 adds `status` */
/** `GET /api/v1/payments/fee-reserve`: `fee_reserve_total` of the invoice's amount, msat */
export const FeeReserve = z.object({ fee_reserve: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) })

export const ErrorBody = z.object({
  detail: z.union([z.string(), z.array(z.unknown()).max(100)]),
  status: z.string().max(16).optional(),
})

/** `withdraw` extension's `WithdrawLink` (withdraw/models.py): amounts in sats */
export const WithdrawLink = z.object({
  id,
  wallet: id,
  title: words,
  min_withdrawable: int.nonnegative(),
  max_withdrawable: int.nonnegative(),
  uses: int.nonnegative(),
  used: int.nonnegative(),
  /** the bech32 form (marked deprecated), or the URL a QR may carry */
  lnurl: z.string().max(2048).nullable().optional(),
  lnurl_url: z.string().max(2048).nullable().optional(),
})
export type WithdrawLink = z.infer<typeof WithdrawLink>

export const WithdrawLinkPage = z.object({
  data: z.array(WithdrawLink).max(LINKS_MAX),
  total: int.nonnegative(),
})

/** `lnurlp` extension's `PayLink` (lnurlp/models.py): min and max in sats */
export const PayLink = z.object({
  id,
  wallet: id,
  description: words,
  min: z.number().nonnegative(),
  max: z.number().nonnegative(),
})
export const PayLinkList = z.array(PayLink).max(LINKS_MAX)

/** LUD-06 `payRequest` as `GET /lnurlp/{link_id}` answers it (amounts in msat) */
export const PayRequest = z
  .object({
    tag: z.literal('payRequest'),
    minSendable: int.positive(),
    maxSendable: int.positive(),
    metadata: z.string().max(8192),
  })
  .refine((p) => p.minSendable <= p.maxSendable, 'minimum above maximum')
