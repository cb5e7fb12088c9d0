// The page cache and checkpoint size of a ledger connection that writes, the app's own and the
// history's store worker's alike. A first sync writes a million rows through random-keyed indexes
// (service id, lnTx, amount). With the defaults (2 MB of cache, a checkpoint every 4 MB of WAL) each
// commit spilled and each checkpoint waited on a disk flush: 16 MB of cache and a 64 MB WAL halved
// the store's time (docs/ledger.md, "At scale"). Still synchronous=NORMAL: a commit is no less
// durable, the flush comes less often.
import type { DatabaseSync } from 'node:sqlite'

/** the connection's page cache (KiB) and its WAL's pages between checkpoints */
const LEDGER_CACHE_KIB = 16_384
const LEDGER_WAL_PAGES = 16_384

export function tuneLedgerConnection(db: DatabaseSync): void {
  db.exec(`PRAGMA cache_size = -${LEDGER_CACHE_KIB}; PRAGMA wal_autocheckpoint = ${LEDGER_WAL_PAGES}`)
}

/**
 * While the history's thread stores a large history, checkpoints come every 256 MB of WAL, and only
 * from that thread: the random-keyed indexes' pages are then written into the file once per 256 MB
 * instead of once per 64 MB (the store alone 15 % cheaper at a million rows; a whole first sync of a
 * million writes 17 GB instead of 21 and takes 3 to 5 % less: docs/ledger.md, "At scale", its eighth round).
 * The app's own connection stops checkpointing meanwhile (`appCheckpoints(db, false)`), or its
 * next small commit could take a checkpoint of 256 MB on the main thread. The WAL file is cut back
 * to 64 MB after each checkpoint, and the thread checkpoints once more when it closes, so the app's
 * connection never inherits a large WAL.
 */
const HISTORY_WAL_PAGES = 65_536
const WAL_KEPT_BYTES = 64 * 1024 * 1024

export function tuneHistoryConnection(db: DatabaseSync): void {
  db.exec(`PRAGMA wal_autocheckpoint = ${HISTORY_WAL_PAGES}; PRAGMA journal_size_limit = ${WAL_KEPT_BYTES}`)
}

/** the app's own connection: checkpoints as usual (`true`), or none while the history's thread runs */
export function appCheckpoints(db: DatabaseSync, on: boolean): void {
  db.exec(`PRAGMA wal_autocheckpoint = ${on ? LEDGER_WAL_PAGES : 0}`)
}
