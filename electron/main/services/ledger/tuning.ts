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
