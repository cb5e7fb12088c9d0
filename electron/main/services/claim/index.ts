// Claiming an LNURL-withdraw link someone hands the app (LUD-03; docs/service.md, "Claiming a
// withdraw link"): read the offer from the link's own server, make an invoice at the service for
// the chosen amount, hand it to the server's callback, and leave the invoice to the sync
// loop, which says when it is paid (or, refused, no longer waits for it). Every answer of the
// other side becomes plain words.
import type { ClaimOffer, ClaimResult, PendingInvoice } from '@shared/contract'
import { AppError } from '@shared/errors'
import { privateHostWords } from '@shared/netAddress'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { onServiceServer } from '@shared/serviceOrigin'
import { mt, mw } from '../i18n'
import { handOver } from './handover'
import { cleanText, LnurlAnswer, refusal, WithdrawOffer } from './offer'
import { createRemote, hostOf, plainHttpWhen, type Remote, RemoteError, remoteAppError } from './remote'

export { createRemote, LNURL_TIMEOUT_MS, MAX_LNURL_BYTES, plainHttpWhen, type Remote, RemoteError } from './remote'

/** An invoice's memo at the service is at most this long. */
const MEMO_MAX = 639

/** What a claim needs of the service, per claim (the handler's client and account). */
export interface ClaimSteps {
  /** makes the invoice at the service and hands it to the sync loop */
  createInvoice(walletId: string, amountSat: number, memo: string): Promise<PendingInvoice>
  /** asks the service about the invoice now */
  check(id: string): Promise<PendingInvoice>
  /** the link's server refused the invoice: nobody is to pay it, so it is no longer waited for */
  refuse(id: string): void
}

/** `confirmed`: the hosts the person allowed to be contacted although they are private addresses. */
export interface ClaimInput {
  lnurl: string
  walletId: string
  amountSat: number
  confirmed?: readonly string[]
}

export interface ClaimService {
  read(lnurl: string, confirmed?: readonly string[]): Promise<ClaimOffer>
  claim(input: ClaimInput, steps: ClaimSteps): Promise<ClaimResult>
}

interface Read {
  offer: ClaimOffer
  callback: string
  k1: string
}

export interface ClaimDeps {
  remote: Remote
  /** the active account's service: a link on its own server needs no private-address warning */
  serviceUrl?: () => string | undefined
}

