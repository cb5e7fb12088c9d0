// LNURL (LUD-01), lightning addresses (LUD-16) and the `lightning:` / `lnurlw://` forms.
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

export type ScanResult =
  | { kind: 'lightning-address'; address: string }
  | { kind: 'lnurl'; lnurl: string; url: string; tag: 'withdraw' | 'pay' | 'unknown' }
  | { kind: 'bolt11'; invoice: string }
  | { kind: 'unknown'; text: string; reason: string }

/** Classifies scanned or pasted text so the app can route it to the right journey. */
export function classifyPayload(raw: string): ScanResult {
  const text = raw.trim()
  if (!text) return { kind: 'unknown', text, reason: 'Nothing was found to read.' }
  const bare = stripLightningPrefix(text)
  const addr = parseLightningAddress(bare)
  if (addr) return { kind: 'lightning-address', address: addr.address }
  if (/^lnurl1/i.test(bare)) {
    try {
      const url = decodeLnurl(bare)
      return { kind: 'lnurl', lnurl: bare.toUpperCase(), url, tag: lnurlTag(url) }
    } catch {
      return { kind: 'unknown', text, reason: 'This looks like an LNURL but it is damaged.' }
    }
  }
  const lud17 = lud17ToUrl(bare)
  if (lud17) {
    const tag = /^lnurlw/i.test(bare) ? 'withdraw' : /^lnurlp/i.test(bare) ? 'pay' : lnurlTag(lud17)
    return { kind: 'lnurl', lnurl: encodeLnurl(lud17), url: lud17, tag }
  }
  if (/^ln(bc|tb|bcrt|sb|tbs)[0-9a-z]+$/i.test(bare)) return { kind: 'bolt11', invoice: bare.toLowerCase() }
  if (/^bitcoin:/i.test(text))
    return {
      kind: 'unknown',
      text,
      reason: 'This is an on-chain bitcoin address; this wallet sends over Lightning only.',
    }
  return { kind: 'unknown', text, reason: 'This is not a lightning address, LNURL or Lightning invoice.' }
}

function lnurlTag(url: string): 'withdraw' | 'pay' | 'unknown' {
  try {
    const u = new URL(url)
    const tag = u.searchParams.get('tag')
    if (tag === 'withdraw' || tag === 'withdrawRequest' || /lnurl-process|withdraw/i.test(u.pathname)) return 'withdraw'
    if (tag === 'pay' || tag === 'payRequest' || /lnurlp/i.test(u.pathname)) return 'pay'
  } catch {}
  return 'unknown'
}
