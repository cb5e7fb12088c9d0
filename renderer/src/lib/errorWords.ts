// What to do next after each kind of failure, in words a person understands. Main's message says
// what happened; this adds the way forward when the message does not already give one. Every
// error code has an entry (the Record's type makes a new code without one a compile error).
import type { AppErrorShape, ErrorCode } from '@shared/errors'
import { type MessageId, t } from '../i18n'

export const NEXT_STEP: Record<ErrorCode, MessageId> = {
  unauthorized: 'errorWords.unauthorized',
  forbidden: 'errorWords.forbidden',
  not_found: 'errorWords.notFound',
  invalid_input: 'errorWords.invalidInput',
  insufficient_funds: 'errorWords.insufficientFunds',
  network: 'errorWords.network',
  timeout: 'errorWords.timeout',
  service_error: 'errorWords.serviceError',
  unknown_outcome: 'errorWords.unknownOutcome',
  keychain_unavailable: 'errorWords.keychainUnavailable',
  not_connected: 'errorWords.notConnected',
  lnurl_error: 'errorWords.lnurlError',
  private_host: 'errorWords.privateHost',
  busy: 'errorWords.busy',
  limit: 'errorWords.limit',
  locked: 'errorWords.locked',
  needs_passphrase: 'errorWords.needsPassphrase',
  internal: 'errorWords.internal',
}

/** A message that already says what to do (main's words often do) needs no second hint. */
const SAYS_WHAT_TO_DO = /\b(try again|check|remove|connect|enter|use|choose|paste|unlock|open|wait)\b/i

/** The next step to show under `error`'s message, or null when the message already gives one. */
export function nextStep(error: AppErrorShape): string | null {
  if (SAYS_WHAT_TO_DO.test(error.message)) return null
  return t(NEXT_STEP[error.code])
}
