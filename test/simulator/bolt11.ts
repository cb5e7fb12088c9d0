// BOLT 11 payment requests for the simulated node: encode, sign (secp256k1) and read back.
// Signing is the slow part (~ms each), so callers may sign lazily and cache the result.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { bech32 } from '@scure/base'
import { decode as decodeBolt11 } from 'light-bolt11-decoder'

export const NETWORK_PREFIX = 'lnbcrt'

export interface InvoiceFields {
  amountMsat: number | null
  timestamp: number
  paymentHash: string
  paymentSecret: string
  description?: string
  descriptionHash?: string
  expiry: number
  minFinalCltv?: number
}

export interface NodeKey {
  secret: Uint8Array
  pubkeyHex: string
}

export function nodeKeyFrom(label: string): NodeKey {
  const secret = sha256(new TextEncoder().encode(`lightning-tray-sim-node:${label}`))
  return { secret, pubkeyHex: bytesToHex(secp256k1.getPublicKey(secret, true)) }
}

/** Amount part of the human-readable prefix, in the largest unit that keeps it whole. */
function amountPart(msat: number | null): string {
  if (msat == null || msat === 0) return ''
  if (!Number.isSafeInteger(msat) || msat < 0) throw new RangeError('bad invoice amount')
  if (msat % 100_000_000 === 0) return `${msat / 100_000_000}m`
  if (msat % 100_000 === 0) return `${msat / 100_000}u`
  if (msat % 100 === 0) return `${msat / 100}n`
  return `${msat * 10}p`
}

/** Big-endian number in 5-bit words, at least `len` words. */
function intWords(n: number, len = 0): number[] {
  const words: number[] = []
  let v = n
  while (v > 0) {
    words.unshift(v % 32)
    v = Math.floor(v / 32)
  }
  while (words.length < len) words.unshift(0)
  return words
}

function tag(code: number, data: number[]): number[] {
  return [code, ...intWords(data.length, 2), ...data]
}

// Tag codes (bech32 character values): p=1, s=16, d=13, h=23, x=6, c=24, 9=5, n=19.
const FEATURES = intWords((1 << 8) | (1 << 14)) // var_onion_optin + payment_secret, both required

/**
 * `prefix`: another network's (`lnbc`, `lntb`, `lntbs`, `lnsb`), for tests that read requests from
 * anywhere; `withPayee`: also write the node id as an `n` field.
 */
export function encodeInvoice(
  f: InvoiceFields,
  key: NodeKey,
  opts: { prefix?: string; withPayee?: boolean } = {},
): string {
  const hrp = `${opts.prefix ?? NETWORK_PREFIX}${amountPart(f.amountMsat)}`
  const data: number[] = [...intWords(f.timestamp, 7)]
  data.push(...tag(1, bech32.toWords(hexToBytes(f.paymentHash))))
  if (opts.withPayee) data.push(...tag(19, bech32.toWords(hexToBytes(key.pubkeyHex))))
  data.push(...tag(16, bech32.toWords(hexToBytes(f.paymentSecret))))
  if (f.descriptionHash) data.push(...tag(23, bech32.toWords(hexToBytes(f.descriptionHash))))
  else data.push(...tag(13, bech32.toWords(new TextEncoder().encode(f.description ?? ''))))
  data.push(...tag(6, intWords(f.expiry)))
  data.push(...tag(24, intWords(f.minFinalCltv ?? 18)))
  data.push(...tag(5, FEATURES))
  // BOLT 11 signs sha256(hrp bytes ‖ data words packed into bytes, zero-padded).
  const msg = concat(new TextEncoder().encode(hrp), wordsToBytesPadded(data))
  const rec = secp256k1.sign(msg, key.secret, { format: 'recovered' }) // [recId, r, s]; prehash = sha256
  const sig = concat(rec.subarray(1), rec.subarray(0, 1)) // BOLT 11: r ‖ s ‖ recId
  return bech32.encode(hrp, [...data, ...bech32.toWords(sig)], false)
}

