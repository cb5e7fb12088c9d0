// Paying: a BOLT 11 request (read first, paid with a fee limit) and a lightning address, both sent
// by the journaled send (journaled.ts) from the account and wallet named on the confirmation, with
// the balance checked against the amount plus the most the fee can be. See docs/architecture.md,
// "Money rules".
import type { InvoiceView, PaymentView, WalletView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { feeCapMsat, feeLimitMsat, fundsProblem } from '@shared/payment/fees'
import type { BackendClient, BackendPayment } from '../backends'
import { mainLocale, mw } from '../i18n'
import type { ServiceTime } from '../serviceTime'
import { paymentView, walletView } from '../views'
import { readInvoiceToPay } from './invoice'
import type { Journal, JournalEntryInput } from './journal'
import type { SendJournaled } from './journaled'
import { paymentError } from './words'

/** A BOLT 11 request to pay, as the confirmation showed it. */
export interface PayInvoiceInput {
  invoice: string
  walletId: string
  requestId: string
  accountId?: string
  confirmToken?: string
}

/** A lightning address to pay an amount to. */
export interface PayAddressInput {
  address: string
  amountMsat: number
  comment?: string
  walletId: string
  requestId: string
  accountId?: string
  confirmToken?: string
}

/** What the journal knows of paying an invoice before: paid, or tried with an outcome not known. */
export type EarlierPayment = { state: 'paid' | 'unknown'; at: number } | null

export interface PayDeps {
  /** the client money leaves by: its calls are made once, never retried */
  clientFor(accountId: string): BackendClient
  /** each account's service clock: an invoice's expiry and a journal entry's time are on it */
  serviceTime: Pick<ServiceTime, 'nowSec' | 'offsetMs' | 'created'>
  /** the one way money leaves (createPayments.ts) */
  send: SendJournaled
}

/**
 * Sends under the journal, the balance checked against amount plus the most the fee can be first
 * (its request leaves before the entry is written, so the two overlap); refusals come back in
 * plain words.
 */
async function pay(
  d: PayDeps,
  asked: Promise<WalletView>,
  entry: JournalEntryInput,
  confirmToken: string | undefined,
  call: (notes: Record<string, string>) => Promise<BackendPayment>,
): Promise<PaymentView> {
  let wallet: { label: string; balanceMsat: number } | null = null
  try {
    const paid = await d.send(entry, call, {
      spend: { what: 'payment', confirmToken },
      check: async () => {
        wallet = await asked
        const fee = entry.feeLimitMsat ?? undefined
        const problem = fundsProblem(wallet.label, wallet.balanceMsat, entry.amountMsat, mainLocale(), fee)
        if (problem) throw new AppError('insufficient_funds', mw(problem))
      },
    })
    return paymentView(paid, entry.amountMsat)
  } catch (err) {
    const w = wallet ?? { label: 'this wallet', balanceMsat: 0 }
    const fee = entry.feeLimitMsat ?? undefined
    throw paymentError(err, { name: w.label, balanceMsat: w.balanceMsat, amountMsat: entry.amountMsat, feeMsat: fee })
  }
}

export async function payInvoice(d: PayDeps, input: PayInvoiceInput, accountId: string): Promise<PaymentView> {
  const { walletId, requestId } = input
  // the account on the confirmation, whichever is active now
  const client = d.clientFor(accountId)
  const asked = balanceOf(client, walletId)
  // the service's clock not known yet (nothing asked since start): the balance's answer tells it,
  // and a daily limit's day is judged at the newest time heard (services/spending/day.ts)
  if (d.serviceTime.offsetMs(accountId) === null) await asked.catch(() => {})
  // Read again here (the renderer's word is not taken), by the app's own decoder: the service's
  // node checks it once more when it pays, and a second round trip would only slow the payment.
  const inv = await readInvoiceToPay(null, input.invoice, { nowSec: () => d.serviceTime.nowSec(accountId) })
  const amountMsat = inv.amountMsat as number
  // a server that keeps its own reserve (LNbits) is asked it for this very invoice: that is the
  // most the fee can be, counted by the balance check, the journal and the daily limit
  const fee = client.feeReserveMsat ? await client.feeReserveMsat(inv.invoice) : feeLimitMsat(amountMsat)
  const createdAt = d.serviceTime.nowSec(accountId)
  const entry = { requestId, accountId, walletId, kind: 'invoice' as const, amountMsat, feeLimitMsat: fee, createdAt }
  return pay(d, asked, { ...entry, target: inv.invoice }, input.confirmToken, (notes) =>
    answered(d, accountId, () =>
      client.payInvoice(walletId, { paymentRequest: inv.invoice, feeLimitMsat: fee, notes }),
    ),
  )
}

export async function payAddress(d: PayDeps, input: PayAddressInput, accountId: string): Promise<PaymentView> {
  const { walletId, address, amountMsat, comment, requestId } = input
  const client = d.clientFor(accountId)
  // the service takes no fee limit here: the journal keeps the figure shown before confirming (an
  // LNbits server's reserve as its defaults make it; withAppLnurl refuses if the server asks more)
  const fee = addressFeeCapMsat(client, amountMsat)
  const entry = { requestId, accountId, walletId, kind: 'address' as const, amountMsat }
  const asked = balanceOf(client, walletId)
  // as for an invoice: the day of a daily limit is judged at the latest time the app has heard
  if (d.serviceTime.offsetMs(accountId) === null) await asked.catch(() => {})
  const createdAt = d.serviceTime.nowSec(accountId)
  return pay(d, asked, { ...entry, feeLimitMsat: fee, target: address, createdAt }, input.confirmToken, (notes) =>
    answered(d, accountId, () =>
      client.payLightningAddress(walletId, {
        address,
        amountMsat,
        ...(comment ? { comment } : {}),
        feeLimitMsat: fee,
        notes,
      }),
    ),
  )
}

/** The most an address payment's fee can be, as the confirmation showed it (shared/payment/fees.ts). */
function addressFeeCapMsat(client: BackendClient, amountMsat: number): number {
  return feeCapMsat({ serverFeeReserve: client.feeReserveMsat !== undefined }, amountMsat)
}

/** A payment's answer tells the backend's time too (its row's `createdAt`), Date header or not. */
function answered(d: PayDeps, accountId: string, call: () => Promise<BackendPayment>) {
  return d.serviceTime.created(accountId, call, (p) => p.row?.createdAt)
}

/** The wallet's balance, asked at once; its answer is awaited only when the payment needs it. */
function balanceOf(client: BackendClient, walletId: string): Promise<WalletView> {
  const asked = client.getWallet(walletId).then(walletView)
  // a refused read must not be reported unhandled while other work goes on
  asked.catch(() => {})
  return asked
}

/** An invoice read before paying, with what the journal knows of paying it before (N8). */
export async function decodeInvoice(
  d: { client: Pick<BackendClient, 'decodeInvoice' | 'feeReserveMsat'>; journal: Journal; nowSec: () => number },
  invoice: string,
): Promise<InvoiceView & { earlier: EarlierPayment }> {
  const view = await readInvoiceToPay(d.client, invoice, { nowSec: d.nowSec })
  return { ...view, earlier: earlierPayment(d.journal, view.invoice) }
}

function earlierPayment(journal: Journal, invoice: string): EarlierPayment {
  const tried = journal.byTarget(invoice).filter((e) => e.state !== 'failed')
  const paid = tried.find((e) => e.state === 'paid')
  const e = paid ?? tried[0]
  return e ? { state: paid ? 'paid' : 'unknown', at: e.createdAt } : null
}
