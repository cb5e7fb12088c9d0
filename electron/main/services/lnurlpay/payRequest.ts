// The first step of paying a lightning address (LUD-16) or an LNURL-pay link (LUD-06) from the
// app itself: where it leads, and its server's answer checked with zod. The metadata is kept as
// the server sent it: the invoice must commit to exactly those bytes (./invoice.ts).
import { AppError } from '@shared/errors'
import { isAllowedLnurlUrl, parseLightningAddress } from '@shared/lnurl'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { z } from 'zod'
import { type Remote, RemoteError } from '../claim'
import { refusal } from '../claim/offer'
import { hostOf, remoteAppError } from '../claim/remote'
import { mt, mw } from '../i18n'
import { LnurlRefusal } from './refusal'

const msat = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const METADATA_MAX = 64 * 1024

/** LUD-06's answer as the app needs it; `metadata` is the server's own string. */
export const PayRequest = z
  .object({
    tag: z.literal('payRequest'),
    callback: z.string().max(2000).refine(isAllowedLnurlUrl, 'callback is not an https address'),
    minSendable: msat,
    maxSendable: msat,
    metadata: z.string().max(METADATA_MAX),
    commentAllowed: z.number().int().nonnegative().max(2000).optional().default(0),
  })
  .refine((p) => p.minSendable <= p.maxSendable, 'minimum above maximum')
export type PayRequest = z.infer<typeof PayRequest>

/** The metadata's [mime, value] pairs (LUD-06); a server that sends no array sends none. */
export function metadataEntries(metadata: string): Array<[string, string]> {
  let arr: unknown
  try {
    arr = JSON.parse(metadata)
  } catch {
    return []
  }
  if (!Array.isArray(arr)) return []
  return arr.filter(
    (e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string',
  )
}

export interface Where {
  /** the address as the person wrote it (normalised), or the link */
  target: string
  url: string
  host: string
}

/**
 * Where a lightning address or an LNURL-pay link leads. `origins`: the demo's and tests' domains
 * served on loopback (never in a packaged app), e.g. `sim.example` → `http://127.0.0.1:port`.
 */
export function whereOf(input: string, origins: Readonly<Record<string, string>> = {}): Where {
  const address = parseLightningAddress(input)
  if (address) {
    const origin = origins[address.domain]
    const url = origin ? `${origin}/.well-known/lnurlp/${address.user}` : address.url
    return { target: address.address, url, host: hostOf(url) }
  }
  const parsed = parsePaymentInput(input)
  const t = lightningTargetOf(parsed)
  if (t?.kind === 'lnurl' && (t.tag === 'pay' || t.tag === 'unknown'))
    return { target: t.lnurl, url: t.url, host: hostOf(t.url) }
  throw new AppError('invalid_input', parsed.kind === 'invalid' ? mw(parsed.reason) : mt('lnurlPay.notPayable'))
}

/** The server's JSON, or its failure as an AppError the person can read. */
export async function askJson(remote: Remote, url: string, confirmed: readonly string[]): Promise<unknown> {
  try {
    return (await remote.get(url, confirmed)).body
  } catch (err) {
    throw err instanceof RemoteError ? remoteAppError(err) : err
  }
}

/** An LNURL server's `{status: 'ERROR'}`, in plain words. */
export function refused(body: unknown, host: string): void {
  const b = body as { status?: unknown; reason?: unknown } | null
  if (b?.status === 'ERROR') throw new LnurlRefusal(refusal(host, typeof b.reason === 'string' ? b.reason : ''))
}

export async function readPayRequest(remote: Remote, where: Where, confirmed: readonly string[]): Promise<PayRequest> {
  const body = await askJson(remote, where.url, confirmed)
  refused(body, where.host)
  const parsed = PayRequest.safeParse(body)
  if (!parsed.success) throw new LnurlRefusal(mt('lnurlPay.notARequest', { host: where.host }))
  return parsed.data
}
