// The local ledger: every wallet's transactions, the app's invoices and withdraw links, labels and
// recent recipients, in one SQLite file in userData (node:sqlite, no native module). It is a cache
// of the service plus the app's own records: a file that cannot be used is set aside and a new one
// made, the caller is told to resync (`needsResync`), and the app never waits on it. Payments in
// flight are NOT here but in the journal (services/payments/journal.ts), which a rebuild cannot touch.
// See docs/ledger.md.

import type { FiatCurrency } from '@shared/contract'
import type { ZapView } from '@shared/history'
import { mt } from '../i18n'
import { type AppRecords, createAppRecords, type StoredWithdrawLink } from './appRecords'
import { type CsvSink, exportCsvOffThread } from './csvOffThread'
import { type Cursors, createCursors } from './cursors'
import type { CsvFormatName } from './exports'
import type { HistoryBatch } from './historyJob'
import { createHistoryStore } from './historyOffThread'
import { createWriter, type InsertOptions, type InsertResult } from './insert'
import { type CheckResult, checkInBackground } from './integrityCheck'
import { createLabels, type Labels } from './labels'
import { type LedgerNotice, openLedgerFile, tellOpened } from './ledgerFile'
import { inTransaction } from './migrate'
import { createPricesThen, type PricesThen } from './pricesThen'
import { createReader, type HistoryFilter, type Page, type PageQuery, type SearchMode } from './query'
import type { LedgerTxInput } from './rows'
import { salvageLedger } from './salvage'
import { hasSearchIndex, ledgerMigrations } from './schema'
import { createSearchIndex } from './searchIndex'
import type { SearchWay } from './searchPlan'
import type { OpenStatus } from './sqliteFile'
import { appCheckpoints, tuneLedgerConnection } from './tuning'
import type { LedgerTx } from './view'

export { Recipient, StoredWithdrawLink } from './appRecords'
export type { CursorPatch, SyncCursor } from './cursors'
export { CSV_HEADER } from './exportCsv'
export type { HistoryBatch } from './historyJob'
export type { InsertOptions, InsertResult } from './insert'
export type { LedgerNotice } from './ledgerFile'
export type { DayWithoutPrice, PricesThen } from './pricesThen'
export type { HistoryFilter, Page, PageQuery, SearchMode } from './query'
export { FEE_TYPE, LedgerTxInput, PAYEE_KEY, REQUEST_ID_KEY } from './rows'
export type { LedgerTx } from './view'

export interface LedgerOptions {
  /** userData (or a folder in it) */
  dir: string
  /** milliseconds, like Date.now */
  now?: () => number
  onNotice?: (n: LedgerNotice) => void
  /**
   * True when the app has run with an account before (its settings say so): a missing file is
   * then a deleted one, and the person is told the history is being loaded again.
   */
  expectExisting?: boolean
  /** false: no FTS5 search index even where SQLite has one (search then scans with LIKE) */
  fts?: boolean
  /** tests: every search page read one way (searchPlan.ts), to show the ways find the same rows */
  searchWay?: SearchWay
  /** the folder of the build's worker files (workers.ts finds them beside the app's bundle by itself) */
  workersDir?: string
}

/** what to export and where the bytes go (the filter aside) */
export interface LedgerCsvOptions extends CsvSink {
  /** a tax tool's columns; absent: the plain ones */
  format?: CsvFormatName
  /** the fiat column's currency of a format that has one; absent: USD */
  currency?: FiatCurrency
  /** rows per chunk (at most PAGE_MAX) */
  chunkRows?: number
}

export interface Ledger extends Pick<Labels, 'setLabel' | 'label' | 'labels' | 'setWallets'>, AppRecords, PricesThen {
  readonly path: string
  readonly status: OpenStatus
  /** the file is new (created, rebuilt or empty): every wallet's history must be synced again */
  readonly needsResync: boolean
  readonly searchMode: SearchMode
  readonly cursors: Cursors
  insertBatch(accountId: string, rows: readonly LedgerTxInput[], opts?: InsertOptions): InsertResult
  /**
   * Stores pages of history as insertBatch would, all in one transaction, on the history's own
   * thread (historyOffThread.ts; on this one for a ledger in memory, or with `offThread: false`);
   * rows stored by each batch. Hand a wallet's next pages over only once these are stored.
   */
  storeHistory(accountId: string, batches: HistoryBatch[], opts?: { offThread?: boolean }): Promise<number[]>
  /**
   * a history is in: the store's thread merges the search index's segments and stops, not after
   * its idle time (its memory goes back)
   */
  historyStored(): void
  /**
   * Runs `fn`'s writes (insertBatch, labels, records) in one transaction: one commit for several
   * batches. A batch inside that throws undoes only its own rows; `fn` throwing undoes all.
   */
  together<T>(fn: () => T): T
  /** the announcement outbox, oldest first */
  unannounced(limit?: number): LedgerTx[]
  markAnnounced(rowIds: readonly number[]): number
  page(q: PageQuery): Page
  count(f: HistoryFilter): number
  byRequestId(accountId: string, requestId: string): LedgerTx | null
  /** the payment (fees are folded, never returned) carrying this lnTx */
  byLnTxId(accountId: string, lnTxId: string): LedgerTx | null
  /** fee rows still waiting for their payment */
  heldFees(accountId: string): number
  /** the filtered history as CSV, made in a worker thread (csvOffThread.ts) */
  exportCsv(f: HistoryFilter, opts: LedgerCsvOptions): Promise<{ rows: number; total: number }>
  /** EXPLAIN QUERY PLAN of a page (tests) */
  plan(q: PageQuery): string[]
  /** a zap's sender and app, learnt after the row came in (a connected app's invoice metadata) */
  noteZap(accountId: string, txId: string, zap: ZapView): void
  /** everything of one account (it was removed from the app) */
  forgetAccount(accountId: string): void
  /**
   * The whole integrity check, off the main thread, when the open did not run it (a clean last
   * shutdown); damage found is told and the next start sets the file aside (docs/ledger.md).
   */
  checkIntegrity(): Promise<CheckResult>
  close(): void
}

