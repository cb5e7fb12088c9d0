// zod schemas for the bodies the wallet service sends. Tolerant where the service is loose
// (extra keys are stripped, flags may be 0/1/true/null, PHP sends [] for an empty object),
// strict where the app depends on a value (ids, amounts, settled).

import { decodeLnurl, isAllowedLnurlUrl, LNURL_LIMIT } from '@shared/lnurl'
import { z } from 'zod'

const int = z.number().int()
const unixSeconds = int.nonnegative()
const text = z.string().nullable().optional()

/** 0/1/true/false/"0"/"1"/null, as PHP serialises booleans. */
export const BoolLike = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1')

/** PHP serialises an empty associative array as `[]`; a JSON string of an object also occurs. */
export const PassThru = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string(), z.null()])
  .optional()
  .transform((v): Record<string, unknown> => {
    if (v == null || Array.isArray(v)) return {}
    if (typeof v === 'string') {
      try {
        const parsed: unknown = JSON.parse(v)
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
      } catch {
        return {}
      }
    }
    return v
  })

const TypeTag = z.object({
  type: z.string().optional(),
  layer: z.string().optional(),
  name: z.string(),
  display_name: z.string().optional(),
})

export const Wallet = z.object({
  id: z.string().min(1),
  created_at: unixSeconds,
  updated_at: unixSeconds.optional(),
  user_label: text,
  balance: int,
  balance_msat: int.nullable().optional(),
  default_lnurlpay_id: text,
  statusType: TypeTag.optional().nullable(),
  walletType: TypeTag.optional().nullable(),
})
export type Wallet = z.infer<typeof Wallet>
export const WalletList = z.array(Wallet)

/** Wallet balance in msat: `balance_msat` when the service sends it, else `balance` sats. */
export function walletBalanceMsat(w: Wallet): number {
  return w.balance_msat ?? w.balance * 1000
}

export const LnTx = z.object({
  id: z.string().min(1),
  created_at: unixSeconds,
  ln_node_id: text,
  dest_pubkey: text,
  payment_request: z.string().min(1),
  r_hash_decoded: z.string().regex(/^[0-9a-f]{64}$/i),
  memo: text,
  description_hash: text,
  payment_addr: text,
  num_satoshis: int.nonnegative(),
  fee_msat: int.nonnegative().nullable().optional(),
  expiry: int.nonnegative().nullable().optional(),
  expires_at: unixSeconds.nullable().optional(),
  payment_preimage: text,
  settled: z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true),
  settled_at: unixSeconds.nullable().optional(),
  is_keysend: BoolLike,
  is_amp: BoolLike,
  custom_records: z.unknown().optional(),
})
export type LnTx = z.infer<typeof LnTx>

/** `GET /v1/lntx/<id>?fields=settled,settled_at,num_satoshis`: any subset, but `settled` strict. */
export const LnTxFields = LnTx.partial().extend({
  settled: LnTx.shape.settled.optional(),
})
export type LnTxFields = z.infer<typeof LnTxFields>

export const WalletTransaction = z.object({
  id: z.string().min(1),
  created_at: unixSeconds,
  num_satoshis: int,
  /** exact amount where the service sends it (the simulator does); `num_satoshis` is whole sats */
  num_msat: int.optional(),
  user_label: text,
  wal: Wallet.partial().nullable().optional(),
  wtxType: TypeTag,
  lnTx: LnTx.nullable().optional(),
  passThru: PassThru,
  /** a pay-to-address answer's LNURL success action, unchecked here (docs/service.md, "Success actions") */
  successAction: z.unknown().optional(),
})
export type WalletTransaction = z.infer<typeof WalletTransaction>
export const WalletTransactionList = z.array(WalletTransaction)

/** `POST /v1/wallet/<key>/transfer` answer: both sides of the move. */
export const TransferResult = z.object({ wtx_transfer_out: WalletTransaction, wtx_transfer_in: WalletTransaction })
export type TransferResult = z.infer<typeof TransferResult>

/** Pagination headers (Yii2 convention); absent headers become undefined. */
export const PaginationHeaders = z.object({
  totalCount: int.nonnegative(),
  pageCount: int.nonnegative(),
  currentPage: int.positive(),
  perPage: int.positive(),
})
export type PaginationHeaders = z.infer<typeof PaginationHeaders>

export const WithdrawLink = z.object({
  lnurl: z.string().regex(/^lnurl1[02-9ac-hj-np-z]+$/i),
  ott: z.string().min(1),
})
export type WithdrawLink = z.infer<typeof WithdrawLink>

