// What the accounts service offers and what it makes clients with.
import type { AccountView, Operations } from '@shared/contract'
import type { z } from 'zod'
import type { BackendClient } from '../backends'
import type { Wallet } from '../backends/service/schemas'

/** An operation's input as the router parsed it (the IPC boundary parses once). */
export type AccountInput<
  K extends
    | 'accounts.test'
    | 'accounts.connect'
    | 'accounts.testNwc'
    | 'accounts.connectNwc'
    | 'accounts.update'
    | 'accounts.replaceKey',
> = z.output<Operations[K]['input']>

/** How an account's client may treat a failed call: `once` never retries one. */
export type CallPolicy = 'retry' | 'once'

export interface AccountsService {
  list(): { accounts: AccountView[]; activeId: string | null }
  /** Lists wallets with these details; stores nothing. */
  test(input: AccountInput<'accounts.test'>): Promise<Wallet[]>
  connect(input: AccountInput<'accounts.connect'>): Promise<AccountView>
  /** The wallet behind a Nostr Wallet Connect string; stores nothing. */
  testNwc(input: AccountInput<'accounts.testNwc'>): Promise<Wallet[]>
  /** Adds the wallet behind a Nostr Wallet Connect string as an account (docs/nwc.md). */
  connectNwc(input: AccountInput<'accounts.connectNwc'>): Promise<AccountView>
  switch(id: string): Promise<AccountView>
  update(input: AccountInput<'accounts.update'>): Promise<AccountView>
  /** A new key for an account (the old one revoked or lost), checked to open the same wallets. */
  replaceKey(input: AccountInput<'accounts.replaceKey'>): Promise<AccountView>
  remove(id: string): Promise<void>
  /** the active account, or `not_connected` */
  active(): AccountView
  /** the service client of an account (the active one by default) */
  client(accountId?: string, policy?: CallPolicy): BackendClient
  /** closes what the clients hold open (an NWC account's relay links): the app is stopping */
  dispose(): void
}
