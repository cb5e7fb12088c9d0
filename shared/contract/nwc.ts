// Connected apps (Nostr Wallet Connect, NIP-47; docs/nwc.md): the schemas, operations and events
// of this domain (joined in index.ts and events.ts; the names are in channels.ts).
import { z } from 'zod'
import { AppCallback, relayProblem } from '../nwc/addresses'
import { MAX_PAIRING_LINK, PairingRequest } from '../nwc/pairing'
import { NWC_METHODS } from '../nwcMethods'
import { AppPassphrase, id, int, none, op } from './base'

export { AppCallback, NWC_METHODS, relayProblem }
export const NwcMethod = z.enum(NWC_METHODS)
export const NwcPeriod = z.enum(['daily', 'weekly', 'monthly', 'never'])
export type NwcPeriod = z.infer<typeof NwcPeriod>

export const DEFAULT_NWC_RELAY = 'wss://relay.getalby.com/v1'
export const RelayUrl = z
  .string()
  .trim()
  .max(512)
  .superRefine((v, ctx) => {
    const problem = relayProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export const NwcSettings = z.object({
  relay: RelayUrl,
  /** "Pause all connections" (the tray's menu): requests are answered RESTRICTED */
  paused: z.boolean(),
})
export type NwcSettings = z.infer<typeof NwcSettings>

export const NwcConnectionView = z.object({
  id,
  name: z.string(),
  accountId: id,
  walletId: id,
  relay: z.string(),
  budgetSat: int.nonnegative(),
  period: NwcPeriod,
  methods: z.array(NwcMethod),
  expiresAt: int.nullable(),
  createdAt: int,
  revokedAt: int.nullable(),
  status: z.enum(['active', 'revoked', 'expired']),
  /** spent in the budget's current period, fees included (reserved while a payment is on its way) */
  usedMsat: int.nonnegative(),
  /** when the budget renews (Unix s); null for `never` */
  renewsAt: int.nullable(),
})
export type NwcConnectionView = z.infer<typeof NwcConnectionView>

/** A relay's link as Connected apps shows it (docs/nwc.md, "Relays you can see"). */
export const NwcRelayView = z.object({
  url: z.string(),
  state: z.enum(['connecting', 'connected', 'reconnecting', 'failing']),
  /** since when (Unix s): open since, or down since */
  since: int,
  /** why it is down, as a code the screen puts in words; null when it is open or said nothing */
  problem: z.enum(['refused', 'not_found', 'timeout', 'http', 'tls', 'closed', 'other']).nullable(),
  /** the HTTP status a relay turned the link away with (`http`) */
  httpStatus: int.nullable(),
  /** when a request last arrived on it (Unix s) */
  lastRequestAt: int.nullable(),
})
export type NwcRelayView = z.infer<typeof NwcRelayView>

export const NwcSpendView = z.object({
  amountMsat: int.nonnegative(),
  feeMsat: int.nonnegative().nullable(),
  state: z.enum(['reserved', 'paid', 'failed', 'unknown']),
  paymentHash: z.string().nullable(),
  createdAt: int,
})
export type NwcSpendView = z.infer<typeof NwcSpendView>

export const NwcCreateInput = z
  .object({
    name: z.string().trim().min(1, 'Give the app a name.').max(60),
    /** the account the wallet is in; the active one when absent */
    accountId: id.optional(),
    walletId: id,
    budgetSat: int.nonnegative().max(21_000_000 * 100_000_000),
    period: NwcPeriod,
    methods: z.array(NwcMethod).min(1, 'Allow at least one thing.').max(NWC_METHODS.length),
    /** Unix seconds; none: it lasts until revoked */
    expiresAt: int.positive().optional(),
    /**
     * Nostr Wallet Auth (docs/nwc.md, "One-tap pairing"): the app made its own key; the connection
     * is for that key, on the app's relay, and the info event tagged to it (with its `state`) is the
     * answer. No connection string is made.
     */
    pairing: z
      .object({
        clientPubkey: z.string().regex(/^[0-9a-f]{64}$/),
        relay: RelayUrl,
        state: z
          .string()
          .regex(/^[0-9a-f]{32,128}$/)
          .optional(),
      })
      .strict()
      .optional(),
    /** `nostrnwc://connect`'s callback: opened with `value=<connection string>` once it is made */
    callback: AppCallback.optional(),
  })
  .strict()
export type NwcCreateInput = z.infer<typeof NwcCreateInput>

const List = z.object({
  connections: z.array(NwcConnectionView),
  settings: NwcSettings,
  /** the relays of the connections served now */
  relays: z.array(NwcRelayView),
})

export const nwcOps = {
  'nwc.list': op('read', none, List),
  /**
   * Makes a connection: its wallet key goes to the keychain; the answer carries the connection
   * string (with the app's secret) this once only, never again. One that can pay more than the
   * confirm limit carries the app's passphrase when one is set.
   */
  'nwc.create': op(
    'local',
    NwcCreateInput.extend({ passphrase: AppPassphrase.optional() }).strict(),
    // no string for a paired app (`pairing`): it holds its own key
    z.object({ connection: NwcConnectionView, uri: z.string().optional() }),
  ),
  'nwc.get': op(
    'read',
    z.object({ id }).strict(),
    z.object({ connection: NwcConnectionView, payments: z.array(NwcSpendView) }),
  ),
  /** Revokes for good: its key is deleted from the keychain; later requests are UNAUTHORIZED. */
  'nwc.revoke': op('local', z.object({ id }).strict(), NwcConnectionView),
  'nwc.settings': op('local', NwcSettings.partial().strict(), NwcSettings),
  /**
   * The icon a pairing app names, asked for by its approval screen once shown (never before): a
   * PNG, JPEG, GIF or WebP of at most 64 KB, as a data: URL; `confirmed`: the host the person
   * agreed may be reached on a private address.
   */
  /** a pairing link read (docs/nwc.md, "One-tap pairing"): what it asks for, or null; nothing is sent */
  'nwc.readPairing': op(
    'read',
    z.object({ link: z.string().max(MAX_PAIRING_LINK) }).strict(),
    z.object({ request: PairingRequest.nullable() }),
  ),
  'nwc.pairIcon': op(
    'read',
    z.object({ url: z.string().max(1024), confirmed: z.string().max(300).optional() }).strict(),
    z.object({ dataUrl: z.string().max(100_000) }),
  ),
} as const

export const nwcWhileLocked = {
  'nwc.list': 'refused',
  'nwc.create': 'refused',
  'nwc.get': 'refused',
  'nwc.revoke': 'refused',
  'nwc.settings': 'refused',
  'nwc.readPairing': 'refused',
  'nwc.pairIcon': 'refused',
} as const

export const nwcEvents = {
  /** a connection was made, revoked, or spent from; or the settings changed */
  'nwc.updated': List,
} as const

export const nwcEventsWhileLocked = { 'nwc.updated': 'withheld' } as const
