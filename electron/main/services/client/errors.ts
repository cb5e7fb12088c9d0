// Maps what the service (or the network) did to the app's closed set of error codes. Messages
// are for the person; they never carry the URL or the key (ky's HTTPError message has the URL,
// and with the `access-token` auth method the URL has the key, so it is never reused here).
// Words that come from the server (its error message, a redirect's address) have the key cut
// out in every form it was sent in.
import { cleanText } from '@shared/cleanText'
import { AppError } from '@shared/errors'
import { ErrorBody } from '@shared/schemas/service'
import { isHTTPError, isTimeoutError } from 'ky'
import { RedirectError } from '../http/boundedFetch'
import { BodyTooLargeError } from '../http/readBody'
import { keyForms } from './auth'

/** What a call does, which decides how a failure reads. */
export type CallKind = 'read' | 'create' | 'probe' | 'money'

export const UNKNOWN_OUTCOME_MESSAGE =
  'The payment may or may not have been sent. Check your transactions before trying again.'

/** A 404: this service has no such route (an unknown wallet or lnTx is a 401 here). */
export const ROUTE_NOT_FOUND_MESSAGE = 'The service does not offer this at this address. Check the service address.'
/** A 404: the service has no such route at this address (an unknown wallet is a 401 here). */
export class RouteNotFound extends AppError {
  constructor() {
    super('not_found', ROUTE_NOT_FOUND_MESSAGE)
  }
}

/** A look-up of an address or LNURL the service could not use (its 500), in plain words. */
export const PROBE_FAILED =
  'Nothing that takes payments was found at that address or link. Check it for typos, or ask the recipient for an invoice instead.'

export const unknownOutcome = () => new AppError('unknown_outcome', UNKNOWN_OUTCOME_MESSAGE, { retryable: false })

/** Errors of the network stack that happen before a request leaves this computer. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
])

function causeCode(err: unknown): string | undefined {
  let e: unknown = err
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** Reads the service's `{name,message,code,status}` body; null when it is something else. */
export function serviceMessage(bodyText: string): string | null {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(bodyText))
    return parsed.success ? parsed.data.message : null
  } catch {
    return null
  }
}

function clip(s: string, secret: string): string {
  // cleaned first: a key split by a zero-width character must still be found and cut
  let safe = cleanText(s, 4096)
  for (const form of keyForms(secret)) safe = safe.split(form).join('[redacted]')
  return safe.length > 300 ? `${safe.slice(0, 297)}…` : safe
}

/** An HTTP answer that is not 2xx. */
export function errorFromStatus(status: number, bodyText: string, kind: CallKind, secret: string): AppError {
  const raw = serviceMessage(bodyText)
  const msg = raw === null ? null : clip(raw, secret)
  if (status === 401 || status === 403) {
    if (msg && /permission|secret access key/i.test(msg))
      return new AppError(
        'forbidden',
        'This API key is not allowed to do that. A secret key (sak_…) can do everything.',
      )
    if (msg && /wallet not found/i.test(msg))
      return new AppError('not_found', 'That wallet was not found for this key.')
    if (msg && /lntx not found/i.test(msg))
      return new AppError('not_found', 'That Lightning transaction was not found.')
    if (status === 403) return new AppError('forbidden', 'This API key is not allowed to do that.')
    return new AppError('unauthorized', 'The service did not accept this API key. Check the key and the address.')
  }
  if (status === 404) return new RouteNotFound()
  if (kind === 'money' && (status >= 500 || status === 408)) return unknownOutcome()
  // the service's own words ("Invalid Address / LNURL") say nothing to a person
  if (kind === 'probe' && status >= 500 && msg) return new AppError('lnurl_error', PROBE_FAILED, { retryable: false })
  if (status === 400 || status === 422) {
    if (msg && /insufficient|invoice too large|max balance/i.test(msg))
      return new AppError('insufficient_funds', `Not enough funds in this wallet. The service said: ${msg}`)
    return new AppError('invalid_input', msg ? `The service refused this: ${msg}` : 'The service refused this request.')
  }
  if (status === 429) return new AppError('service_error', 'The service is busy. Try again in a moment.')
  if (status >= 500)
    return new AppError('service_error', `The service had a problem (HTTP ${status}). Try again later.`)
  return new AppError('service_error', `The service answered with an unexpected status (HTTP ${status}).`)
}

/** A thrown error from ky/fetch (not an HTTP status). */
export async function errorFromThrown(err: unknown, kind: CallKind, secret: string): Promise<AppError> {
  if (err instanceof AppError) return err
  if (err instanceof RedirectError) return redirected(err, kind, secret)
  if (err instanceof BodyTooLargeError)
    return kind === 'money'
      ? unknownOutcome()
      : new AppError('service_error', 'The service sent an answer far larger than expected. It was not read.')
  if (isHTTPError(err)) {
    // ky puts the error body, which boundedFetch has already read (capped, in time), in `data`.
    const data: unknown = err.data
    const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data)
    return errorFromStatus(err.response.status, text, kind, secret)
  }
  if (isTimeoutError(err) || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) {
    return kind === 'money' ? unknownOutcome() : new AppError('timeout', 'The service did not answer in time.')
  }
  const code = causeCode(err)
  if (kind === 'money' && !(code && NOT_SENT_CODES.has(code))) return unknownOutcome()
  return new AppError('network', 'The service could not be reached. Check your connection and the service address.')
}

/** The body of a 2xx answer could not be read or had the wrong shape. */
export function unreadableBody(kind: CallKind): AppError {
  return kind === 'money'
    ? unknownOutcome()
    : new AppError('service_error', 'The service sent an answer the app could not read.')
}

/** A redirect, never followed: the message names where it pointed (origin and path only). */
function redirected(err: RedirectError, kind: CallKind, secret: string): AppError {
  const where = err.location
    ? `The service sent the app on to another address (${clip(err.location, secret)}), which it does not follow.`
    : `The service answered with a redirect (HTTP ${err.status}), which the app does not follow.`
  // The service may have acted before it redirected (pay, then "see other"): unknown, not failed.
  if (kind === 'money')
    return new AppError('unknown_outcome', `${where} ${UNKNOWN_OUTCOME_MESSAGE}`, { retryable: false })
  return new AppError('service_error', `${where} Check the service address.`, { retryable: false })
}
