// The LUD-03 answers of a withdraw link's server, checked with zod before anything is believed:
// the offer (first GET) and the callback's OK or ERROR. Text from the server is cleaned and
// clipped here, and the renderer shows it as text.
import { cleanText as clean } from '@shared/cleanText'
import { isAllowedLnurlUrl } from '@shared/lnurl'
import { z } from 'zod'
import { mt } from '../i18n'

const msat = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

export const WithdrawOffer = z
  .object({
    tag: z.literal('withdrawRequest'),
    callback: z.string().max(2000).refine(isAllowedLnurlUrl, 'callback is not an https address'),
    k1: z.string().min(1).max(1000),
    defaultDescription: z.string().max(10_000).optional().default(''),
    minWithdrawable: msat,
    maxWithdrawable: msat,
  })
  .refine((o) => o.minWithdrawable <= o.maxWithdrawable, 'minimum above maximum')
export type WithdrawOffer = z.infer<typeof WithdrawOffer>

/** LUD's refusal, and the OK of a callback. */
export const LnurlAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK') }),
  z.object({ status: z.literal('ERROR'), reason: z.string().max(10_000).optional().default('') }),
])

/** Server text for the person, through the one cleaner (@shared/cleanText), at most `max` characters. */
export const cleanText = (s: string, max = 300): string => clean(s, max)

/** A refusal in plain words, the server's own words quoted after them. */
export function refusal(host: string, reason: string): string {
  const said = cleanText(reason)
  const quoted = said ? mt('claim.hostSays', { host, said }) : ''
  if (/expired/i.test(said)) return mt('claim.expired', { quoted })
  if (/already|been (claimed|used|spent)|spent|no longer valid|used up/i.test(said))
    return mt('claim.alreadyClaimed', { quoted })
  if (/amount|between|minimum|maximum|range/i.test(said)) return mt('claim.refusesAmount', { host, quoted })
  return said ? mt('claim.refuses', { host, said }) : mt('claim.refusesSilently', { host })
}
