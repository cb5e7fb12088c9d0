// What the loop's parts share: its dependencies, options and per-account state.
import type { Emit, PendingInvoice, Settings } from '@shared/contract'
import type { PriceThen } from '@shared/priceThen'
import type { Wallet } from '@shared/schemas/service'
import type { Logger } from '../../log'
import type { Ledger, LedgerTx } from '../ledger'
import type { Notifier } from '../notify'
import type { Settlement } from './outcomes'
import { DEFAULT_PLAN, type PlanOptions } from './plan'
import { DEFAULT_READS, type ReadOptions, type SyncClient } from './reads'
import type { Records } from './records'
import type { Timers } from './schedule'

export interface SyncOptions extends PlanOptions, ReadOptions {
  /** paid/expired invoices and claimed links stay listed this long */
  keepFinishedSec: number
  /** a link not claimed after this long is no longer waited on */
  withdrawMaxAgeSec: number
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  ...DEFAULT_PLAN,
  ...DEFAULT_READS,
  keepFinishedSec: 7 * 86_400,
  withdrawMaxAgeSec: 7 * 86_400,
}

export interface SyncDeps {
  ledger: () => Ledger
  getClient(accountId: string): SyncClient | null
  /** the accounts to keep in sync */
  accountIds(): readonly string[]
  notifier: Notifier
  emit: Emit
  settings(): Settings
  /** ms since the epoch */
  now(): number
  /**
   * The service's time of an account, ms (services/serviceTime): every expiry and age of an
   * invoice or link is judged on it, never on the computer's clock. Absent: the computer's.
   */
  serviceNow?(accountId: string): number
  timers?: Timers
  log?: Pick<Logger, 'info' | 'warn' | 'error'>
  /** the account whose wallets the renderer and tray show; withdraw links are tracked under it */
  activeAccountId?(): string | null
  /** the live rate, stored with the rows that arrive while it is fresh (docs/rates.md) */
  livePrice?(): PriceThen | null
  /** after a tick read this account without failing (the payments journal is reconciled then) */
  afterSync?(accountId: string): void
  /** a new row was just told (marked announced): connected apps hear of it (services/nwc) */
  announced?(row: LedgerTx): void
  options?: Partial<SyncOptions>
}

export interface AccountState {
  id: string
  client: SyncClient
  failures: number
  ticks: number
  running: Promise<void> | null
  rerun: boolean
  force: boolean
  /** balance (msat) per wallet at the last read whose changes were all stored */
  storedBalances: Map<string, number>
  labels: Map<string, string>
  wallets: Wallet[] | null
  /** the balances last sent to the renderer, to send them only when they change */
  shownBalances: string | null
  /** false once the key proved unable to list wallets: then the wallets waited on are read each tick */
  canListWallets: boolean
  /** false once the account-wide feed proved unusable with this key */
  feedUsable: boolean
  /** wallets with new rows since the last `ledger.updated` */
  changed: Set<string>
}

export interface Loop {
  deps: SyncDeps
  opts: SyncOptions
  records: Records
  accounts: Map<string, AccountState>
  log?: SyncDeps['log']
  nowSec(): number
  /** the service's time of an account, Unix seconds */
  serviceSec(accountId: string): number
  /** invoices found paid by a direct read whose row is not stored yet: their row is told even in bulk */
  awaitingRow: Set<string>
  readDirect(client: SyncClient, inv: PendingInvoice): Promise<Settlement | null>
  /** paid, found by a direct read: marked so, and the wallet read as soon as the tick allows */
  foundDirectly(a: AccountState, found: Settlement[]): Promise<void>
}

export function newAccountState(id: string, client: SyncClient): AccountState {
  return {
    id,
    client,
    failures: 0,
    ticks: 0,
    running: null,
    rerun: false,
    force: false,
    storedBalances: new Map(),
    labels: new Map(),
    wallets: null,
    shownBalances: null,
    canListWallets: true,
    feedUsable: true,
    changed: new Set(),
  }
}
