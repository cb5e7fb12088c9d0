// The second step: the callback's invoice (LUD-06), believed only when it is for exactly the
// amount asked and commits to the metadata read in the first step (its description hash is the
// metadata's SHA-256). Anything else is refused before the wallet is asked to pay.
import { createHash } from 'node:crypto'
import { decodeBolt11 } from '@shared/payment/bolt11'
import { z } from 'zod'
import type { Remote } from '../claim'
import { hostOf } from '../claim/remote'
import { mt } from '../i18n'
import { askJson, type PayRequest, refused } from './payRequest'
import { LnurlRefusal } from './refusal'

const Answer = z.object({
  pr: z.string().min(1).max(8192),
  successAction: z.unknown().optional(),
})

export interface Asked {
  amountMsat: number
  comment?: string
}

export interface CheckedInvoice {
  invoice: string
  paymentHash: string
  /** LUD-09, as the server sent it: successActionView checks and cleans it */
  successAction: unknown
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

/** The callback's URL with the amount and the comment (LUD-12), on top of its own query. */
export function callbackUrl(req: PayRequest, asked: Asked): string {
  const url = new URL(req.callback)
  url.searchParams.set('amount', String(asked.amountMsat))
  if (asked.comment) url.searchParams.set('comment', asked.comment)
  return url.toString()
}

export async function askInvoice(
  remote: Remote,
  req: PayRequest,
  asked: Asked,
  confirmed: readonly string[],
): Promise<CheckedInvoice> {
  const host = hostOf(req.callback)
  const body = await askJson(remote, callbackUrl(req, asked), confirmed)
  refused(body, host)
  const answer = Answer.safeParse(body)
  if (!answer.success) throw new LnurlRefusal(mt('lnurlPay.noInvoice', { host }))
  const inv = decodeBolt11(answer.data.pr)
  if (inv.kind !== 'bolt11') throw new LnurlRefusal(mt('lnurlPay.noInvoice', { host }))
  if (inv.amountMsat !== asked.amountMsat) throw new LnurlRefusal(mt('lnurlPay.wrongAmount', { host }))
  if (inv.descriptionHash?.toLowerCase() !== sha256Hex(req.metadata))
    throw new LnurlRefusal(mt('lnurlPay.wrongHash', { host }))
  return { invoice: inv.invoice, paymentHash: inv.paymentHash, successAction: answer.data.successAction }
}
