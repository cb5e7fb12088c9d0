// Accounts: a service address and a key (kept in the keychain or in memory), never sent to the renderer.
import { z } from 'zod'
import type { Capabilities as Caps, AccountKind as Kind } from '../capabilities'
import { parseNwcUri } from '../nwc/uri'
import { id, none, op } from './base'
import { WalletView } from './wallets'

export const AuthMethod = z.enum(['header', 'basic', 'query'])
export type AuthMethod = z.infer<typeof AuthMethod>

export const KeyStorage = z.enum(['keychain', 'memory'])

export const BaseUrl = z
  .string()
  .trim()
  .min(1, 'Enter the service address.')
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s)
      return u.protocol === 'https:' || u.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Enter a full address such as https://api.example.com')

/** What a person pastes: trimmed, no whitespace inside, printable ASCII. */
export const ApiKeyInput = z
  .string()
  .trim()
  .min(8, 'That key is too short.')
  .max(512, 'That key is too long.')
  .regex(/^[\x21-\x7e]+$/, 'A key has no spaces or special characters.')

/** `service`: an address and an API key; `nwc`: a Nostr Wallet Connect string (docs/nwc.md) */
export const AccountKind = z.enum(['service', 'nwc', 'lnbits']) satisfies z.ZodType<Kind>
export type AccountKind = Kind

/**
 * The name of a kind main has a backend for: a shipped one (`AccountKind`) or one registered in
 * main's registry (a test's). Which names exist is main's to say (services/backends/kinds.ts).
 */
export const KindName = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/)

export const isAccountKind = (kind: string): kind is AccountKind => AccountKind.safeParse(kind).success

/** An account's flags (shared/capabilities.ts), checked where they cross the boundary. */
export const Capabilities = z.object({
  createWallets: z.boolean(),
  withdrawLinks: z.boolean(),
  vouchers: z.boolean(),
  transfers: z.boolean(),
  permanentQr: z.boolean(),
  connectedApps: z.boolean(),
  pays: z.boolean().optional(),
  amountlessInvoices: z.boolean().optional(),
  receives: z.boolean().optional(),
  serverFeeReserve: z.boolean().optional(),
}) satisfies z.ZodType<Caps>
export type Capabilities = Caps
export { accountCapabilities, capabilitiesOf, storedCapabilities } from '../capabilities'

export const AccountView = z.object({
  id,
  label: z.string(),
  baseUrl: z.string(),
  authMethod: AuthMethod,
  /** e.g. `sak_…9f2c` */
  keyHint: z.string(),
  storage: KeyStorage,
  /**
   * The service's clock minus the computer's, in seconds, as main estimates it (null: not known
   * yet). Expiry is judged on the service's clock: the renderer adds this to its own.
   */
  clockOffsetSec: z.number().int().nullable().optional(),
  /** a shipped kind, or one main's registry has (absent: a service account from before kinds) */
  kind: KindName.optional(),
  capabilities: Capabilities.optional(),
})
export type AccountView = z.infer<typeof AccountView>

/** What naming and keeping a new account takes, whatever its kind. */
export const Kept = {
  label: z.string().trim().max(80).optional(),
  storage: KeyStorage.default('keychain'),
}

/** The hosted service: its address, an API key and how the key is sent. */
const ServiceConnection = z.object({
  kind: z.literal('service'),
  baseUrl: BaseUrl,
  apiKey: ApiKeyInput,
  authMethod: AuthMethod.default('header'),
})

/** A connection string another wallet gives (docs/nwc.md, "An NWC account"); main reads it again. */
const NwcConnection = z.object({
  kind: z.literal('nwc'),
  uri: z.string().trim().min(1).max(2048),
})

/** An LNbits wallet's key: `uuid4().hex` (lnbits/core/crud/wallets.py), its admin or its invoice key */
export const LnbitsKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, 'An LNbits key is 32 letters and digits.')

/** the most wallets one LNbits account holds (one key each) */
export const LNBITS_KEYS_MAX = 15

/** An LNbits server and one key per wallet (docs/lnbits.md, "The app's side"); main reads them again. */
const LnbitsConnection = z.object({
  kind: z.literal('lnbits'),
  baseUrl: BaseUrl,
  keys: z.array(LnbitsKey).min(1).max(LNBITS_KEYS_MAX),
})

/** an NWC account's address: its wallet's public key (the string's secret is never in it) */
const NWC_ADDRESS = /^nostr\+walletconnect:\/\/([0-9a-f]{64})$/