export function createClaimService(d: ClaimDeps): ClaimService {
  const own = (url: string) => onServiceServer(url, d.serviceUrl?.())
  /** the hosts that may be private: the confirmed ones, and `url`'s when on the account's own server */
  const reach = (url: string, confirmed: readonly string[]) => (own(url) ? [...confirmed, hostOf(url)] : confirmed)
  const rangeOf = (url: string) => (own(url) ? Promise.resolve(null) : d.remote.privateRange(url))

  async function readOffer(input: string, confirmed: readonly string[]): Promise<Read> {
    const parsed = parsePaymentInput(input)
    const target = lightningTargetOf(parsed)
    if (target?.kind !== 'lnurl')
      throw new AppError('invalid_input', parsed.kind === 'invalid' ? mw(parsed.reason) : mt('claim.notWithdrawLink'))
    if (target.tag !== 'withdraw' && target.tag !== 'unknown')
      throw new AppError('invalid_input', mt('claim.offersNoSats'))
    const host = hostOf(target.url)
    const body = await ask(d.remote, target.url, reach(target.url, confirmed))
    const status = LnurlAnswer.safeParse(body)
    if (status.success && status.data.status === 'ERROR')
      throw new AppError('lnurl_error', refusal(host, status.data.reason), { retryable: false })
    if ((body as { tag?: unknown } | null)?.tag === 'payRequest')
      throw new AppError('invalid_input', mt('claim.asksToBePaid'))
    const offered = WithdrawOffer.safeParse(body)
    if (!offered.success) {
      const backwards = offered.error.issues.some((i) => i.message === 'minimum above maximum')
      throw new AppError(
        'lnurl_error',
        backwards ? mt('claim.minAboveMax', { host }) : mt('claim.notAnOffer', { host }),
      )
    }
    const o = offered.data
    const minSat = Math.max(1, Math.ceil(o.minWithdrawable / 1000))
    const maxSat = Math.floor(o.maxWithdrawable / 1000)
    if (maxSat < minSat)
      throw new AppError('lnurl_error', mt('claim.lessThanSat', { host }), {
        retryable: false,
      })
    const description = cleanText(o.defaultDescription, MEMO_MAX)
    // the money request may go elsewhere: the person is told where, and warned if it is private
    const callbackHost = hostOf(o.callback)
    const callbackRange = await rangeOf(o.callback)
    return {
      offer: { lnurl: target.lnurl, host, description, minSat, maxSat, callbackHost, callbackRange },
      callback: o.callback,
      k1: o.k1,
    }
  }

  async function claim(input: ClaimInput, steps: ClaimSteps): Promise<ClaimResult> {
    const confirmed = input.confirmed ?? []
    // read again: the k1 and limits of now, never ones the renderer hands back
    const { offer, callback, k1 } = await readOffer(input.lnurl, confirmed)
    if (input.amountSat < offer.minSat || input.amountSat > offer.maxSat)
      throw new AppError('invalid_input', mt('claim.chooseAmount', { min: offer.minSat, max: offer.maxSat }))
    // before any invoice is made: the request would go to a private address nobody confirmed
    const range = await rangeOf(callback)
    if (range && !confirmed.includes(offer.callbackHost))
      throw new AppError('private_host', mw(privateHostWords(offer.callbackHost, range)), { retryable: false })
    const memo = (offer.description || mt('claim.memo', { host: offer.host })).slice(0, MEMO_MAX)
    const invoice = await steps.createInvoice(input.walletId, input.amountSat, memo)

    const url = new URL(callback)
    url.searchParams.set('k1', k1)
    url.searchParams.set('pr', invoice.paymentRequest)
    const said = await handOver(d.remote, url.toString(), reach(callback, confirmed), offer.host)
    if (said.kind === 'unknown') return { outcome: 'unanswered', message: unanswered(said.why), offer, invoice }
    if (said.kind === 'refused') {
      // the invoice stays at the service (it cannot be deleted there); here it waits for nobody
      steps.refuse(invoice.id)
      throw new AppError('lnurl_error', said.message, { retryable: false })
    }
    // the server may pay before it answers: the invoice as it is now, else as it was made
    const now = await steps.check(invoice.id).catch(() => invoice)
    return { outcome: 'accepted', message: null, offer, invoice: now }
  }

  return { read: async (lnurl, confirmed = []) => (await readOffer(lnurl, confirmed)).offer, claim }
}

/**
 * The app's claims: plain http never when packaged, else only while the active account's service
 * (`serviceUrl`) is on loopback, or the demo and tests serve their outside parties there
 * (`loopbackParties`, for an account with no service of its own: NWC); private hosts only
 * confirmed, or that service's own server (docs/architecture.md).
 */
export function createAppClaims(
  packaged: boolean,
  serviceUrl: () => string | undefined,
  loopbackParties = false,
): ClaimService {
  const onLoopback = plainHttpWhen(packaged, serviceUrl)
  const plainHttp = () => (loopbackParties && !packaged) || onLoopback()
  return createClaimService({ remote: createRemote({ plainHttp }), serviceUrl })
}

function unanswered(why: string): string {
  return mt('claim.mayStillPay', { why })
}

/** The server's JSON, or its failure as an AppError the person can read. */
async function ask(remote: Remote, url: string, confirmed: readonly string[]): Promise<unknown> {
  try {
    return (await remote.get(url, confirmed)).body
  } catch (err) {
    throw err instanceof RemoteError ? remoteAppError(err) : err
  }
}
