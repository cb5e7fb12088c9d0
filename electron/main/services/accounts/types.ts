// What the accounts service offers and what it makes clients with.
import type { AccountView, Capabilities, Operations } from '@shared/contract'
import type { z } from 'zod'
import type { BackendClient, BackendWallet } from '../backends'

/** An operation's input as the router parsed it (the IPC boundary parses once). */
export type AccountInput<K extends 'accounts.test' | 'accounts.connect' | 'accounts.update' | 'accounts.replaceKey'> =
  z.output<Operations[K]['input']>

/** an input of a kind registered beyond the shipped ones, parsed by the router with its entry's schema */
type Registered = { kind: string } & Record<string, unknown>

/** What `accounts.test` takes: a shipped kind's input (the contract's) or a registered kind's. */
export type TestRequest = AccountInput<'accounts.test'> | Registered

/** What `accounts.connect` takes: a shipped kind's input or a registered kind's, named and kept alike. */
export type ConnectRequest =
  | AccountInput<'accounts.connect'>
  | (Registered & Pick<AccountInput<'accounts.connect'>, 'label' | 'storage'>)

/** How an account's client may treat a failed call: `once` never retries one. */
export type CallPolicy = 'retry' | 'once'

export interface AccountsService {
  list(): { accounts: AccountView[]; activeId: string | null }
  /** Lists the wallets of a connection of any kind (docs/nwc.md for a string); stores nothing. */
  test(input: TestRequest): Promise<BackendWallet[]>
  /** Adds the account of a connection of any kind, checked first, and makes it active. */
  connect(input: ConnectRequest): Promise<AccountView>
  switch(id: string): Promise<AccountView>
  update(input: AccountInput<'accounts.update'>): Promise<AccountView>
  /** A new key for an account (the old one revoked or lost), checked to open the same wallets. */
  replaceKey(input: AccountInput<'accounts.replaceKey'>): Promise<AccountView>
  remove(id: string): Promise<void>
  /** the active account, or `not_connected` */
  active(): AccountView
  /** what an account (the active one by default) can do: its backend's flags, which main's refusals read */
  capabilities(accountId?: string): Capabilities
  /** the service client of an account (the active one by default) */
  client(accountId?: string, policy?: CallPolicy): BackendClient
  /** closes what the clients hold open (an NWC account's relay links): the app is stopping */
  dispose(): void
}
