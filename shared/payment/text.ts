// Character-level checks shared by every form of payment input (docs/payment-input.md).
import { type Words, words } from '../i18n/words'

/** What the input looked like before it turned out to be unusable; null when nothing was recognised. */
export type InputForm = 'bolt11' | 'lnurl' | 'lightning-address' | 'bip21' | 'onchain' | 'link' | null

export interface Invalid {
  kind: 'invalid'
  form: InputForm
  reason: Words
}

/**
 * Every form this app reads (bech32, addresses, URIs with percent-encoding) is printable ASCII.
 * Anything else but whitespace (which the caller judges) is refused with a reason: hidden
 * characters and look-alike letters from other alphabets are how a wrong address is dressed up
 * as a known one.
 */
export function characterProblem(s: string): Words | null {
  if (/^[\x21-\x7e]*$/.test(s)) return null
  if (/\p{Cf}/u.test(s)) return words('parse.hiddenCharacters')
  if (/[^\P{Cc}\s]/u.test(s)) return words('parse.controlCharacters')
  if (/[^\x21-\x7e\s]/.test(s)) return words('parse.notLatin')
  return null
}
