// What the sync loop is given: its dependencies (the ledger, the service's clients, the renderer,
// the clock) and its options.

import type { Emit, Settings } from '@shared/contract'
import type { PriceThen } from '@shared/priceThen'
import type { Logger } from '../../log'
import type { Ledger, LedgerTx } from '../ledger'
import type { Notifier } from '../notify'
import type { AccountWalletPrefs } from '../settings/walletPrefs'
import { DEFAULT_PLAN, type PlanOptions } from './plan'
import { DEFAULT_READS, type ReadOptions, type SyncClient } from './reads'
import type { Timers } from './schedule'
import type { AccountSync } from './state'
import type { Unsaved } from './watched'

export interface SyncOptions extends PlanOptions, ReadOptions {
  /** paid/expired invoices and claimed links stay listed this long */
  keepFinishedSec: number
  /** a link not claimed after this long is no longer waited on */
  withdrawMaxAgeSec: number
  /** how often a fresh invoice of an account that `looksUpFresh` is read directly */
  lookupPollMs: number
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  ...DEFAULT_PLAN,
  ...DEFAULT_READS,
  keepFinishedSec: 7 * 86_400,
  withdrawMaxAgeSec: 7 * 86_400,
  lookupPollMs: 1_000,
}

export interface SyncDeps {
  ledger: () => Ledger
  getClient(accountId: string): SyncClient | null
  /** the accounts to keep in sync */
  accountIds(): readonly string[]
  notifier: Notifier
  emit: Emit
  settings(): Settings
  /** the person's own wallet names and hidden wallets of an account (settings/walletPrefs.ts) */
  walletPrefs?(accountId: string): AccountWalletPrefs
  /** ms since the epoch */
  now(): number
  /**
   * The service's time of an account, ms (services/serviceTime): every expiry and age of an
   * invoice or link is judged on it, never on the computer's clock. Absent: the computer's.
   */
  serviceNow?(accountId: string): number
  timers?: Timers
  log?: Pick<Logger, 'info' | 'warn' | 'error'>
  /**
   * The account's wallet pushes no news of payments received (an NWC wallet whose info event
   * names none): its invoices in the attention window (`freshWindowSec`) are each read directly
   * every `lookupPollMs` (lookup_invoice), its history still at the ticks' pace. Absent: none.
   */
  looksUpFresh?(accountId: string): boolean
  /** the window can be seen: its active account ticks every `visiblePollMs`. Absent: never seen */
  visible?(): boolean
  /** the account whose wallets the renderer and tray show; withdraw links are tracked under it */
  activeAccountId?(): string | null
  /** the live rate, stored with the rows that arrive while it is fresh (docs/rates.md) */
  livePrice?(): PriceThen | null
  /** after a tick read this account without failing (the payments journal is reconciled then) */
  afterSync?(accountId: string): void
  /**
   * the account's history is now stored in full (its first sync, or a resync after a rebuild):
   * the app gives back the memory the load grew (services/memory)
   */
  historyLoaded?(accountId: string): void
  /** a new row was just told (marked announced): connected apps hear of it (services/nwc) */
  announced?(row: LedgerTx): void
  options?: Partial<SyncOptions>
}

/**
 * What the loop's steps are handed: its dependencies and options, the records the ledger refused
 * (held until the next write), and each account's state, read with `state` and replaced with `set`.
 */
export interface SyncIo {
  deps: SyncDeps
  opts: SyncOptions
  unsaved: Unsaved
  /** the account's state (a fresh one when it has none yet) */
  state(accountId: string): AccountSync
  set(accountId: string, next: AccountSync): void
  /** the service's time of an account, Unix seconds */
  serviceSec(accountId: string): number
}
