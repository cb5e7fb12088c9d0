// Claiming an LNURL-withdraw link someone hands the app (LUD-03; docs/service.md, "Claiming a
// withdraw link"): read the offer from the link's own server, make an invoice at the service for
// the chosen amount, hand it to the server's callback, and leave the invoice to the sync
// loop, which says when it is paid. Every answer of the other side becomes plain words.
import type { ClaimOffer, ClaimResult, PendingInvoice } from '@shared/contract'
import { AppError } from '@shared/errors'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { cleanText, LnurlAnswer, refusal, WithdrawOffer } from './offer'
import { hostOf, RemoteError, type RemoteGet } from './remote'

export { createRemoteGet, LNURL_TIMEOUT_MS, MAX_LNURL_BYTES, RemoteError, type RemoteGet } from './remote'

/** An invoice's memo at the service is at most this long. */
const MEMO_MAX = 639

/** What a claim needs of the service, per claim (the handler's client and account). */
export interface ClaimSteps {
  /** makes the invoice at the service and hands it to the sync loop */
  createInvoice(walletId: string, amountSat: number, memo: string): Promise<PendingInvoice>
  /** asks the service about the invoice now */
  check(id: string): Promise<PendingInvoice>
}

export interface ClaimService {
  read(lnurl: string): Promise<ClaimOffer>
  claim(input: { lnurl: string; walletId: string; amountSat: number }, steps: ClaimSteps): Promise<ClaimResult>
}

interface Read {
  offer: ClaimOffer
  callback: string
  k1: string
}

export function createClaimService(d: { get: RemoteGet }): ClaimService {
  async function readOffer(input: string): Promise<Read> {
    const parsed = parsePaymentInput(input)
    const target = lightningTargetOf(parsed)
    if (target?.kind !== 'lnurl')
      throw new AppError(
        'invalid_input',
        parsed.kind === 'invalid' ? parsed.reason : 'This is not an LNURL withdraw link.',
      )
    if (target.tag !== 'withdraw' && target.tag !== 'unknown')
      throw new AppError('invalid_input', 'This LNURL does not offer sats; it is not a withdraw link.')
    const host = hostOf(target.url)
    const body = await ask(d.get, target.url)
    const status = LnurlAnswer.safeParse(body)
    if (status.success && status.data.status === 'ERROR')
      throw new AppError('lnurl_error', refusal(host, status.data.reason), { retryable: false })
    if ((body as { tag?: unknown } | null)?.tag === 'payRequest')
      throw new AppError('invalid_input', 'This link asks to be paid; it offers no sats. Use Send to pay it.')
    const offered = WithdrawOffer.safeParse(body)
    if (!offered.success) {
      const backwards = offered.error.issues.some((i) => i.message === 'minimum above maximum')
      throw new AppError(
        'lnurl_error',
        backwards
          ? `${host} offers a minimum above its maximum, so nothing can be claimed.`
          : `${host} answered something that is not a withdraw offer.`,
      )
    }
    const o = offered.data
    const minSat = Math.max(1, Math.ceil(o.minWithdrawable / 1000))
    const maxSat = Math.floor(o.maxWithdrawable / 1000)
    if (maxSat < minSat)
      throw new AppError('lnurl_error', `${host} offers less than one whole sat, which cannot be claimed.`, {
        retryable: false,
      })
    return {
      offer: { lnurl: target.lnurl, host, description: cleanText(o.defaultDescription, MEMO_MAX), minSat, maxSat },
      callback: o.callback,
      k1: o.k1,
    }
  }

  async function claim(
    input: { lnurl: string; walletId: string; amountSat: number },
    steps: ClaimSteps,
  ): Promise<ClaimResult> {
    // read again: the k1 and limits of now, never ones the renderer hands back
    const { offer, callback, k1 } = await readOffer(input.lnurl)
    if (input.amountSat < offer.minSat || input.amountSat > offer.maxSat)
      throw new AppError('invalid_input', `Choose an amount from ${offer.minSat} to ${offer.maxSat} sats.`)
    const memo = (offer.description || `Claimed from ${offer.host}`).slice(0, MEMO_MAX)
    const invoice = await steps.createInvoice(input.walletId, input.amountSat, memo)

    const url = new URL(callback)
    url.searchParams.set('k1', k1)
    url.searchParams.set('pr', invoice.paymentRequest)
    let body: unknown
    try {
      body = await d.get(url.toString())
    } catch (err) {
      if (!(err instanceof RemoteError)) throw err
      return { outcome: 'unanswered', message: unanswered(err.message), offer, invoice }
    }
    const answer = LnurlAnswer.safeParse(body)
    if (!answer.success)
      return {
        outcome: 'unanswered',
        message: unanswered(`${offer.host} answered something that is not a withdraw answer.`),
        offer,
        invoice,
      }
    if (answer.data.status === 'ERROR')
      throw new AppError('lnurl_error', refusal(offer.host, answer.data.reason), { retryable: false })
    // the server may pay before it answers: the invoice as it is now, else as it was made
    const now = await steps.check(invoice.id).catch(() => invoice)
    return { outcome: 'accepted', message: null, offer, invoice: now }
  }

  return { read: async (lnurl) => (await readOffer(lnurl)).offer, claim }
}

function unanswered(why: string): string {
  return `${why} It may still pay: the invoice is watched until it expires.`
}

/** The server's JSON, or its failure as an AppError the person can read. */
async function ask(get: RemoteGet, url: string): Promise<unknown> {
  try {
    return await get(url)
  } catch (err) {
    if (!(err instanceof RemoteError)) throw err
    const code = err.problem === 'timeout' ? 'timeout' : err.problem === 'unreachable' ? 'network' : 'lnurl_error'
    throw new AppError(code, err.message, { cause: err })
  }
}
