// Invoices this app makes to receive, and how it watches them until paid or expired.
import { z } from 'zod'
import { AmountSat, id, int, Memo, none, op } from './base'

/**
 * `refused`: a claim's invoice the withdraw link's server turned down when it was handed over
 * (services/claim): nobody is to pay it, so it is not waited on nor listed, though a payment
 * that comes after all still marks it paid.
 */
export const InvoiceStatus = z.enum(['pending', 'paid', 'expired', 'refused'])
export const PendingInvoice = z.object({
  id,
  walletId: id,
  accountId: id,
  amountSat: int.nonnegative(),
  memo: z.string(),
  paymentRequest: z.string(),
  paymentHash: z.string(),
  createdAt: int,
  expiresAt: int,
  status: InvoiceStatus,
  settledAt: int.nullable(),
})
export type PendingInvoice = z.infer<typeof PendingInvoice>

export const invoicesOps = {
  /** Without `amountSat` the payer chooses the amount (the invoice's `amountSat` is 0 until paid). */
  'invoices.create': op(
    'create',
    z
      .object({
        walletId: id,
        amountSat: AmountSat.optional(),
        memo: Memo,
        expirySec: int.min(60, 'An invoice lasts at least a minute.').max(31_536_000).optional(),
      })
      .strict(),
    PendingInvoice,
  ),
  'invoices.list': op('read', none, z.object({ invoices: z.array(PendingInvoice) })),
  /** The Receive screen shows this invoice: poll it faster until `focused: false`. */
  'invoices.focus': op('local', z.object({ id: id.nullable() }).strict(), z.object({ focused: z.boolean() })),
  /** Check this invoice now (a "check again" button). */
  'invoices.check': op('read', z.object({ id }).strict(), PendingInvoice),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const invoicesWhileLocked = {
  'invoices.create': 'refused',
  'invoices.list': 'refused',
  'invoices.focus': 'refused',
  'invoices.check': 'refused',
} as const
