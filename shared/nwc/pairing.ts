// A pairing request from an app that wants a connection (docs/nwc.md, "One-tap pairing"), read
// with suspicion: it arrives from any web page or app (a deep link, the clipboard, a scanned
// code). Two kinds:
// - `nostr+walletauth://<app pubkey>?relay=…&request_methods=…` (Nostr Wallet Auth, NWC-08):
//   the app made its own key; the wallet makes a connection for it and says so on the app's
//   relay with an info event tagged to the app (`p`) and, when given, its `state`.
// - `nostrnwc://connect?appname=…&appicon=…&callback=…` (NIP-47 "Deep-links", NWC-07): the
//   wallet makes an ordinary connection and hands its string back.
// Sizes are capped, names cleaned, relays wss only (ws only to this computer, for tests).
import { z } from 'zod'
import { cleanText } from '../cleanText'
import { AppCallback, relayProblem } from './addresses'
import { MAX_PAIRING_LINK, NOSTRNWC, WALLETAUTH } from './pairingLink'

export { isPairingLink, MAX_PAIRING_LINK } from './pairingLink'

const MAX_RELAYS = 4
const MAX_METHODS = 24
export const MAX_APP_NAME = 60

const Relay = z
  .string()
  .max(512)
  .refine((s) => relayProblem(s) === null)
const Method = z.string().regex(/^[a-z0-9_]{1,40}$/)
const Methods = z.array(Method).max(MAX_METHODS)
const Name = z
  .string()
  .max(1024)
  .transform((s) => cleanText(s, MAX_APP_NAME))
/** an icon: https only (a picture fetched once the person opens the screen, never before) */
const Icon = z
  .string()
  .max(1024)
  .refine((s) => {
    try {
      const u = new URL(s)
      return u.protocol === 'https:' && !u.username && !u.password
    } catch {
      return false
    }
  })
const Period = z.enum(['daily', 'weekly', 'monthly', 'yearly', 'never'])
const Sat = 100_000_000

export const WalletAuthRequest = z.object({
  kind: z.literal('walletauth'),
  clientPubkey: z.string().regex(/^[0-9a-f]{64}$/),
  relays: z.array(Relay).min(1).max(MAX_RELAYS),
  /** echoed in the info event so the app knows the answer is to its request (NWC-08) */
  state: z
    .string()
    .regex(/^[0-9a-f]{32,128}$/)
    .optional(),
  name: Name.optional(),
  icon: Icon.optional(),
  requestMethods: Methods,
  optionalMethods: Methods,
  notificationTypes: Methods,
  /** the spending limit asked for, in msat per period (fees included) */
  maxAmountMsat: z
    .number()
    .int()
    .positive()
    .max(21_000_000 * Sat * 1000)
    .optional(),
  period: Period.optional(),
  expiresAt: z.number().int().positive().max(4_102_444_800).optional(),
})
export type WalletAuthRequest = z.infer<typeof WalletAuthRequest>

export const DeepLinkRequest = z.object({
  kind: z.literal('nostrnwc'),
  name: Name.optional(),
  icon: Icon.optional(),
  /** opened with the string once the connection is made (contract/nwc.ts says which are refused) */
  callback: AppCallback.optional(),
})
export type DeepLinkRequest = z.infer<typeof DeepLinkRequest>

export const PairingRequest = z.discriminatedUnion('kind', [WalletAuthRequest, DeepLinkRequest])
export type PairingRequest = z.infer<typeof PairingRequest>

const words = (s: string | null) =>
  (s ?? '')
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean)
// present but not a whole number: NaN, refused (a budget asked for must never be dropped silently)
const num = (s: string | null) => (s === null || s === '' ? undefined : /^\d{1,20}$/.test(s) ? Number(s) : Number.NaN)
const some = (s: string | null) => (s === null || s === '' ? undefined : s)

/** The request a pairing link makes, or null when it is not one this app accepts. */
export function parsePairingLink(text: string): PairingRequest | null {
  const s = text.trim()
  if (s.length > MAX_PAIRING_LINK) return null
  let u: URL
  try {
    // URL does not read a custom scheme's host reliably: read it as http
    u = new URL(s.replace(WALLETAUTH, 'http://').replace(/^nostrnwc(\+[a-z0-9_-]{1,40})?:(\/\/)?/i, 'http://'))
  } catch {
    return null
  }
  const q = u.searchParams
  if (WALLETAUTH.test(s)) {
    if (u.pathname !== '/' && u.pathname !== '') return null
    const r = WalletAuthRequest.safeParse({
      kind: 'walletauth',
      clientPubkey: u.hostname,
      relays: q.getAll('relay'),
      state: some(q.get('state')),
      name: some(q.get('name')),
      icon: some(q.get('icon')),
      requestMethods: words(q.get('request_methods')),
      optionalMethods: words(q.get('optional_request_methods')),
      notificationTypes: words(q.get('notification_types')),
      maxAmountMsat: num(q.get('max_amount')),
      // NWC-08 says renewal_period; Alby Hub and @getalby/sdk say budget_renewal
      period: some(q.get('renewal_period') ?? q.get('budget_renewal')),
      expiresAt: num(q.get('expires_at')),
    })
    return r.success ? r.data : null
  }
  if (!NOSTRNWC.test(s) || u.hostname !== 'connect') return null
  const r = DeepLinkRequest.safeParse({
    kind: 'nostrnwc',
    name: some(q.get('appname')),
    icon: some(q.get('appicon')),
    callback: some(q.get('callback')),
  })
  return r.success ? r.data : null
}
