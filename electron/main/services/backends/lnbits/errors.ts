// What an LNbits server (or the network) did, as the app's error codes (docs/lnbits.md, "Keys" and
// "Errors"). LNbits says why in `detail`; a 520 adds the payment's `status`: `failed` means no
// money left, anything else (or no answer at all) is an outcome nobody knows yet. The server's
// words are outside text: cleaned, clipped and with the key cut out before they are shown.
import { AppError } from '@shared/errors'
import { isHTTPError } from 'ky'
import { mt } from '../../i18n'
import { errorFromThrown as networkError, unknownOutcome, withoutKey } from '../service/errors'
import { ErrorBody } from './schemas'

/** What a call does, which decides how a failure reads. */
export type CallKind = 'read' | 'create' | 'money'

/** LNbits' `detail` (a string; pydantic's list is nobody's words) and a 520's `status` */
function bodyOf(text: string): { detail: string | null; status?: string } {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text))
    if (!parsed.success) return { detail: null }
    const { detail, status } = parsed.data
    return { detail: typeof detail === 'string' ? detail : null, ...(status ? { status } : {}) }
  } catch {
    return { detail: null }
  }
}

const said = (detail: string, secret: string) => {
  const safe = withoutKey(detail, secret)
  return safe.length > 300 ? `${safe.slice(0, 297)}…` : safe
}

const INSUFFICIENT = /insufficient|max balance|not enough/i

/** LNbits' 4xx: a wrong key is a 404 `Wallet not found.`, the invoice key where the admin key is needed a 403 */
function refusal(status: number, detail: string | null, secret: string): AppError {
  if (status === 401 || (status === 404 && detail && /wallet not found/i.test(detail)))
    return new AppError('unauthorized', mt('lnbits.keyRefused'))
  if (status === 403) return new AppError('forbidden', mt('lnbits.needsAdminKey'))
  if (status === 404)
    return detail && /payment does not exist/i.test(detail)
      ? new AppError('not_found', mt('lnbits.paymentNotFound'))
      : new AppError('not_found', mt('lnbits.notOffered'))
  if (detail && INSUFFICIENT.test(detail))
    return new AppError('insufficient_funds', mt('lnbits.insufficient', { said: said(detail, secret) }))
  if (status === 429) return new AppError('service_error', mt('client.busy'))
  return new AppError(
    'invalid_input',
    detail ? mt('lnbits.refusedSaid', { said: said(detail, secret) }) : mt('lnbits.refused'),
  )
}

/** An HTTP answer that is not 2xx. */
export function errorFromStatus(status: number, text: string, kind: CallKind, secret: string): AppError {
  const { detail, status: paymentStatus } = bodyOf(text)
  if (status >= 400 && status < 500 && status !== 408) return refusal(status, detail, secret)
  // 520: LNbits' PaymentError/InvoiceError; only `failed` says that nothing left
  if (status === 520 && paymentStatus === 'failed') {
    if (detail && INSUFFICIENT.test(detail))
      return new AppError('insufficient_funds', mt('lnbits.insufficient', { said: said(detail, secret) }))
    const words = detail ? mt('lnbits.refusedSaid', { said: said(detail, secret) }) : mt('lnbits.refused')
    return new AppError(kind === 'money' ? 'invalid_input' : 'service_error', words, { retryable: false })
  }
  if (kind === 'money') return unknownOutcome()
  if (status === 408) return new AppError('timeout', mt('client.timeout'))
  return new AppError('service_error', mt('lnbits.serverProblem', { status: String(status) }))
}

/** A thrown error from ky or fetch: an HTTP status here, the rest as the service client reads it. */
export async function errorFromThrown(err: unknown, kind: CallKind, secret: string): Promise<AppError> {
  if (isHTTPError(err)) {
    // boundedFetch has read the error body already (capped, in time); ky keeps it in `data`
    const data: unknown = err.data
    const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data)
    return errorFromStatus(err.response.status, text, kind, secret)
  }
  return networkError(err, kind === 'money' ? 'money' : kind, secret)
}

/** A 2xx body the app could not read: for a payment, an unknown outcome. */
export function unreadable(kind: CallKind): AppError {
  return kind === 'money' ? unknownOutcome() : new AppError('service_error', mt('lnbits.unreadable'))
}
