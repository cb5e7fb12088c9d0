// Maps what the service (or the network) did to the app's closed set of error codes. Messages
// are for the person; they never carry the URL or the key (ky's HTTPError message has the URL,
// and with the `access-token` auth method the URL has the key, so it is never reused here).
// Words that come from the server (its error message, a redirect's address) have the key cut
// out in every form it was sent in.
import { cleanText } from '@shared/cleanText'
import { AppError } from '@shared/errors'
import { isHTTPError, isTimeoutError } from 'ky'
import { RedirectError } from '../../http/boundedFetch'
import { BodyTooLargeError } from '../../http/readBody'
import { mt } from '../../i18n'
import { keyForms } from './auth'
import { ErrorBody } from './schemas'

/** What a call does, which decides how a failure reads. */
export type CallKind = 'read' | 'create' | 'probe' | 'money'

/** Words of a payment whose outcome is unknown, in main's language (a function: it can change). */
export const unknownOutcomeMessage = (): string => mt('client.unknownOutcome')

/** A 404: the service has no such route at this address (an unknown wallet is a 401 here). */
export class RouteNotFound extends AppError {
  constructor() {
    super('not_found', mt('client.routeNotFound'))
  }
}

/** A look-up of an address or LNURL the service could not use (its 500), in plain words. */
export const probeFailedMessage = (): string => mt('client.probeFailed')

export const unknownOutcome = () => new AppError('unknown_outcome', unknownOutcomeMessage(), { retryable: false })

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

/** Outside words, cleaned (@shared/cleanText), with `secret` cut out in every form it may be sent in. */
export function withoutKey(s: string, secret: string): string {
  // cleaned first: a key split by a zero-width character must still be found and cut
  let safe = cleanText(s, 4096)
  for (const form of keyForms(secret)) safe = safe.split(form).join('[redacted]')
  return safe
}

function clip(s: string, secret: string): string {
  const safe = withoutKey(s, secret)
  return safe.length > 300 ? `${safe.slice(0, 297)}…` : safe
}

/** An HTTP answer that is not 2xx. */
export function errorFromStatus(status: number, bodyText: string, kind: CallKind, secret: string): AppError {
  const raw = serviceMessage(bodyText)
  const msg = raw === null ? null : clip(raw, secret)
  if (status === 401 || status === 403) {
    if (msg && /permission|secret access key/i.test(msg))
      return new AppError('forbidden', mt('client.keyNotAllowedSecret'))
    if (msg && /wallet not found/i.test(msg)) return new AppError('not_found', mt('client.walletNotFound'))
    if (msg && /lntx not found/i.test(msg)) return new AppError('not_found', mt('client.lnTxNotFound'))
    if (status === 403) return new AppError('forbidden', mt('client.keyNotAllowed'))
    return new AppError('unauthorized', mt('client.keyRefused'))
  }
  if (status === 404) return new RouteNotFound()
  if (kind === 'money' && (status >= 500 || status === 408)) return unknownOutcome()
  // the service's own words ("Invalid Address / LNURL") say nothing to a person
  if (kind === 'probe' && status >= 500 && msg)
    return new AppError('lnurl_error', probeFailedMessage(), { retryable: false })
  if (status === 400 || status === 422) {
    if (msg && /insufficient|invoice too large|max balance/i.test(msg))
      return new AppError('insufficient_funds', mt('client.insufficientFunds', { said: msg }))
    return new AppError('invalid_input', msg ? mt('client.refusedSaid', { said: msg }) : mt('client.refused'))
  }
  if (status === 429) return new AppError('service_error', mt('client.busy'))
  if (status >= 500) return new AppError('service_error', mt('client.serverProblem', { status: String(status) }))
  return new AppError('service_error', mt('client.unexpectedStatus', { status: String(status) }))
}

/** A thrown error from ky/fetch (not an HTTP status). */
export async function errorFromThrown(err: unknown, kind: CallKind, secret: string): Promise<AppError> {
  if (err instanceof AppError) return err
  if (err instanceof RedirectError) return redirected(err, kind, secret)
  if (err instanceof BodyTooLargeError)
    return kind === 'money' ? unknownOutcome() : new AppError('service_error', mt('client.tooLarge'))
  if (isHTTPError(err)) {
    // ky puts the error body, which boundedFetch has already read (capped, in time), in `data`.
    const data: unknown = err.data
    const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data)
    return errorFromStatus(err.response.status, text, kind, secret)
  }
  if (isTimeoutError(err) || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) {
    return kind === 'money' ? unknownOutcome() : new AppError('timeout', mt('client.timeout'))
  }
  const code = causeCode(err)
  if (kind === 'money' && !(code && NOT_SENT_CODES.has(code))) return unknownOutcome()
  return new AppError('network', mt('client.unreachable'))
}

/** The body of a 2xx answer could not be read or had the wrong shape. */
export function unreadableBody(kind: CallKind): AppError {
  return kind === 'money' ? unknownOutcome() : new AppError('service_error', mt('client.unreadable'))
}

/** A redirect, never followed: the message names where it pointed (origin and path only). */
function redirected(err: RedirectError, kind: CallKind, secret: string): AppError {
  const where = err.location
    ? mt('client.redirectedTo', { where: clip(err.location, secret) })
    : mt('client.redirected', { status: String(err.status) })
  // The service may have acted before it redirected (pay, then "see other"): unknown, not failed.
  if (kind === 'money')
    return new AppError(
      'unknown_outcome',
      mt('client.redirectedUnknown', { redirect: where, unknown: unknownOutcomeMessage() }),
      { retryable: false },
    )
  return new AppError('service_error', mt('client.checkAddress', { redirect: where }), { retryable: false })
}
