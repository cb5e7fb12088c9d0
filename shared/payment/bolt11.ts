// BOLT 11 payment requests, decoded for display (docs/payment-input.md). The signature is not
// checked here: the service's node checks it when it pays.
import { decode } from 'light-bolt11-decoder'
// zod/mini: the same checks without pulling all of zod into Send's and Scan's chunk
import { z } from 'zod/mini'
import { cleanOptional } from '../cleanText'
import { type Words, words } from '../i18n/words'
import type { Invalid } from './text'

export type LightningNetwork = 'mainnet' | 'testnet' | 'signet' | 'regtest' | 'simnet'

/** A QR code holds at most 4,296 characters (alphanumeric mode): no real request is longer. */
export const BOLT11_LIMIT = 4296

export interface Bolt11Request {
  kind: 'bolt11'
  /** the request in lower case, as the service wants it */
  invoice: string
  network: LightningNetwork
  /** null: the payer chooses the amount */
  amountMsat: number | null
  /** without control or hidden characters; null when the request commits to a hash instead */
  description: string | null
  descriptionHash: string | null
  paymentHash: string
  /** the `n` field; null when absent (the node id then comes from the signature) */
  payee: string | null
  /** seconds since 1970 */
  timestamp: number
  /** seconds after `timestamp` */
  expirySec: number
  expiresAt: number
}

// `lnbcrt` before `lnbc` and `lntbs` before `lntb`: the longer prefix wins.
const HRP = /^ln(bcrt|bc|tbs|tb|sb)(\d+[munp]?)?$/
const NETWORKS: Record<string, LightningNetwork> = {
  bc: 'mainnet',
  tb: 'testnet',
  tbs: 'signet',
  bcrt: 'regtest',
  sb: 'simnet',
}

// What the decoder hands back is checked like any outside data. Fields of the wrong length are
// skipped, as BOLT 11 asks (`p`, `h`: 256 bits; `n`: 33 bytes).
const Hex32 = z.string().check(z.regex(/^[0-9a-f]{64}$/))
const Hex33 = z.string().check(z.regex(/^[0-9a-f]{66}$/))
const Whole = z.int().check(z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER))
const Section = z.object({ name: z.string(), value: z.optional(z.unknown()) })
const Decoded = z.object({ sections: z.array(Section) })

const bad = (reason: Words): Invalid => ({ kind: 'invalid', form: 'bolt11', reason })

/** `s` starts like a BOLT 11 request (`ln` + a bech32 body); whether it is one is decodeBolt11's job. */
export function looksLikeBolt11(s: string): boolean {
  return /^ln[a-z0-9]*1[a-z0-9]+$/i.test(s) && !/^lnurl/i.test(s)
}

export function decodeBolt11(input: string): Bolt11Request | Invalid {
  if (input.length > BOLT11_LIMIT) return bad(words('parse.invoiceTooLong'))
  if (input !== input.toLowerCase() && input !== input.toUpperCase()) return bad(words('parse.invoiceMixedCase'))
  const invoice = input.toLowerCase()
  const prefix = invoice.slice(0, invoice.lastIndexOf('1'))
  const hrp = HRP.exec(prefix)
  if (!hrp)
    return bad(
      /^ln(bcrt|bc|tbs|tb|sb)\d/.test(prefix)
        ? words('parse.invoiceAmountUnreadable')
        : words('parse.invoiceUnknownNetwork'),
    )
  if (hrp[2] && /^0+[munp]?$/.test(hrp[2])) return bad(words('parse.invoiceAmountZero'))
  let sections: z.infer<typeof Section>[]
  try {
    sections = Decoded.parse(decode(invoice)).sections
  } catch (e) {
    const msg = e instanceof Error ? e.message : ''
    if (/outside of valid range/i.test(msg)) return bad(words('parse.invoiceAmountImpossible'))
    if (/checksum/i.test(msg)) return bad(words('parse.invoiceChecksum'))
    return bad(words('parse.invoiceDamaged'))
  }
  const first = <T>(name: string, schema: z.ZodMiniType<T>): T | null => {
    for (const s of sections) {
      if (s.name !== name) continue
      const r = schema.safeParse(s.value)
      if (r.success) return r.data
    }
    return null
  }
  const paymentHash = first('payment_hash', Hex32)
  if (!paymentHash) return bad(words('parse.invoiceNoHash'))
  const timestamp = first('timestamp', Whole)
  if (timestamp === null) return bad(words('parse.invoiceDamaged'))
  const hasExpiry = sections.some((s) => s.name === 'expiry')
  const expirySec = hasExpiry ? first('expiry', Whole) : 3600 // BOLT 11's default
  if (expirySec === null || !Number.isSafeInteger(timestamp + expirySec)) return bad(words('parse.invoiceBadExpiry'))
  let amountMsat: number | null = null
  if (hrp[2]) {
    const msat = first('amount', z.string().check(z.regex(/^\d+$/)))
    amountMsat = msat === null ? null : Number(msat)
    if (amountMsat === null || !Number.isSafeInteger(amountMsat)) return bad(words('parse.invoiceAmountImpossible'))
  }
  const description = first('description', z.string())
  return {
    kind: 'bolt11',
    invoice,
    network: NETWORKS[hrp[1] as string] as LightningNetwork,
    amountMsat,
    description: cleanOptional(description),
    descriptionHash: first('description_hash', Hex32),
    paymentHash,
    payee: first('payee', Hex33),
    timestamp,
    expirySec,
    expiresAt: timestamp + expirySec,
  }
}