function wordsToBytesPadded(words: number[]): Uint8Array {
  const out: number[] = []
  let acc = 0
  let bits = 0
  for (const w of words) {
    acc = (acc << 5) | w
    bits += 5
    while (bits >= 8) {
      bits -= 8
      out.push((acc >> bits) & 0xff)
    }
    acc &= (1 << bits) - 1
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff)
  return Uint8Array.from(out)
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

export type Network = 'mainnet' | 'testnet' | 'signet' | 'regtest' | 'simnet'
const NETWORKS: Record<string, Network> = { bc: 'mainnet', tb: 'testnet', tbs: 'signet', bcrt: 'regtest', sb: 'simnet' }

export interface ReadInvoice {
  network: Network
  amountMsat: number | null
  paymentHash: string
  paymentSecret: string | null
  timestamp: number
  expiry: number
  description: string | null
  descriptionHash: string | null
  minFinalCltv: number
  /** the payee's node key, recovered from the signature */
  payee: string
  /** feature bits the request sets, each required or optional */
  features: Array<{ bit: number; required: boolean }>
}

const FEATURE_BITS: Record<string, number> = { var_onion_optin: 8, payment_secret: 14, basic_mpp: 16 }

/** Reads a BOLT 11 request of any network; null when it is not a valid one. */
export function readInvoice(pr: string): ReadInvoice | null {
  const s = pr
    .trim()
    .toLowerCase()
    .replace(/^lightning:/, '')
  try {
    const d = decodeBolt11(s)
    const read: Omit<ReadInvoice, 'payee'> = {
      network: 'regtest',
      amountMsat: null,
      paymentHash: '',
      paymentSecret: null,
      timestamp: 0,
      expiry: d.expiry ?? 3600,
      description: null,
      descriptionHash: null,
      minFinalCltv: 18,
      features: [],
    }
    for (const sec of d.sections as Array<{ name: string; value?: unknown; letters?: string }>) {
      const v = sec.value
      if (sec.name === 'coin_network') {
        const net = NETWORKS[sec.letters ?? '']
        if (!net) return null
        read.network = net
      } else if (sec.name === 'amount') read.amountMsat = Number(v)
      else if (sec.name === 'payment_hash') read.paymentHash = String(v)
      else if (sec.name === 'payment_secret') read.paymentSecret = String(v)
      else if (sec.name === 'timestamp') read.timestamp = Number(v)
      else if (sec.name === 'description') read.description = String(v)
      else if (sec.name === 'description_hash') read.descriptionHash = String(v)
      else if (sec.name === 'min_final_cltv_expiry') read.minFinalCltv = Number(v)
      else if (sec.name === 'feature_bits' && v && typeof v === 'object')
        for (const [name, bit] of Object.entries(FEATURE_BITS)) {
          const state = (v as Record<string, unknown>)[name]
          if (state === 'required') read.features.push({ bit, required: true })
          else if (state === 'supported') read.features.push({ bit: bit + 1, required: false })
        }
    }
    if (!/^[0-9a-f]{64}$/.test(read.paymentHash)) return null
    if (read.amountMsat != null && (!Number.isSafeInteger(read.amountMsat) || read.amountMsat < 0)) return null
    if (read.amountMsat === 0) read.amountMsat = null
    return { ...read, payee: recoverPayee(s) }
  } catch {
    return null
  }
}

/** The signing node's key: BOLT 11 signs sha256(hrp ‖ data), the signature is r ‖ s ‖ recovery id. */
function recoverPayee(pr: string): string {
  const { prefix, words } = bech32.decode(pr as `${string}1${string}`, false)
  const data = words.slice(0, -104)
  const sig = bech32.fromWords(words.slice(-104))
  const recovered = concat(sig.subarray(64), sig.subarray(0, 64)) // noble: recovery id first
  const msg = concat(new TextEncoder().encode(prefix), wordsToBytesPadded(data))
  return bytesToHex(secp256k1.recoverPublicKey(recovered, msg))
}

export function randomHex(bytes: number, rand: () => Uint8Array = () => crypto.getRandomValues(new Uint8Array(bytes))) {
  return bytesToHex(rand())
}

export function sha256Hex(hex: string): string {
  return bytesToHex(sha256(hexToBytes(hex)))
}
