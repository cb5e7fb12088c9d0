// One reader for whatever a person hands the app to pay: typed, pasted, scanned, dropped as an
// image or arriving as a `lightning:` / `bitcoin:` link. It says what the text is and never acts;
// the forms it knows and the rules it keeps are in docs/payment-input.md.

import { type Words, words } from '../i18n/words'
import {
  decodeLnurl,
  encodeLnurl,
  isAllowedLnurlUrl,
  type LightningAddress,
  LNURL_LIMIT,
  lud17ToUrl,
  parseLightningAddress,
  stripLightningPrefix,
} from '../lnurl'
import { type BitcoinNetwork, parseBip21, parseOnchainAddress, splitQuery } from './bitcoin'
import { type Bolt11Request, decodeBolt11, looksLikeBolt11 } from './bolt11'
import { characterProblem, type InputForm, type Invalid } from './text'

export type { BitcoinNetwork } from './bitcoin'
export type { Bolt11Request, LightningNetwork } from './bolt11'
export { BOLT11_LIMIT } from './bolt11'
export type { InputForm, Invalid } from './text'

/**
 * Only the first INPUT_LIMIT characters are ever looked at: longer input is refused before any
 * other work. Room for the longest request a QR code holds inside a `bitcoin:` URI with its labels.
 */
export const INPUT_LIMIT = 8192
/** DNS names stop at 253 characters; a name part beyond 64 is no address anyone hands out. */
const ADDRESS_LIMIT = 320

/** What an LNURL leads to: said by the link itself (LUD-17 scheme, `tag=`), else known only after a fetch. */
export type LnurlTag = 'pay' | 'withdraw' | 'login' | 'channel' | 'unknown'

export interface LnurlTarget {
  kind: 'lnurl'
  /** bech32, upper case (LUD-17 links are encoded to it) */
  lnurl: string
  url: string
  tag: LnurlTag
}

export type LightningAddressTarget = { kind: 'lightning-address' } & LightningAddress

/** Something that can be paid over Lightning. */
export type LightningTarget = Bolt11Request | LnurlTarget | LightningAddressTarget

/** A `bitcoin:` URI with a `lightning=` request: the request is what gets paid. */
export interface Bip21Target {
  kind: 'bip21'
  /** the on-chain fallback; null when the URI names none */
  address: string | null
  bitcoinNetwork: BitcoinNetwork | null
  amountSat: number | null
  label: string | null
  message: string | null
  lightning: LightningTarget
}

/** An on-chain address, bare or in a `bitcoin:` URI without a Lightning request. */
export interface OnchainTarget {
  kind: 'onchain'
  address: string
  network: BitcoinNetwork
  amountSat: number | null
  label: string | null
  message: string | null
  reason: Words
}

export interface Unknown {
  kind: 'unknown'
  reason: Words
}

export type ParsedInput = LightningTarget | Bip21Target | OnchainTarget | Invalid | Unknown

const ONCHAIN_ONLY = words('parse.onchainOnly')
const NOT_RECOGNISED = words('parse.notRecognised')
const SPACES = words('parse.spaces')
const LUD17_TAGS: Record<string, LnurlTag> = { lnurlp: 'pay', lnurlw: 'withdraw', lnurlc: 'channel', keyauth: 'login' }

const invalid = (form: InputForm, reason: Words): Invalid => ({ kind: 'invalid', form, reason })
const unknown = (reason: Words): Unknown => ({ kind: 'unknown', reason })

/** Says what `raw` is. Never throws, and reads no more than INPUT_LIMIT characters. */
export function parsePaymentInput(raw: string): ParsedInput {
  if (typeof raw !== 'string') return unknown(words('parse.nothingToRead'))
  if (raw.length > INPUT_LIMIT) return invalid(null, words('parse.tooLong'))
  const text = raw.trim()
  if (!text) return unknown(words('parse.nothingToRead'))
  const chars = characterProblem(text)
  if (chars) return invalid(null, chars)
  if (/\s/.test(text)) {
    // a request broken over lines, or just words: say which
    const first = parsePaymentInput(text.split(/\s/)[0] as string)
    if (first.kind === 'unknown') return unknown(NOT_RECOGNISED)
    return invalid(first.kind === 'invalid' ? first.form : first.kind, SPACES)
  }
  const scheme = /^([a-z][a-z0-9+.-]{0,31}):/i.exec(text)?.[1]?.toLowerCase()
  switch (scheme) {
    case undefined:
      return bare(text)
    case 'lightning': {
      const rest = stripLightningPrefix(text)
      if (!rest) return invalid('link', words('parse.lightningLinkEmpty'))
      return parseTarget(rest) ?? onchainOrUnknown(rest)
    }
    case 'bitcoin':
      return bip21(text)
    case 'lnurlp':
    case 'lnurlw':
    case 'lnurlc':
    case 'keyauth':
      return lud17(text, LUD17_TAGS[scheme] as LnurlTag)
    case 'https':
    case 'http':
      return webFallback(text)
    default:
      // javascript:, data:, file: and the rest: named, never opened
      return invalid('link', words('parse.otherScheme', { scheme }))
  }
}

/** The Lightning request to pay, when there is one (a `bitcoin:` URI's `lightning=` wins). */
export function lightningTargetOf(p: ParsedInput): LightningTarget | null {
  if (p.kind === 'bolt11' || p.kind === 'lnurl' || p.kind === 'lightning-address') return p
  if (p.kind === 'bip21') return p.lightning
  return null
}

