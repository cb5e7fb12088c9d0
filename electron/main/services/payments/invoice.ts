// Reading a BOLT 11 request before paying it: the service's node decodes it where it can (that is
// the reading the payment will follow), the app's own decoder otherwise; then the checks that
// refuse what cannot be paid: an expired request, one for another network, one without an amount.
import { cleanOptional } from '@shared/cleanText'
import type { InvoiceView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { feeLimitMsat } from '@shared/payment/fees'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import type { ServiceClient } from '../backends/service'
import { mt, mw } from '../i18n'

/** The network the service's node pays on; the simulator is a regtest node (docs/service.md). */
export type NodeNetwork = InvoiceView['network']

const refuse = (message: string) => new AppError('invalid_input', message, { retryable: false })

/**
 * `client` null: the app's own reading only (the service decodes again when it pays). `nowSec`:
 * the service's time (services/serviceTime), asked after the service's decoding, whose answer
 * teaches it; an invoice's timestamp + expiry is compared with it, never with the computer's clock.
 */
export async function readInvoiceToPay(
  client: Pick<ServiceClient, 'decodeInvoice'> | null,
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
  return { ...view, feeLimitMsat: feeLimitMsat(view.amountMsat) }
}

const otherNetwork = (network: string) => mt('payments.invoiceOtherNetwork', { network })

/** The service's node's reading of the request; the app's own where the node does not decode it. */
async function nodeReading(client: Pick<ServiceClient, 'decodeInvoice'>, view: InvoiceView): Promise<InvoiceView> {
  try {
    const d = await client.decodeInvoice(view.invoice)
    const amountMsat = d.numMsat || d.num_satoshis * 1000 || null
    return {
      ...view,
      amountMsat,
      // the node's reading is the other side's text, cleaned as the app's own reading is
      description: cleanOptional(d.description) ?? view.description,
      payee: d.destination.toLowerCase(),
      paymentHash: d.payment_hash.toLowerCase(),
      expiresAt: d.timestamp + (d.expiry || 3600),
      decodedBy: 'service',
    }
  } catch (err) {
    // the node's words for another network: the same refusal as below, from the one who knows
    if (err instanceof AppError && /active network/i.test(err.message)) throw refuse(otherNetwork(view.network))
    // no decoding at this service (or it failed): the app's own reading stands
    return view
  }
}
