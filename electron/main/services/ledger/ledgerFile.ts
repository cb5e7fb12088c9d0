// The ledger's file as the ledger opens it: the SQLite file in userData with its checks, or one in
// memory for the session when no file can be made at all, and what the person is told about it.
import { DatabaseSync } from 'node:sqlite'
import { mt } from '../i18n'
import { migrate } from './migrate'
import { hasFts5, hasSearchIndex, type ledgerMigrations } from './schema'
import { type OpenedFile, openSqliteFile } from './sqliteFile'

const LEDGER_NAME = 'ledger'

export interface LedgerNotice {
  level: 'info' | 'warning' | 'error'
  code: 'ledger_rebuilt' | 'ledger_missing' | 'ledger_in_memory' | 'ledger_damaged'
  message: string
  /** where the old file was kept */
  path?: string
}

/** what of the ledger's options its file needs */
interface FileOptions {
  dir: string
  expectExisting?: boolean
}

/** The ledger's file, or one in memory for this session when no file can be made at all. */
export function openLedgerFile(
  opts: FileOptions,
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
export function tellOpened(
  opened: OpenedFile,
  opts: FileOptions,
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