function bare(text: string): ParsedInput {
  if (/^ln[oir]1/i.test(text)) return unknown(words('parse.bolt12Offer'))
  return parseTarget(text) ?? onchainOrUnknown(text)
}

/** An on-chain address says so (also inside a `lightning:` link, where some apps put one); else not recognised. */
function onchainOrUnknown(text: string): ParsedInput {
  const onchain = parseOnchainAddress(text)
  if (onchain) return { kind: 'onchain', ...onchain, amountSat: null, label: null, message: null, reason: ONCHAIN_ONLY }
  return unknown(NOT_RECOGNISED)
}

/** A BOLT 11 request, an LNURL or a lightning address, without a scheme; null when none of them. */
function parseTarget(s: string): LightningTarget | Invalid | null {
  // a value taken out of a URI was %-decoded: check it again
  const chars = characterProblem(s)
  if (chars) return invalid(null, chars)
  if (/\s/.test(s)) return invalid(null, SPACES)
  if (/^lnurl1/i.test(s)) return bech32Lnurl(s)
  if (s.includes('@')) return lightningAddress(s)
  if (looksLikeBolt11(s)) return decodeBolt11(s)
  return null
}

function lightningAddress(s: string): LightningAddressTarget | Invalid {
  if (s.length > ADDRESS_LIMIT) return invalid('lightning-address', words('parse.addressTooLong'))
  const a = parseLightningAddress(s)
  if (!a) return invalid('lightning-address', words('parse.addressInvalid'))
  return { kind: 'lightning-address', ...a }
}

function bech32Lnurl(s: string): LnurlTarget | Invalid {
  if (s.length > LNURL_LIMIT) return invalid('lnurl', words('parse.lnurlTooLong'))
  let url: string
  try {
    url = decodeLnurl(s)
  } catch {
    return invalid('lnurl', words('parse.lnurlDamaged'))
  }
  return lnurlTarget(s.toUpperCase(), url, null)
}

function lud17(text: string, tag: LnurlTag): LnurlTarget | Invalid {
  const url = lud17ToUrl(text)
  if (!url) return invalid('lnurl', words('parse.lnurlLinkEmpty'))
  let lnurl: string
  try {
    lnurl = encodeLnurl(url)
  } catch {
    return invalid('lnurl', words('parse.lnurlTooLong'))
  }
  return lnurlTarget(lnurl, url, tag)
}

function lnurlTarget(lnurl: string, url: string, tag: LnurlTag | null): LnurlTarget | Invalid {
  // the URL was inside bech32: it has not been through the character check yet
  if (!/^[\x21-\x7e]+$/.test(url) || !isAllowedLnurlUrl(url)) return invalid('lnurl', words('parse.lnurlUnsafe'))
  return { kind: 'lnurl', lnurl, url, tag: tag ?? tagOf(new URL(url)) }
}

/** The tag a bech32 LNURL's own URL declares (LUD-04 `tag=login`, LUD-08 fast withdraw, this service's links). */
function tagOf(u: URL): LnurlTag {
  const tag = u.searchParams.get('tag')
  if (tag === 'withdrawRequest' || tag === 'withdraw') return 'withdraw'
  if (tag === 'payRequest' || tag === 'pay') return 'pay'
  if (tag === 'login') return 'login'
  if (tag === 'channelRequest') return 'channel'
  // LUD-16's well-known path is a pay endpoint by definition
  if (/^\/\.well-known\/lnurlp\/[^/]+$/.test(u.pathname)) return 'pay'
  return 'unknown'
}

function bip21(text: string): ParsedInput {
  const f = parseBip21(text)
  if ('kind' in f) return f
  if (!f.lightning) {
    const a = f.address as NonNullable<typeof f.address> // parseBip21 refuses a URI with neither
    return { kind: 'onchain', ...a, amountSat: f.amountSat, label: f.label, message: f.message, reason: ONCHAIN_ONLY }
  }
  const target = parseTarget(f.lightning)
  if (!target || target.kind === 'invalid')
    return invalid('bip21', words('parse.bip21LightningUnusable', { reason: target?.reason ?? NOT_RECOGNISED }))
  if (
    target.kind === 'bolt11' &&
    target.amountMsat !== null &&
    f.amountSat !== null &&
    Math.abs(f.amountSat * 1000 - target.amountMsat) >= 1000
  )
    return invalid('bip21', words('parse.bip21AmountsDisagree'))
  return {
    kind: 'bip21',
    address: f.address?.address ?? null,
    bitcoinNetwork: f.address?.network ?? null,
    amountSat: f.amountSat,
    label: f.label,
    message: f.message,
    lightning: target,
  }
}

/** LUD-01's fallback: a web page link carrying the LNURL as `?lightning=LNURL1…`. */
function webFallback(text: string): ParsedInput {
  let u: URL
  try {
    u = new URL(text)
  } catch {
    return invalid('link', words('parse.webMalformed'))
  }
  const params = splitQuery(u.search.slice(1))
  if (!params) return invalid('link', words('parse.webDamaged'))
  const values = params.filter(([k]) => k === 'lightning').map(([, v]) => v)
  if (values.length === 0) return unknown(words('parse.webAddress'))
  if (values.length > 1) return invalid('link', words('parse.webTwoRequests'))
  return parseTarget(values[0] as string) ?? unknown(NOT_RECOGNISED)
}