/** An LNURL (bech32, either case) whose URL is one a wallet may open: https, or http on loopback. */
export const PayableLnurl = z
  .string()
  .max(LNURL_LIMIT)
  .refine((s) => {
    try {
      return /^lnurl1/i.test(s) && isAllowedLnurlUrl(decodeLnurl(s))
    } catch {
      return false
    }
  }, 'not an LNURL of an https address')

/**
 * `GET /v1/lnurlp/<default_lnurlpay_id>`: a wallet's permanent LNURL-pay link (docs/service.md,
 * "Static LNURL-pay"). Only what the app shows is required; the rest is the service's business.
 */
export const StaticLnurlPay = z
  .object({
    id: z.string().min(1),
    wallet_id: text,
    lnurl_encoded: PayableLnurl,
    lnurlp_minSendable_msat: int.positive(),
    lnurlp_maxSendable_msat: int.positive(),
    lnurlp_short_desc: text,
  })
  .refine((l) => l.lnurlp_minSendable_msat <= l.lnurlp_maxSendable_msat, 'minimum above maximum')
export type StaticLnurlPay = z.infer<typeof StaticLnurlPay>

/** LUD-03 descriptor (first GET of a withdraw link). */
export const WithdrawDescriptor = z.object({
  tag: z.literal('withdrawRequest'),
  callback: z.string().url(),
  k1: z.string().min(1),
  defaultDescription: z.string(),
  minWithdrawable: int.nonnegative(),
  maxWithdrawable: int.nonnegative(),
  balanceCheck: z.string().url().optional(),
})
export type WithdrawDescriptor = z.infer<typeof WithdrawDescriptor>

/** LUD answers: `{"status":"OK"}` or `{"status":"ERROR","reason":"…"}`. */
export const LnurlStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK') }),
  z.object({ status: z.literal('ERROR'), reason: z.string() }),
])
export type LnurlStatus = z.infer<typeof LnurlStatus>

/** LUD-06 metadata: a JSON array of [mime, value] pairs, sent decoded or as a string. */
export const LnurlMetadata = z.union([z.string(), z.array(z.unknown())]).transform((v, ctx) => {
  let arr: unknown = v
  if (typeof v === 'string') {
    try {
      arr = JSON.parse(v)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'metadata is not JSON' })
      return z.NEVER
    }
  }
  if (!Array.isArray(arr)) {
    ctx.addIssue({ code: 'custom', message: 'metadata is not an array' })
    return z.NEVER
  }
  return arr.filter(
    (e): e is [string, string] =>
      Array.isArray(e) && e.length >= 2 && typeof e[0] === 'string' && typeof e[1] === 'string',
  )
})

/** `GET /v1/lnurlp/probe/<address>`: the recipient's LNURL-pay parameters. */
export const ProbeResult = z.object({
  tag: z.string().optional(),
  callback: z.string().optional(),
  minSendable: int.positive(),
  maxSendable: int.positive(),
  metadata: LnurlMetadata,
  commentAllowed: int.nonnegative().optional().default(0),
})
export type ProbeResult = z.infer<typeof ProbeResult>

/** The service's one error shape. */
export const ErrorBody = z.object({
  name: z.string(),
  message: z.string(),
  code: int,
  status: int,
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** `POST /v1/wallet` answer: the wallet plus its keys, keyed by role name. */
export const CreatedWallet = Wallet.extend({
  access_keys: z.record(z.string(), z.array(z.string())),
})
export type CreatedWallet = z.infer<typeof CreatedWallet>

/** 64-bit numbers come as strings from the node (protobuf JSON); a missing one reads as 0. */
const NodeInt = z
  .union([z.string().regex(/^\d{1,16}$/), int.nonnegative()])
  .optional()
  .transform((v) => (v === undefined ? 0 : Number(v)))

/** `GET /v1/node/default/payments/decodeinvoice` (docs/service.md, "decodeinvoice"). */
export const DecodedInvoice = z.object({
  destination: z.string().regex(/^[0-9a-f]{66}$/i),
  payment_hash: z.string().regex(/^[0-9a-f]{64}$/i),
  num_satoshis: NodeInt,
  numMsat: NodeInt,
  timestamp: NodeInt,
  expiry: NodeInt,
  description: z.string().max(2000).optional(),
})
export type DecodedInvoice = z.infer<typeof DecodedInvoice>
