// The backends by account kind: adding one is a folder under backends/ and one entry here
// (docs/architecture.md, "Backends"). The accounts service looks an account's kind up here instead
// of branching on it; what the app watches on every client (the backend's clock, the connection,
// a pushed payment) comes in as hooks, so a backend knows nothing of app/.
import type { AccountKind, AuthMethod, Capabilities } from '@shared/contract'
import type { BackendClient } from './types'

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

export interface Backend {
  /** what an account of this kind can do beyond balance, history, receive and pay; main refuses the rest */
  capabilities: Capabilities
  /**
   * `shared`: one long-lived link per account whatever the call policy (its requests are never
   * sent twice anyway), kept when the account is renamed. `perPolicy`: one client per call policy,
   * made again when the account's settings change.
   */
  session: 'shared' | 'perPolicy'
  open(account: BackendAccount, hooks: BackendHooks): BackendClient
}

export type BackendRegistry = Record<AccountKind, Backend>
