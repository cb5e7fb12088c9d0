// Reading a BOLT 11 request before paying it: the service's node decodes it where it can (that is
// the reading the payment will follow), the app's own decoder otherwise; then the checks that
// refuse what cannot be paid: an expired request, one for another network, one without an amount.
import { cleanOptional } from '@shared/cleanText'
import type { InvoiceView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { feeLimitMsat } from '@shared/payment/fees'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import type { BackendClient } from '../backends'
import { mt, mw } from '../i18n'

/** The network the service's node pays on; the simulator is a regtest node (docs/service.md). */
export type NodeNetwork = InvoiceView['network']

const refuse = (message: string) => new AppError('invalid_input', message, { retryable: false })

/**
 * `client` null: the app's own reading only (the service decodes again when it pays), and the
 * app's fee limit. `nowSec`:
 * the service's time (services/serviceTime), asked after the service's decoding, whose answer
 * teaches it; an invoice's timestamp + expiry is compared with it, never with the computer's clock.
 */
export async function readInvoiceToPay(
  client: Pick<BackendClient, 'decodeInvoice' | 'feeReserveMsat'> | null,
  text: string,
  o: { nowSec: () => number; network?: NodeNetwork },
): Promise<InvoiceView> {
  const parsed = parsePaymentInput(text)
  const local = lightningTargetOf(parsed)
  if (local?.kind !== 'bolt11') throw refuse('reason' in parsed ? mw(parsed.reason) : mt('payments.notAnInvoice'))
  let view: InvoiceView = {
    invoice: local.invoice,
    network: local.network,
    amountMsat: local.amountMsat,
    description: local.description,
    descriptionHash: local.descriptionHash,
    payee: local.payee,
    paymentHash: local.paymentHash,
    expiresAt: local.expiresAt,
    feeLimitMsat: null,
    decodedBy: 'app',
  }
  // the app's own reading stands where the service does not decode (or was not asked)
  if (client) view = await nodeReading(client, view)
  if (o.network && view.network !== o.network) throw refuse(otherNetwork(view.network))
  if (view.expiresAt <= o.nowSec()) throw refuse(mt('payments.invoiceExpired'))
  if (view.amountMsat === null) throw refuse(mt('payments.invoiceNoAmount'))
  // a server that takes no fee limit (LNbits) says the reserve it keeps: the most the fee can be
  const fee = client?.feeReserveMsat ? await client.feeReserveMsat(view.invoice) : feeLimitMsat(view.amountMsat)
  return { ...view, feeLimitMsat: fee }
}

const otherNetwork = (network: string) => mt('payments.invoiceOtherNetwork', { network })

/** The service's node's reading of the request; the app's own where the node does not decode it. */
async function nodeReading(client: Pick<BackendClient, 'decodeInvoice'>, view: InvoiceView): Promise<InvoiceView> {
  try {
    // a backend without a node to ask: the app's own reading stands
    if (!client.decodeInvoice) return view
    const d = await client.decodeInvoice(view.invoice)
    return {
      ...view,
      amountMsat: d.amountMsat,
      // the node's reading is the other side's text, cleaned as the app's own reading is
      description: cleanOptional(d.description) ?? view.description,
      payee: d.payee,
      paymentHash: d.paymentHash,
      expiresAt: d.expiresAt,
      decodedBy: 'service',
    }
  } catch (err) {
    // the node's words for another network: the same refusal as below, from the one who knows
    if (err instanceof AppError && /active network/i.test(err.message)) throw refuse(otherNetwork(view.network))
    // no decoding at this service (or it failed): the app's own reading stands
    return view
  }
}
