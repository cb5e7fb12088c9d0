// The local ledger: every wallet's transactions, the app's invoices and withdraw links, labels and
// recent recipients, in one SQLite file in userData (node:sqlite, no native module). It is a cache
// of the service plus the app's own records: a file that cannot be used is set aside and a new one
// made, the caller is told to resync (`needsResync`), and the app never waits on it. Payments in
// flight are NOT here but in the journal (services/payments/journal.ts), which a rebuild cannot touch.
// See docs/ledger.md.
import { DatabaseSync } from 'node:sqlite'
import type { FiatCurrency } from '@shared/contract'
import { mt } from '../i18n'
import { type AppRecords, createAppRecords, type StoredWithdrawLink } from './appRecords'
import { type CsvSink, exportCsvOffThread } from './csvOffThread'
import { type Cursors, createCursors } from './cursors'
import type { CsvFormatName } from './exports'
import { createWriter, type InsertOptions, type InsertResult } from './insert'
import { type CheckResult, checkInBackground } from './integrityCheck'
import { createLabels, type Labels } from './labels'
import { inTransaction, migrate } from './migrate'
import { createPricesThen, type PricesThen } from './pricesThen'
import { createReader, type HistoryFilter, type Page, type PageQuery, type SearchMode } from './query'
import type { LedgerTxInput } from './rows'
import { salvageLedger } from './salvage'
import { hasFts5, hasSearchIndex, ledgerMigrations } from './schema'
import { createSearchIndex } from './searchIndex'
import type { SearchWay } from './searchPlan'
import { type OpenedFile, type OpenStatus, openSqliteFile } from './sqliteFile'
import type { LedgerTx } from './view'

export { Recipient, StoredWithdrawLink } from './appRecords'
export type { CursorPatch, SyncCursor } from './cursors'
export { CSV_HEADER } from './exportCsv'
export type { InsertOptions, InsertResult } from './insert'
export type { DayWithoutPrice, PricesThen } from './pricesThen'
export type { HistoryFilter, Page, PageQuery, SearchMode } from './query'
export { fromServiceTx, LedgerTxInput, REQUEST_ID_KEY } from './rows'
export type { LedgerTx } from './view'

const LEDGER_NAME = 'ledger'
/** the ledger connection's page cache (KiB) and its WAL's pages between checkpoints */
export const LEDGER_CACHE_KIB = 16_384
export const LEDGER_WAL_PAGES = 16_384

export interface LedgerNotice {
  level: 'info' | 'warning' | 'error'
  code: 'ledger_rebuilt' | 'ledger_missing' | 'ledger_in_memory' | 'ledger_damaged'
  message: string
  /** where the old file was kept */
  path?: string
}

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
  /** the CSV export's built worker (csvOffThread.ts finds it beside the app's bundle by itself) */
  csvWorker?: string
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
  // A first sync writes a million rows through random-keyed indexes (service id, lnTx, amount).
  // With the defaults (2 MB of cache, a checkpoint every 4 MB of WAL) each commit spilled and
  // each checkpoint waited on a disk flush: 16 MB of cache and a 64 MB WAL halved the store's
  // time (store-only bench, docs/ledger.md "At scale"). Still synchronous=NORMAL: a commit is no
  // less durable, the flush comes less often.
  db.exec(`PRAGMA cache_size = -${LEDGER_CACHE_KIB}; PRAGMA wal_autocheckpoint = ${LEDGER_WAL_PAGES}`)
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

  tellOpened(opened, opts, notify, (aside) => salvageLedger(aside, labels, records))

  return {
    path: opened.path,
    status: opened.status,
    needsResync: opened.status !== 'opened',
    searchMode,
    cursors,
    insertBatch: changed(writer.insertBatch),
    together: (fn) => changed(inTransaction)(db, fn),
    markAnnounced: writer.markAnnounced,
    unannounced: (limit) => reader.outbox(limit),
    page: reader.page,
    count: reader.count,
    byRequestId: reader.byRequestId,
    byLnTxId: reader.byLnTxId,
    heldFees: (accountId) => (heldFees.get(accountId) as { n: number }).n,
    exportCsv: (filter, { format = 'plain', currency = 'USD', chunkRows, ...sink }) =>
      exportCsvOffThread({ path: opened.path, searchMode, filter, format, currency, chunkRows }, sink, opts.csvWorker),
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
    close: opened.close,
  }
}

/** The ledger's file, or one in memory for this session when no file can be made at all. */
function openLedgerFile(
  opts: LedgerOptions,
  migrations: ReturnType<typeof ledgerMigrations>,
  notify: (n: LedgerNotice) => void,
  now: () => number,
): OpenedFile {
  try {
    return openSqliteFile({
      dir: opts.dir,
      name: LEDGER_NAME,
      migrations,
      now,
      synchronous: 'NORMAL',
      integrity: 'after-unclean',
      check: (db) => {
        // A file indexed by an SQLite with FTS5, opened by one without: unusable, so rebuilt.
        if (hasSearchIndex(db) && !hasFts5(db)) throw new Error('search index needs FTS5')
      },
    })
  } catch (err) {
    // No file can be made at all (a full disk, a folder without write access): the app still
    // runs, on a ledger in memory for this session, and says so.
    const db = new DatabaseSync(':memory:')
    migrate(db, migrations)
    notify({
      level: 'error',
      code: 'ledger_in_memory',
      message: mt('notices.ledgerInMemory', { error: err instanceof Error ? err.message : String(err) }),
    })
    return {
      ...{ db, path: ':memory:', status: 'created', setAside: null, reason: null, orphanWal: null },
      ...{ checked: true, close: () => db.close() },
    }
  }
}

/** A file set aside (what of the app's records was recovered from it), or missing when it was expected. */
function tellOpened(
  opened: OpenedFile,
  opts: LedgerOptions,
  notify: (n: LedgerNotice) => void,
  salvage: (aside: string) => number,
) {
  if (opened.setAside) {
    const kept = salvage(opened.setAside)
    notify({
      level: 'warning',
      code: 'ledger_rebuilt',
      path: opened.setAside,
      message: mt('notices.ledgerRebuilt', { reason: String(opened.reason), path: opened.setAside, kept }),
    })
  } else if (opened.status === 'created' && opts.expectExisting) {
    notify({
      level: 'info',
      code: 'ledger_missing',
      message: mt('notices.historyMissing'),
    })
  }
}
