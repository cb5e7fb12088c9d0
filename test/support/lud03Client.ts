// An independent LUD-03 (LNURL-withdraw) client, as a third-party wallet would be: the bech32
// package and plain fetch, none of the app's LNURL code or schemas. A test hands it an LNURL and
// an invoice maker (the wallet's own node) and gets the service's answer.
import { bech32 } from 'bech32'

export interface WithdrawRequest {
  callback: string
  k1: string
  minWithdrawable: number
  maxWithdrawable: number
  defaultDescription: string
}

export type LnurlAnswer = { status: 'OK' } | { status: 'ERROR'; reason: string }

/** `LNURL1…` (either case) → the URL it carries (LUD-01). */
export function lnurlToUrl(lnurl: string): string {
  const { prefix, words } = bech32.decode(lnurl.toLowerCase(), 2000)
  if (prefix !== 'lnurl') throw new Error(`not an LNURL: ${prefix}`)
  return Buffer.from(bech32.fromWords(words)).toString('utf8')
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url)
  const body = (await res.json()) as unknown
  if (!body || typeof body !== 'object') throw new Error(`not a JSON object from ${url}`)
  return body as Record<string, unknown>
}

function answer(body: Record<string, unknown>): LnurlAnswer {
  if (body.status === 'OK') return { status: 'OK' }
  if (body.status === 'ERROR') return { status: 'ERROR', reason: String(body.reason ?? '') }
  throw new Error(`not an LNURL answer: ${JSON.stringify(body).slice(0, 200)}`)
}

/** Step 1: the link's withdraw request, or the service's refusal (a spent link). */
export async function readWithdrawRequest(lnurl: string): Promise<WithdrawRequest | LnurlAnswer> {
  const body = await getJson(lnurlToUrl(lnurl))
  if (body.tag !== 'withdrawRequest') return answer(body)
  const { callback, k1, minWithdrawable, maxWithdrawable, defaultDescription } = body
  if (typeof callback !== 'string' || typeof k1 !== 'string') throw new Error('withdrawRequest without callback or k1')
  if (typeof minWithdrawable !== 'number' || typeof maxWithdrawable !== 'number')
    throw new Error('withdrawRequest without its limits')
  return { callback, k1, minWithdrawable, maxWithdrawable, defaultDescription: String(defaultDescription ?? '') }
}

/** Step 2: hand over an invoice for the amount; the service pays it (OK) or says why not. */
export async function handOverInvoice(req: WithdrawRequest, paymentRequest: string): Promise<LnurlAnswer> {
  const url = new URL(req.callback)
  url.searchParams.set('k1', req.k1)
  url.searchParams.set('pr', paymentRequest)
  return answer(await getJson(url.toString()))
}

/** Both steps: claims the most the link offers, with an invoice from `invoiceFor(msat)`. */
export async function claimWithdraw(
  lnurl: string,
  invoiceFor: (amountMsat: number) => string | Promise<string>,
): Promise<LnurlAnswer & { request?: WithdrawRequest }> {
  const req = await readWithdrawRequest(lnurl)
  if ('status' in req) return req
  return { ...(await handOverInvoice(req, await invoiceFor(req.maxWithdrawable))), request: req }
}
