// Payments: reading what to pay, paying it once, and the journal of payments in flight
// (docs/payment-input.md, docs/money.md "Money rules").
import { z } from 'zod'
import { ConfirmToken, id, int, msat, none, op, RequestId } from './base'

export const RecipientView = z.object({
  address: z.string(),
  description: z.string(),
  /** LUD-06 text/long-desc when present */
  longDescription: z.string().nullable(),
  minSendableMsat: msat,
  maxSendableMsat: msat,
  /** max comment length; 0 = no comment allowed */
  commentAllowed: int.nonnegative(),
  /** the link makes invoices in whole sats only (a wallet's permanent QR): no fractions */
  wholeSats: z.boolean(),
})
export type RecipientView = z.infer<typeof RecipientView>

/**
 * What the payee's LNURL server asks the wallet to show after paying (LUD-09, docs/service.md,
 * "Success actions"), already checked by main: text to show as text, never as HTML; a link opened
 * only when the person asks (`link.open`); an `aes` secret decrypted, or `text` null when it could not be.
 */
export const SuccessActionView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: z.string().max(144) }),
  z.object({ kind: z.literal('url'), description: z.string().max(144), url: z.string().max(2048) }),
  z.object({ kind: z.literal('aes'), description: z.string().max(144), text: z.string().max(4096).nullable() }),
])
export type SuccessActionView = z.infer<typeof SuccessActionView>

export const PaymentView = z.object({
  txId: id,
  amountMsat: msat,
  feeMsat: int.nonnegative(),
  preimage: z.string().nullable(),
  paymentHash: z.string().nullable(),
  createdAt: int,
  /** a lightning address's success action, when its server gave a valid one */
  successAction: SuccessActionView.optional(),
})
export type PaymentView = z.infer<typeof PaymentView>

export const InvoiceView = z.object({
  /** lower case, as the service wants it */
  invoice: z.string(),
  network: z.enum(['mainnet', 'testnet', 'signet', 'regtest', 'simnet']),
  /** null: amountless (the service cannot pay those) */
  amountMsat: msat.nullable(),
  description: z.string().nullable(),
  descriptionHash: z.string().nullable(),
  /** the payee's node id, when known */
  payee: z.string().nullable(),
  paymentHash: z.string(),
  /** Unix seconds */
  expiresAt: int,
  /** the most the routing fee may be (sent as the payment's fee limit) */
  feeLimitMsat: msat.nullable(),
  /** who read it: the service's node, or the app's own decoder where the service could not */
  decodedBy: z.enum(['service', 'app']),
  /** the journal has paid this invoice before, or tried to with an outcome not known: warn first */
  earlier: z
    .object({ state: z.enum(['paid', 'unknown']), at: int })
    .nullable()
    .optional(),
})
export type InvoiceView = z.infer<typeof InvoiceView>
export const JournalView = z.object({
  requestId: z.string(),
  accountId: id,
  walletId: id,
  kind: z.enum(['invoice', 'address', 'transfer']),
  amountMsat: msat,
  feeLimitMsat: msat.nullable(),
  /** the invoice, address or wallet paid */
  target: z.string(),
  state: z.enum(['pending', 'sent', 'paid', 'failed', 'unknown']),
  txId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: int,
  updatedAt: int,
})
export type JournalView = z.infer<typeof JournalView>
export const JournalList = z.object({ payments: z.array(JournalView) })
/** A lightning address (≤ 320 chars) or an LNURL-pay link, which is often far longer. */
const PayTarget = z.string().trim().min(3).max(2000)

export const paymentsOps = {
  'lnurl.probe': op('read', z.object({ address: PayTarget }).strict(), RecipientView),
  'pay.lightningAddress': op(
    'money',
    z
      .object({
        /** the account shown on the confirmation; the active one when absent */
        accountId: id.optional(),
        walletId: id,
        address: PayTarget,
        amountMsat: int.positive().max(2 ** 52),
        comment: z.string().max(2000).optional(),
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    PaymentView,
  ),
  /** Reads a BOLT 11 request: refused when expired, for another network or without an amount. */
  'pay.decode': op('read', z.object({ invoice: z.string().trim().min(1).max(8192) }).strict(), InvoiceView),
  /** Pays a BOLT 11 request from the account and wallet shown on the confirmation, with a fee limit. */
  'pay.invoice': op(
    'money',
    z
      .object({
        /** the account shown on the confirmation; the active one when absent */
        accountId: id.optional(),
        walletId: id,
        invoice: z.string().trim().min(1).max(8192),
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    PaymentView,
  ),
  /** Payments whose outcome is not known yet (a crash, a lost answer), as the journal has them. */
  'payments.unfinished': op('read', none, JournalList),
  /**
   * "Check again": asks the service what became of every unfinished payment; sends nothing.
   * `settled`: what this check found (paid, or failed with nothing taken); the rest is still unknown.
   */
  'payments.check': op('local', none, JournalList.extend({ settled: z.array(JournalView) })),
  /** The active account's recently paid lightning addresses and LNURLs, most recent first. */
  'payments.recipients': op('read', none, z.object({ recipients: z.array(z.string()) })),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const paymentsWhileLocked = {
  'lnurl.probe': 'refused',
  'pay.lightningAddress': 'refused',
  'pay.decode': 'refused',
  'pay.invoice': 'refused',
  'payments.unfinished': 'refused',
  'payments.check': 'refused',
  'payments.recipients': 'refused',
} as const
