// pay_invoice: the invoice read by the app's own decoder, the budget reserved in nwc.sqlite's
// write transaction (amount plus the most the fee can be) BEFORE anything is sent, then the
// payments module's one journaled send with a request id made from the request event's id, so
// the same event can pay once only, even after a restart. The reservation is then settled: the
// fee actually paid replaces the fee limit; a refusal frees it; an unknown outcome keeps it.

import type { PaymentView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { feeLimitMsat } from '@shared/payment/fees'
import { mt } from '../i18n'
import { readInvoiceToPay } from '../payments'
import { periodStart } from './budget'
import type { Connection, NwcStore } from './store'
import { NwcError } from './types'

export interface PayDeps {
  store: NwcStore
  sendToInvoice(input: {
    invoice: string
    walletId: string
    requestId: string
    accountId: string
  }): Promise<PaymentView>
  serviceNowSec(accountId: string): number
}

/** Thrown when the outcome is not known: no answer is sent (docs/nwc.md, "Paying: pay_invoice"). */
export class OutcomeUnknown extends Error {}

export const requestIdOf = (eventId: string) => `nwc-${eventId}`

export async function payInvoice(
  d: PayDeps,
  c: Connection,
  params: Record<string, unknown>,
  eventId: string,
  nowSec: number,
) {
  const text = params.invoice
  if (typeof text !== 'string' || text.length > 8192) throw new NwcError('OTHER', mt('nwc.noInvoice'))
  let amountMsat: number
  let paymentHash: string
  let invoice: string
  try {
    const inv = await readInvoiceToPay(null, text, { nowSec: () => d.serviceNowSec(c.accountId) })
    if (inv.amountMsat === null) throw new NwcError('OTHER', mt('nwc.amountless'))
    ;({ amountMsat, paymentHash, invoice } = {
      amountMsat: inv.amountMsat,
      paymentHash: inv.paymentHash,
      invoice: inv.invoice,
    })
  } catch (err) {
    if (err instanceof NwcError) throw err
    throw new NwcError('OTHER', err instanceof Error ? err.message.slice(0, 200) : mt('nwc.unreadableInvoice'))
  }
  const reservedMsat = amountMsat + feeLimitMsat(amountMsat)
  const spend = { eventId, connectionId: c.id, amountMsat, reservedMsat, paymentHash, createdAt: nowSec }
  const reserved = d.store.reserve(spend, c.budgetMsat, periodStart(c.period, nowSec))
  if (reserved === 'again') throw new OutcomeUnknown('this request was handled before')
  if (reserved === 'paid') throw new NwcError('OTHER', mt('nwc.paidAlready'))
  if (reserved === 'quota') throw new NwcError('QUOTA_EXCEEDED', mt('nwc.overBudget'))
  let paid: PaymentView
  try {
    paid = await d.sendToInvoice({
      invoice,
      walletId: c.walletId,
      requestId: requestIdOf(eventId),
      accountId: c.accountId,
    })
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'unknown_outcome'
    if (code === 'unknown_outcome' || code === 'internal') {
      d.store.settle(eventId, 'unknown')
      throw new OutcomeUnknown('payment outcome unknown')
    }
    d.store.settle(eventId, 'failed')
    throw refusal(code, err)
  }
  d.store.settle(eventId, 'paid', paid.feeMsat)
  return { preimage: paid.preimage ?? '', fees_paid: paid.feeMsat, amountMsat }
}

function refusal(code: string, err: unknown): NwcError {
  const message = err instanceof Error ? err.message.slice(0, 300) : 'The payment failed.'
  if (code === 'insufficient_funds') return new NwcError('INSUFFICIENT_BALANCE', message)
  // the person's own spending rules (a daily limit, a confirmation above an amount) come on top
  if (code === 'limit') return new NwcError('QUOTA_EXCEEDED', message)
  if (code === 'unauthorized' || code === 'forbidden') return new NwcError('UNAUTHORIZED', message)
  return new NwcError('PAYMENT_FAILED', message)
}