const ACCOUNT_TABLES = [
  'transactions',
  'fees',
  'labels',
  'wallets',
  'sync_cursors',
  'invoices',
  'withdraw_links',
  'recipients',
]

export function openLedger(opts: LedgerOptions): Ledger {
  const now = opts.now ?? Date.now
  const notify = opts.onNotice ?? (() => {})
  const migrations = ledgerMigrations({ fts: opts.fts })
  const opened = openLedgerFile(opts, migrations, notify, now)
  const { db } = opened
  tuneLedgerConnection(db)
  const cursors = createCursors(db)
  const searchMode: SearchMode = hasSearchIndex(db) ? 'fts5' : 'like'
  const search = createSearchIndex(db, searchMode === 'fts5')
  const writer = createWriter(db, cursors, search)
  // bumped by every write that may change which rows a filter matches (the reader's counts)
  let version = 0
  const changed =
    <A extends unknown[], R>(fn: (...a: A) => R) =>
    (...a: A): R => {
      version++
      try {
        return fn(...a)
      } finally {
        version++
      }
    }
  const reader = createReader(db, searchMode, () => version, opts.searchWay)
  const labels = createLabels(db, search)
  const records = createAppRecords(db)
  const pricesThen = createPricesThen(db)
  const heldFees = db.prepare('SELECT count(*) AS n FROM fees WHERE account_id = ? AND folded_into IS NULL')
  /** pages of history stored on this thread, in one transaction */
  const storeHere = changed(writer.storeGroup)
  // a worker cannot open a ledger in memory: that one stores its history on this thread
  const history =
    opened.path === ':memory:'
      ? null
      : createHistoryStore({ path: opened.path, searchMode }, storeHere, opts.workersDir, (on) => {
          // a worker can end after the ledger's close (its exit is heard later): nothing to set then
          if (db.isOpen) appCheckpoints(db, !on)
        })

  tellOpened(opened, opts, notify, (aside) => salvageLedger(aside, labels, records))

  return {
    path: opened.path,
    status: opened.status,
    needsResync: opened.status !== 'opened',
    searchMode,
    cursors,
    insertBatch: changed(writer.insertBatch),
    async storeHistory(accountId, batches, { offThread = true } = {}) {
      if (!history || !offThread) return storeHere(accountId, batches)
      version++
      try {
        return await history.store(accountId, batches)
      } finally {
        version++
      }
    },
    together: (fn) => changed(inTransaction)(db, fn),
    markAnnounced: writer.markAnnounced,
    unannounced: (limit) => reader.outbox(limit),
    page: reader.page,
    count: reader.count,
    byRequestId: reader.byRequestId,
    byLnTxId: reader.byLnTxId,
    heldFees: (accountId) => (heldFees.get(accountId) as { n: number }).n,
    exportCsv: (filter, { format = 'plain', currency = 'USD', chunkRows, ...sink }) =>
      exportCsvOffThread({ path: opened.path, searchMode, filter, format, currency, chunkRows }, sink, opts.workersDir),
    plan: reader.plan,
    setLabel: changed(labels.setLabel),
    label: labels.label,
    labels: labels.labels,
    setWallets: labels.setWallets,
    ...records,
    // a claim (or a claimed link carried over) changes what search finds on the row it names
    claimWithdrawLink: changed((accountId: string, ott: string, c: Parameters<AppRecords['claimWithdrawLink']>[2]) => {
      const claimed = records.claimWithdrawLink(accountId, ott, c)
      if (claimed) search.textChanged(accountId, c.txId)
      return claimed
    }),
    putWithdrawLink: changed((link: StoredWithdrawLink) => {
      records.putWithdrawLink(link)
      if (link.claimTxId) search.textChanged(link.accountId, link.claimTxId)
    }),
    ...pricesThen,
    noteZap: changed((accountId: string, txId: string, zap: ZapView) => {
      db.prepare(
        `UPDATE transactions SET pass_thru = json_set(coalesce(pass_thru, '{}'), '$.zap', json(?))
         WHERE account_id = ? AND tx_id = ? AND (pass_thru IS NULL OR json_valid(pass_thru))`,
      ).run(JSON.stringify(zap), accountId, txId)
    }),
    forgetAccount(accountId) {
      version++
      inTransaction(db, () => {
        search.forget(accountId)
        for (const t of ACCOUNT_TABLES) db.prepare(`DELETE FROM ${t} WHERE account_id = ?`).run(accountId)
      })
    },
    async checkIntegrity() {
      if (opened.checked) return 'ok'
      const r = await checkInBackground(opened.path)
      if (r === 'damaged')
        notify({
          level: 'warning',
          code: 'ledger_damaged',
          message: mt('notices.ledgerDamaged'),
        })
      return r
    },
    historyStored: () => history?.stop(),
    close() {
      history?.close()
      opened.close()
    },
  }
}