interface AccountKindEntry {
  /** what connecting an account of this kind takes (without its name and where its key is kept) */
  connection: z.ZodObject
  /** whether a stored address (`baseUrl`) is one this kind has */
  address(baseUrl: string): boolean
  /** whether a secret (a backup's) is one of this kind, for the account at this address */
  fits(baseUrl: string, secret: string): boolean
}

/**
 * Each kind of account, in one table: connecting (`accounts.test`, `accounts.connect`) takes one
 * input per kind, and a backup carries each kind's secret (its `apiKey`) and checks it on restore
 * through it. The renderer's forms are the same table in words (renderer/src/lib/connectForms.ts).
 */
export const ACCOUNT_KINDS = {
  service: {
    connection: ServiceConnection,
    address: (baseUrl) => BaseUrl.safeParse(baseUrl).success,
    fits: (_baseUrl, secret) => ApiKeyInput.safeParse(secret).success,
  },
  nwc: {
    connection: NwcConnection,
    address: (baseUrl) => NWC_ADDRESS.test(baseUrl),
    // a string to the very wallet the account is of
    fits: (baseUrl, secret) => {
      const wallet = NWC_ADDRESS.exec(baseUrl)?.[1]
      return !!wallet && parseNwcUri(secret)?.walletPubkey === wallet
    },
  },
  lnbits: {
    connection: LnbitsConnection,
    address: (baseUrl) => BaseUrl.safeParse(baseUrl).success,
    // the keys kept as one secret, separated by commas (backends/lnbits/keys.ts)
    fits: (_baseUrl, secret) => {
      const keys = secret.split(',')
      return keys.length <= LNBITS_KEYS_MAX && keys.every((k) => LnbitsKey.safeParse(k).success)
    },
  },
} as const satisfies Record<AccountKind, AccountKindEntry>

/** what connecting an account of a shipped kind takes, as the router parsed it */
export type ConnectionOf<K extends AccountKind> = z.output<(typeof ACCOUNT_KINDS)[K]['connection']>

/** Checks a connection by reading its wallets; stores nothing. */
const TestInput = z.discriminatedUnion('kind', [ServiceConnection, NwcConnection.strict(), LnbitsConnection.strict()])

/** Checks the connection, then keeps its secret (keychain or memory) and makes the account active. */
const ConnectInput = z.discriminatedUnion('kind', [
  ServiceConnection.extend(Kept),
  NwcConnection.extend(Kept).strict(),
  LnbitsConnection.extend(Kept).strict(),
])

export const accountsOps = {
  'accounts.list': op('read', none, z.object({ accounts: z.array(AccountView), activeId: id.nullable() })),
  /** Checks a connection of any kind by listing its wallets; stores nothing. */
  'accounts.test': op('read', TestInput, z.object({ wallets: z.array(WalletView) })),
  /**
   * Checks the connection, then stores its secret (keychain or memory) and makes the account
   * active. A secret already connected at the same address is refused, naming that account (main
   * compares secrets).
   */
  'accounts.connect': op('local', ConnectInput, AccountView),
  'accounts.switch': op('local', z.object({ id }).strict(), AccountView),
  'accounts.update': op(
    'local',
    z.object({ id, label: z.string().trim().min(1).max(80).optional(), authMethod: AuthMethod.optional() }).strict(),
    AccountView,
  ),
  /**
   * Gives an account a new key (the old one was revoked or lost), kept where the old one was. Main
   * checks that the key works and opens the same wallets, so the account's history stays its own.
   */
  'accounts.replaceKey': op('local', z.object({ id, apiKey: ApiKeyInput }).strict(), AccountView),
  /**
   * Disconnects: deletes the key from where it is kept (keychain or memory) and forgets the
   * account. Answers the accounts left and the active one, which main chooses (another account
   * when the active one was removed; null only when none is left).
   */
  'accounts.remove': op(
    'local',
    z.object({ id }).strict(),
    z.object({ removed: z.literal(true), accounts: z.array(AccountView), activeId: id.nullable() }),
  ),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const accountsWhileLocked = {
  'accounts.list': 'refused',
  'accounts.test': 'refused',
  'accounts.connect': 'refused',
  'accounts.switch': 'refused',
  'accounts.update': 'refused',
  'accounts.replaceKey': 'refused',
  'accounts.remove': 'refused',
} as const
