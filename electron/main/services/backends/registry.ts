// The backends by account kind: adding one is a folder under backends/ and one entry here
// (docs/architecture.md, "Backends"). The accounts service looks an account's kind up here instead
// of branching on it; what the app watches on every client (the backend's clock, the connection,
// a pushed payment) comes in as hooks, so a backend knows nothing of app/.
import type { AccountKind, AuthMethod, Capabilities } from '@shared/contract'
import type { z } from 'zod'
import type { BackendClient, BackendWallet } from './types'

/** What an account (or a key being tested) gives its backend. */
export interface BackendAccount {
  /** the stored account this client serves; absent for a key being tested */
  accountId?: string
  /** the account's address: the service's base URL, an NWC wallet's `nostr+walletconnect://` key */
  baseUrl: string
  authMethod: AuthMethod
  /** the account's secret (an API key, an NWC string), read from where it is kept when needed */
  key: () => Promise<string> | string
  /** 0: no call of this client is ever retried */
  retries?: 0
}

/** What the app watches on every backend's client; bound per account by app/clients.ts. */
export interface BackendHooks {
  /** the fetch a backend over HTTP uses: the app reads the backend's clock from its answers */
  fetchFor(accountId?: string): typeof fetch
  /** the client as the connection monitor sees it (a key being tested is no account's) */
  watched(accountId: string | undefined, client: BackendClient): BackendClient
  /** the backend's clock, Unix seconds, as learnt from its answers */
  nowSec(accountId?: string): number
  /** a sample of the backend's clock: `sec` read between `sentAt` and `receivedAt` (ms) */
  clockSample(accountId: string, sec: number, sentAt: number, receivedAt: number): void
  /** the backend pushed news of a payment: the sync loop reads it now */
  pushed(accountId: string): void
  /** whether the backend says it pushes news of payments received (else its invoices are looked up) */
  offers?(accountId: string, pushesReceived: boolean): void
  log(message: string, fields?: Record<string, unknown>): void
}

/** What connecting reads of a kind's input, before any call: what the account would be. */
export interface KindReading {
  /** the account's address: the service's base URL, an NWC wallet's `nostr+walletconnect://` key */
  baseUrl: string
  authMethod: AuthMethod
  /** what is kept as the account's key: an API key, an NWC string, an LNbits server's keys as one */
  secret: string
  /** what the log must never show (the secret, and any secret inside it) */
  secrets: readonly string[]
}

/** What a reading's backend answered: its wallets, and what the new account keeps of them. */
export interface KindChecked {
  wallets: BackendWallet[]
  /** its name when the person gave none */
  label: string
  /** shown for the key instead of its own hint (an NWC string's relay host) */
  keyHint?: string
  /** flags of this very account (an LNbits server's offers), kept with it */
  capabilities?: Capabilities
}

/**
 * How an account of a kind is connected, checked, kept and restored: the accounts service and the
 * backup look the kind up here and never branch on it. Method syntax on purpose: each entry names
 * its own input type (`I`), which the router has parsed with `connection` first.
 */
export interface BackendKind<I = Record<string, unknown>> {
  /** what connecting takes, without its name and where its key is kept (a shipped kind's: the contract's) */
  connection: z.ZodObject
  /** whether a stored address (`baseUrl`) is one this kind has (a backup's) */
  address(baseUrl: string): boolean
  /** whether a secret (a backup's) is one of this kind, for the account at this address */
  fits(baseUrl: string, secret: string): boolean
  /** a stored address as this app would use it, or a refusal (a backup's, before anything is written) */
  checkAddress(baseUrl: string): string
  /** reads the input the router parsed; refuses what it cannot be, making no call */
  read(input: I): KindReading
  /** asks the backend (a client `open` makes and this closes) for the reading's wallets */
  check(reading: KindReading, open: (a: BackendAccount) => BackendClient): Promise<KindChecked>
  /** a new key for an existing account: accepted, or refused when this kind has none to replace */
  newKey(apiKey: string): void
}

export interface Backend {
  /** how its accounts are connected and kept */
  connect: BackendKind
  /** what an account of this kind can do beyond balance, history, receive and pay; main refuses the rest */
  capabilities: Capabilities
  /**
   * `shared`: one long-lived link per account whatever the call policy (its requests are never
   * sent twice anyway), kept when the account is renamed. `perPolicy`: one client per call policy,
   * made again when the account's settings change.
   */
  session: 'shared' | 'perPolicy'
  /** it resolves lightning addresses and LNURL-pay itself; absent: the app does the LNURL part (services/lnurlpay) */
  paysAddresses?: true
  /** its fresh invoices are looked up every second until it says it pushes payments received (`offers`) */
  looksUpUntilPushes?: true
  open(account: BackendAccount, hooks: BackendHooks): BackendClient
}

/**
 * The backends by kind: the shipped kinds (the contract's `AccountKind`) and any other a caller
 * registers (a test's). Which kinds exist at run time is this table's keys (backends/kinds.ts).
 */
export type BackendRegistry = Readonly<Record<AccountKind, Backend>> & { readonly [kind: string]: Backend }
