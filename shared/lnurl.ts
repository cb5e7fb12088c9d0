// LNURL (LUD-01), lightning addresses (LUD-16) and the `lightning:` / `lnurlw://` forms. What a
// person hands the app is read by shared/payment/parse.ts, which builds on these.
import { bech32 } from 'bech32'

/** bech32's default limit is 90 characters; almost every LNURL is longer (LUD-01). */
export const LNURL_LIMIT = 1023

const enc = new TextEncoder()
const dec = new TextDecoder('utf-8', { fatal: true })

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h)
}

/** https anywhere; http only for loopback hosts (a local simulator) and .onion. */
export function isAllowedLnurlUrl(url: string): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  // `https://pay.example@evil.example/` shows one host and goes to another
  if (u.username || u.password) return false
  if (u.protocol === 'https:') return true
  if (u.protocol === 'http:') return isLoopbackHost(u.hostname) || u.hostname.endsWith('.onion')
  return false
}

export function encodeLnurl(url: string): string {
  const words = bech32.toWords(enc.encode(url))
  return bech32.encode('lnurl', words, LNURL_LIMIT).toUpperCase()
}

/** Decodes `LNURL1…` (either case, optional `lightning:` prefix) to its URL; throws on bad input. */
export function decodeLnurl(input: string): string {
  const s = stripLightningPrefix(input.trim())
  if (s !== s.toLowerCase() && s !== s.toUpperCase()) throw new Error('LNURL mixes upper and lower case')
  const { prefix, words } = bech32.decode(s.toLowerCase(), LNURL_LIMIT)
  if (prefix !== 'lnurl') throw new Error('not an LNURL')
  const url = dec.decode(Uint8Array.from(bech32.fromWords(words)))
  new URL(url) // throws when the payload is not a URL
  return url
}

/** Drops `lightning:` in any case, and `lightning://`, a common mistake of link makers. */
export function stripLightningPrefix(s: string): string {
  return s.replace(/^lightning:(?:\/\/)?/i, '')
}

/** `lightning:LNURL1…`, upper case, as a QR code wants it (alphanumeric mode). */
export function lightningUri(lnurlOrInvoice: string): string {
  return `lightning:${stripLightningPrefix(lnurlOrInvoice).toUpperCase()}`
}

/** LUD-17 schemes: `lnurlw://host/path` → `https://host/path` (http for onion/loopback). */
export function lud17ToUrl(s: string): string | null {
  const m = /^(lnurl[cwp]|keyauth):\/\/(.+)$/i.exec(s.trim())
  if (!m) return null
  const rest = m[2] as string
  const host = rest.split(/[/?#]/)[0]?.replace(/:\d+$/, '') ?? ''
  const scheme = host.endsWith('.onion') || isLoopbackHost(host) ? 'http' : 'https'
  return `${scheme}://${rest}`
}

export interface LightningAddress {
  user: string
  domain: string
  /** normalised `user@domain`, lower case */
  address: string
  /** `https://domain/.well-known/lnurlp/user` */
  url: string
}

/** Parses and normalises a lightning address (LUD-16); null when it is not one. */
export function parseLightningAddress(input: string): LightningAddress | null {
  const raw = stripLightningPrefix(input.trim())
  // checked before lower-casing, which turns some look-alikes into ASCII (the Kelvin sign K → k)
  if (!/^[\x21-\x7e]{3,320}$/.test(raw)) return null
  const s = raw.toLowerCase()
  const m = /^([a-z0-9\-_.+]+)@([a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?)$/.exec(s)
  if (!m) return null
  const user = m[1] as string
  const domain = m[2] as string
  if (!/^[a-z0-9\-_.]+$/.test(user)) return null
  if (!domain.includes('.') && !isLoopbackHost(domain.replace(/:\d+$/, ''))) return null
  const scheme = isLoopbackHost(domain.replace(/:\d+$/, '')) || domain.endsWith('.onion') ? 'http' : 'https'
  return { user, domain, address: `${user}@${domain}`, url: `${scheme}://${domain}/.well-known/lnurlp/${user}` }
}
