// Withdraw links this app makes (one at a time or a voucher sheet), and claiming someone else's
// LNURL-withdraw link (docs/service.md, "Claiming a withdraw link").
import { z } from 'zod'
import { VOUCHER_COUNT_MAX, VOUCHER_NOTE_MAX } from '../vouchers'
import { AmountSat, ConfirmToken, id, int, Memo, msat, none, op, RequestId, SheetOutcome } from './base'
import { PendingInvoice } from './invoices'

export const WithdrawLinkView = z.object({
  walletId: id,
  lnurl: z.string(),
  /** `lightning:LNURL1…`, upper case, for the QR code */
  uri: z.string(),
  ott: z.string(),
  amountSat: int.positive(),
  memo: z.string(),
  createdAt: int,
  status: z.enum(['waiting', 'claimed']),
  claimedAt: int.nullable(),
  /**
   * what was actually taken, from the withdrawal's transaction: a link may be claimed for less
   * than its amount (docs/service.md, "LNURL details"); null until claimed (and in older files)
   */
  claimedMsat: msat.nullable().default(null),
  /** the routing fee the wallet paid on top, from the claim's transaction in the ledger; null until known */
  claimFeeMsat: msat.nullable().default(null),
})
export type WithdrawLinkView = z.infer<typeof WithdrawLinkView>

/** A withdraw link someone hands the app, as its server describes it (text is shown as text). */
export const ClaimOffer = z.object({
  /** upper case, as read */
  lnurl: z.string(),
  /** who offers: the server's host, e.g. `sats.example` */
  host: z.string(),
  description: z.string(),
  /** whole sats the link allows (its msat limits rounded inwards) */
  minSat: int.positive(),
  maxSat: int.positive(),
  /** where the money request (the invoice) goes: may be another host than the link's */
  callbackHost: z.string(),
  /** that host is on this computer or a private network (null: neither): warned about before a claim */
  callbackRange: z.enum(['loopback', 'private', 'link-local']).nullable(),
})
export type ClaimOffer = z.infer<typeof ClaimOffer>
/**
 * `accepted`: the server said OK; the invoice shows whether it paid yet. `unanswered`: its answer
 * was lost or unreadable, so it may still pay; the invoice is watched until it expires.
 */
export const ClaimResult = z.object({
  outcome: z.enum(['accepted', 'unanswered']),
  message: z.string().nullable(),
  offer: ClaimOffer,
  invoice: PendingInvoice,
})
export type ClaimResult = z.infer<typeof ClaimResult>
/** An LNURL-withdraw as handed over: bech32, `lightning:…` or `lnurlw://…` (shared/payment/parse.ts). */
const LnurlInput = z.string().trim().min(8).max(2100)
/** Hosts the person allowed to be contacted although on a private address (the link's, the callback's). */
const ConfirmedHosts = z.array(z.string().max(300)).max(2).optional()
const VoucherNote = z
  .string()
  .trim()
  .max(VOUCHER_NOTE_MAX, `The note is too long (${VOUCHER_NOTE_MAX} characters at most).`)

export const linksOps = {
  'withdraw.create': op(
    'money',
    z
      .object({
        walletId: id,
        amountSat: AmountSat,
        memo: Memo.optional(),
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    WithdrawLinkView,
  ),
  'withdraw.list': op('read', none, z.object({ links: z.array(WithdrawLinkView) })),
  /** The Withdraw screen shows this link: its claim is noticed within seconds until `ott: null`. */
  'withdraw.focus': op('local', z.object({ ott: z.string().max(200).nullable() }).strict(), z.object({})),

  /**
   * Mints `count` withdraw links of one amount, one after another, each watched like any withdraw
   * link, then offers the sheet of QR codes as a PDF to save. A failure part-way stops: what was
   * made is kept, said in `problem`, and its sheet still offered.
   */
  'vouchers.create': op(
    'money',
    z
      .object({
        walletId: id,
        count: int
          .min(1, 'Make at least one voucher.')
          .max(VOUCHER_COUNT_MAX, `A sheet holds at most ${VOUCHER_COUNT_MAX} vouchers.`),
        amountSat: AmountSat,
        note: VoucherNote,
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    z.object({
      links: z.array(WithdrawLinkView),
      requested: int.positive(),
      /** "7 of 12 vouchers were made. …" when minting stopped part-way, else null */
      problem: z.string().nullable(),
      sheet: SheetOutcome,
    }),
  ),
  /** The sheet of vouchers made before (by their one-time tokens), offered to save again. */
  'vouchers.save': op(
    'local',
    z.object({ otts: z.array(id).min(1).max(VOUCHER_COUNT_MAX), note: VoucherNote }).strict(),
    z.object({ count: int.positive(), sheet: SheetOutcome }),
  ),

  // claiming someone else's link
  /** Reads the link's offer from its own server (not the service): who offers how much. */
  'claim.read': op('read', z.object({ lnurl: LnurlInput, confirmed: ConfirmedHosts }).strict(), ClaimOffer),
  /**
   * Reads the offer again, makes an invoice for `amountSat` in `walletId` and hands it to the
   * link's server, which pays it (or says why not). Once per `requestId`: a double click claims once.
   */
  'claim.run': op(
    'money',
    z
      .object({
        lnurl: LnurlInput,
        walletId: id,
        amountSat: AmountSat,
        requestId: RequestId,
        confirmed: ConfirmedHosts,
      })
      .strict(),
    ClaimResult,
  ),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const linksWhileLocked = {
  'withdraw.create': 'refused',
  'withdraw.list': 'refused',
  'withdraw.focus': 'refused',
  'vouchers.create': 'refused',
  'vouchers.save': 'refused',
  'claim.read': 'refused',
  'claim.run': 'refused',
} as const
