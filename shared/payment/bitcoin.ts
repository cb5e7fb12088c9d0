// On-chain bitcoin addresses and BIP 21 `bitcoin:` URIs (docs/payment-input.md). This app pays
// over Lightning only: an address is recognised so the person is told so, never paid to.
import { bech32, bech32m } from 'bech32'
import { cleanText } from '../cleanText'
import { type Words, type WordsId, words } from '../i18n/words'
import type { Invalid } from './text'

/** `testnet` also covers signet (same address prefixes) and, for base58 addresses, regtest. */
export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest'

export interface OnchainAddress {
  /** bech32 addresses in lower case; base58 ones as given (they are case-sensitive) */
  address: string
  network: BitcoinNetwork
}

const SEGWIT_HRP: Record<string, BitcoinNetwork> = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' }
/** 21 million BTC in sats: no amount can be larger. */
export const MAX_SAT = 21_000_000 * 100_000_000

/** A segwit address (checksum checked, BIP 173/350) or a base58 one (shape only); null otherwise. */
export function parseOnchainAddress(s: string): OnchainAddress | null {
  if (/^(bc|tb|bcrt)1/i.test(s)) {
    if (s !== s.toLowerCase() && s !== s.toUpperCase()) return null
    const lower = s.toLowerCase()
    // witness version 0 uses bech32, versions 1 to 16 bech32m
    for (const [codec, v0] of [
      [bech32, true],
      [bech32m, false],
    ] as const) {
      const d = codec.decodeUnsafe(lower, 90)
      if (!d) continue
      const network = SEGWIT_HRP[d.prefix]
      const version = d.words[0]
      if (!network || version === undefined || version > 16 || (version === 0) !== v0) return null
      const program = codec.fromWordsUnsafe(d.words.slice(1))
      if (!program || program.length < 2 || program.length > 40) return null
      if (version === 0 && program.length !== 20 && program.length !== 32) return null
      return { address: lower, network }
    }
    return null
  }
  // P2PKH / P2SH. Their checksum needs sha256, which this pure module does without: the address
  // is only ever named to the person, never paid to.
  if (/^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(s))
    return { address: s, network: /^[13]/.test(s) ? 'mainnet' : 'testnet' }
  return null
}

export interface Bip21Fields {
  address: OnchainAddress | null
  amountSat: number | null
  label: string | null
  message: string | null
  /** the raw `lightning=` value, for the caller to parse */
  lightning: string | null
}

const bad = (reason: Words): Invalid => ({ kind: 'invalid', form: 'bip21', reason })

/**
 * `bitcoin:<address>?amount=…&label=…&message=…&lightning=…`. Keys are read in any case: QR codes
 * carry the whole URI in upper case. A key given twice, or an unknown `req-` key, voids the URI.
 */
export function parseBip21(uri: string): Bip21Fields | Invalid {
  const rest = uri.replace(/^bitcoin:(?:\/\/)?/i, '').replace(/#.*$/, '')
  const q = rest.indexOf('?')
  const addressPart = q < 0 ? rest : rest.slice(0, q)
  const params = splitQuery(q < 0 ? '' : rest.slice(q + 1))
  if (!params) return bad(words('parse.bip21Damaged'))
  const seen = new Map<string, string>()
  for (const [key, value] of params) {
    if (seen.has(key))
      return bad(key === 'lightning' ? words('parse.bip21TwoRequests') : words('parse.bip21FieldTwice'))
    // BIP 21: a `req-` key the reader does not know voids the whole URI
    if (key.startsWith('req-')) return bad(words('parse.bip21Requires'))
    seen.set(key, value)
  }
  let address: OnchainAddress | null = null
  if (addressPart) {
    address = parseOnchainAddress(addressPart)
    if (!address)
      return {
        kind: 'invalid',
        form: 'onchain',
        reason: words('parse.bip21AddressDamaged'),
      }
  }
  const amount = seen.get('amount')
  const amountSat = amount === undefined ? null : btcToSat(amount)
  if (typeof amountSat === 'string') return bad(words(amountSat))
  const text = (k: string) => {
    const v = seen.get(k)
    return v === undefined ? null : cleanText(v)
  }
  const lightning = seen.get('lightning') ?? null
  if (!address && !lightning) return bad(words('parse.bip21Empty'))
  return { address, amountSat, label: text('label'), message: text('message'), lightning }
}

/** A BIP 21 amount (decimal BTC, "." as the point) in whole sats; a message id says why it is refused. */
function btcToSat(s: string): number | WordsId {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s)
  if (!m || !/\d/.test(s)) return 'parse.bip21AmountNotNumber'
  const whole = (m[1] ?? '').replace(/^0+/, '')
  const frac = m[2] ?? ''
  if (frac.length > 8 && /[1-9]/.test(frac.slice(8))) return 'parse.bip21AmountFiner'
  // more than 8 whole digits is more bitcoin than will ever exist; stop before any arithmetic
  if (whole.length > 8) return 'parse.bip21AmountTooMuch'
  const sat = Number(whole || '0') * 100_000_000 + Number(frac.slice(0, 8).padEnd(8, '0'))
  if (sat > MAX_SAT) return 'parse.bip21AmountTooMuch'
  if (sat === 0) return 'parse.bip21AmountZero'
  return sat
}

/** `a=1&B=2` → [['a','1'],['b','2']] with keys in lower case and values %-decoded; null when broken. */
export function splitQuery(query: string): [string, string][] | null {
  const out: [string, string][] = []
  for (const part of query.split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    try {
      const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq)).toLowerCase()
      out.push([key, decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1))])
    } catch {
      return null
    }
  }
  return out
}
