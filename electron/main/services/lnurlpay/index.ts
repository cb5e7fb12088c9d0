// Paying a lightning address or an LNURL-pay link for a backend that cannot (no `paysAddresses` on its registry entry): the
// app reads the pay request and asks for the invoice itself, by the same LNURL client and rules
// as claims (services/claim/remote.ts: https only, size and time caps, no private host unless
// confirmed, no redirect), checks the invoice against what was asked (./invoice.ts), then pays it
// by the backend's own payInvoice. Called inside the journaled send (payments/pay.ts), so the
// journal's row is on disk before anything leaves and nothing is retried. See docs/nwc.md.
import { AppError } from '@shared/errors'
import { feeLimitMsat } from '@shared/payment/fees'
import { formatMsat } from '@shared/units'
import type { BackendClient, BackendPayment, BackendTx, PayAddressParams, PayParams } from '../backends'
import type { Remote } from '../claim'
import { hostOf } from '../claim/remote'
import { mainLocale, mt } from '../i18n'
import { cap, PASS_THRU_MAX } from '../ledger/rows'
import { askInvoice } from './invoice'
import { metadataEntries, readPayRequest, whereOf } from './payRequest'

export interface AppLnurlDeps {
  remote: Remote
  /** the demo's and tests' address domains served on loopback (never in a packaged app) */
  origins?: Readonly<Record<string, string>>
  /** an address paid: its row, which names the payee and the comment, for the ledger */
  paid?: (walletId: string, row: BackendTx) => void
}

/** the server keeps more for the fee than the confirmation showed: refused, nothing paid */
function reserveAbove(reserveMsat: number, shownMsat: number): AppError {
  const locale = mainLocale()
  const words = { reserve: formatMsat(reserveMsat, { locale }), shown: formatMsat(shownMsat, { locale }) }
  // `limit`: the app's own rule refuses it, and its words reach the person as they are
  return new AppError('limit', mt('lnbits.reserveAboveShown', words), { retryable: false })
}

/** the row of an address paid names the payee and the payer's words, as a service's row does */
function addressRow(row: BackendTx, payee: string, comment: string): BackendTx {
  let notes: Record<string, unknown> = {}
  try {
    notes = row.passThru ? (JSON.parse(row.passThru) as Record<string, unknown>) : {}
  } catch {
    // the backend's notes unreadable: the payee's are kept alone
  }
  const passThru = JSON.stringify({ ...notes, ln_address: payee, ...(comment ? { comment } : {}) })
  return {
    ...row,
    payee: cap(payee),
    comment: cap(comment) ?? row.comment,
    passThru: passThru.length <= PASS_THRU_MAX ? passThru : null,
  }
}

/** `client` with probe and payLightningAddress done by the app, through `client.payInvoice`. */
export function withAppLnurl<C extends BackendClient>(client: C, d: AppLnurlDeps): C {
  const origins = d.origins ?? {}
  // the configured loopback servers are the demo's own: no private-address warning for them
  const confirmed = Object.values(origins).map(hostOf)
  const read = (target: string) => {
    const where = whereOf(target, origins)
    return readPayRequest(d.remote, where, confirmed).then((req) => ({ where, req }))
  }

  async function probe(target: string): Promise<PayParams> {
    const { req } = await read(target)
    return { ...req, metadata: metadataEntries(req.metadata) }
  }

  async function payLightningAddress(walletId: string, input: PayAddressParams): Promise<BackendPayment> {
    const { where, req } = await read(input.address)
    const amountMsat = input.amountMsat
    if (amountMsat < req.minSendable || amountMsat > req.maxSendable)
      throw new AppError('invalid_input', mt('lnurlPay.amountOutside', { host: where.host }), { retryable: false })
    const comment = input.comment ?? ''
    if (comment.length > req.commentAllowed)
      throw new AppError('invalid_input', mt('lnurlPay.commentTooLong', { max: req.commentAllowed }))
    const inv = await askInvoice(d.remote, req, { amountMsat, comment }, confirmed)
    const feeCap = input.feeLimitMsat ?? feeLimitMsat(amountMsat)
    // a server that keeps its own reserve is asked it now the invoice exists: more than was shown
    // and counted is refused before anything is paid (docs/lnbits.md, "Fees")
    const reserve = client.feeReserveMsat ? await client.feeReserveMsat(inv.invoice) : feeCap
    if (reserve > feeCap) throw reserveAbove(reserve, feeCap)
    const paid = await client.payInvoice(walletId, {
      paymentRequest: inv.invoice,
      feeLimitMsat: feeCap,
      notes: input.notes,
    })
    const row = paid.row ? addressRow(paid.row, where.target, comment) : null
    try {
      if (row) d.paid?.(walletId, row)
    } catch {
      // the payment stands; the next sync brings its row, only without the payee's name
    }
    return { ...paid, row, successAction: inv.successAction }
  }

  return { ...client, probe, payLightningAddress }
}
