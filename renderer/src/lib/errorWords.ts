// What to do next after each kind of failure, in words a person understands. Main's message says
// what happened; this adds the way forward. Which step shows is decided by the error's code alone,
// never by reading the message's words, so every language gets the same hint. Every error code
// has an entry (the Record's type makes a new code without one a compile error); null where main's
// messages of that code are written to say the way forward themselves.
import type { AppErrorShape, ErrorCode } from '@shared/errors'
import { type MessageId, t } from '../i18n'

export const NEXT_STEP: Record<ErrorCode, MessageId | null> = {
  unauthorized: 'errorWords.unauthorized',
  forbidden: 'errorWords.forbidden',
  not_found: 'errorWords.notFound',
  // a refused input names what to change ("This invoice has expired. Ask the payee…"): a generic
  // "check what you entered" under it would be wrong as often as right
  invalid_input: null,
  insufficient_funds: 'errorWords.insufficientFunds',
  network: 'errorWords.network',
  timeout: 'errorWords.timeout',
  service_error: 'errorWords.serviceError',
  unknown_outcome: 'errorWords.unknownOutcome',
  keychain_unavailable: 'errorWords.keychainUnavailable',
  not_connected: 'errorWords.notConnected',
  lnurl_error: 'errorWords.lnurlError',
  private_host: 'errorWords.privateHost',
  // "This is already being sent. Wait for the result."
  busy: null,
  limit: 'errorWords.limit',
  // "The app is locked. Unlock it with your passphrase to go on."
  locked: null,
  needs_passphrase: 'errorWords.needsPassphrase',
  internal: 'errorWords.internal',
}

/** The next step to show under `error`'s message (by its code), or null when its code has none. */
export function nextStep(error: AppErrorShape): string | null {
  const id = NEXT_STEP[error.code]
  return id ? t(id) : null
}
