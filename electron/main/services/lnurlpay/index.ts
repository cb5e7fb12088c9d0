// Paying a lightning address or an LNURL-pay link for a backend that cannot (capability.ts): the
// app reads the pay request and asks for the invoice itself, by the same LNURL client and rules
// as claims (services/claim/remote.ts: https only, size and time caps, no private host unless
// confirmed, no redirect), checks the invoice against what was asked (./invoice.ts), then pays it
// by the backend's own payInvoice. Called inside the journaled send (payments/pay.ts), so the
// journal's row is on disk before anything leaves and nothing is retried. See docs/nwc.md.
import { AppError } from '@shared/errors'
import { feeLimitMsat } from '@shared/payment/fees'
import type { ServiceClient } from '../backends/service'
import type { ProbeResult, WalletTransaction } from '../backends/service/schemas'
import type { Remote } from '../claim'
import { hostOf } from '../claim/remote'
import { mt } from '../i18n'
import { askInvoice } from './invoice'
import { metadataEntries, readPayRequest, whereOf } from './payRequest'

export { PAYS_ADDRESSES_ITSELF } from './capability'

export interface AppLnurlDeps {
  remote: Remote
  /** the demo's and tests' address domains served on loopback (never in a packaged app) */
  origins?: Readonly<Record<string, string>>
  /** an address paid: its row, which names the payee and the comment, for the ledger */
  paid?: (walletKey: string, row: WalletTransaction) => void
}

type AddressInput = Parameters<ServiceClient['payLightningAddress']>[1]

/** `client` with probe and payLightningAddress done by the app, through `client.payInvoice`. */
export function withAppLnurl<C extends ServiceClient>(client: C, d: AppLnurlDeps): C {
  const origins = d.origins ?? {}
  // the configured loopback servers are the demo's own: no private-address warning for them
  const confirmed = Object.values(origins).map(hostOf)
  const read = (target: string) => {
    const where = whereOf(target, origins)
    return readPayRequest(d.remote, where, confirmed).then((req) => ({ where, req }))
  }

  async function probe(target: string): Promise<ProbeResult> {
    const { req } = await read(target)
    return { ...req, metadata: metadataEntries(req.metadata) }
  }

  async function payLightningAddress(walletKey: string, input: AddressInput): Promise<WalletTransaction> {
    const { where, req } = await read(input.ln_address)
    const amountMsat = input.amt_msat
    if (amountMsat < req.minSendable || amountMsat > req.maxSendable)
      throw new AppError('invalid_input', mt('lnurlPay.amountOutside', { host: where.host }), { retryable: false })
    const comment = input.comment ?? ''
    if (comment.length > req.commentAllowed)
      throw new AppError('invalid_input', mt('lnurlPay.commentTooLong', { max: req.commentAllowed }))
    const inv = await askInvoice(d.remote, req, { amountMsat, comment }, confirmed)
    const paid = await client.payInvoice(walletKey, {
      payment_request: inv.invoice,
      fee_limit_msat: feeLimitMsat(amountMsat),
      ...(input.passThru ? { passThru: input.passThru } : {}),
    })
    const row: WalletTransaction = {
      ...paid,
      passThru: { ...paid.passThru, ln_address: where.target, ...(comment ? { comment } : {}) },
      successAction: inv.successAction,
    }
    try {
      d.paid?.(walletKey, row)
    } catch {
      // the payment stands; the next sync brings its row, only without the payee's name
    }
    return row
  }

  return { ...client, probe, payLightningAddress }
}
