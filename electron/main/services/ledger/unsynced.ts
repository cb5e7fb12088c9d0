// A write transaction of a SQLite file kept at FULL sync, committed without its fsync.
import type { DatabaseSync } from 'node:sqlite'
import { inTransaction } from './migrate'

/**
 * One write transaction committed without its fsync (WAL, `synchronous = NORMAL`): in the file for
 * any restart of the app, a crash of it included, and lost only to a power cut or a crash of the
 * system before the next synced commit or checkpoint. That fsync was 4 ms of main's thread after
 * every read an app asked (docs/nwc.md, "Speed"). Inside another transaction it is a savepoint of
 * it, synced as that one commits. The connection is FULL again afterwards, whatever `fn` did.
 */
export function unsynced(db: DatabaseSync, fn: () => void): void {
  if (db.isTransaction) {
    inTransaction(db, fn)
    return
  }
  db.exec('PRAGMA synchronous = NORMAL')
  try {
    inTransaction(db, fn)
  } finally {
    db.exec('PRAGMA synchronous = FULL')
  }
}
