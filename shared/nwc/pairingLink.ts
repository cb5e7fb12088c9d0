// Whether a text is a pairing link (pairing.ts reads it): apart, so the payment router, which asks
// this of every link, the clipboard and every scan, carries no zod for it.
export const MAX_PAIRING_LINK = 4096
export const WALLETAUTH = /^nostr\+walletauth(\+[a-z0-9_-]{1,40})?:(\/\/)?/i
export const NOSTRNWC = /^nostrnwc(\+[a-z0-9_-]{1,40})?:(\/\/)?connect\/?(\?|$)/i

export const isPairingLink = (text: string): boolean => {
  const s = text.trim()
  return s.length <= MAX_PAIRING_LINK && (WALLETAUTH.test(s) || NOSTRNWC.test(s))
}
