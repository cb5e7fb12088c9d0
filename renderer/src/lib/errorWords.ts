// What to do next after each kind of failure, in words a person understands. Main's message says
// what happened; this adds the way forward when the message does not already give one. Every
// error code has an entry (the Record's type makes a new code without one a compile error).
import type { AppErrorShape, ErrorCode } from '@shared/errors'

export const NEXT_STEP: Record<ErrorCode, string> = {
  unauthorized:
    'Check the API key in Settings: it starts with sak_ and comes from your account page on the wallet service. If it was revoked, make a new one and use Replace key in Settings.',
  forbidden: 'Make a key with this permission on the wallet service, then use Replace key in Settings.',
  not_found: 'It may have been removed or belong to another account. Refresh, or go back and choose again.',
  invalid_input: 'Check what you entered and try again.',
  insufficient_funds: 'Choose a smaller amount or another wallet, or receive funds first.',
  network: 'Check your internet connection and the service address in Settings. The app keeps trying.',
  timeout: 'Try again in a moment. If it keeps happening, the server may be slow right now.',
  service_error: 'The problem is on the service’s side. Try again in a few minutes.',
  unknown_outcome:
    'Do not pay again yet: open Transactions to see whether the payment went through. Nothing is sent twice by the app.',
  keychain_unavailable:
    'Unlock or set up your system keychain and try again, or keep the key in memory for this session only.',
  not_connected: 'Connect an account: add the service address and your API key.',
  lnurl_error: 'The other side refused. Check the code or link, or ask whoever gave it to you.',
  private_host: 'Go on only if you trust whoever gave you this link and know what runs at that address.',
  busy: 'This is already under way. Wait for it to finish.',
  limit: 'Choose a smaller amount, or change the spending limits in Settings.',
  locked: 'Unlock the app with your passphrase, then try again.',
  internal: 'Try again. If it keeps happening, restart the app.',
}

/** A message that already says what to do (main's words often do) needs no second hint. */
const SAYS_WHAT_TO_DO = /\b(try again|check|remove|connect|enter|use|choose|paste|unlock|open|wait)\b/i

/** The next step to show under `error`'s message, or null when the message already gives one. */
export function nextStep(error: AppErrorShape): string | null {
  if (SAYS_WHAT_TO_DO.test(error.message)) return null
  return NEXT_STEP[error.code]
}
