// The history's store, on a thread of its own (historyOffThread.ts; docs/ledger.md, "The first
// sync's store"). It opens the ledger's file with a connection of its own and stores each group of
// pages it is handed with the same writer as the main thread, in one transaction (rows, folded
// fees, the search index and the cursor together). The main thread reads the next pages meanwhile.
// This file is an entry of its own in the build.
import { DatabaseSync } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'
import { createCursors } from './cursors'
import { CLOSED, type FromHistoryWorker, type HistoryWorkerData, HURRY, type ToHistoryWorker } from './historyJob'
import { createWriter } from './insert'
import { createSearchIndex } from './searchIndex'
import { tuneHistoryConnection, tuneLedgerConnection } from './tuning'

const port = parentPort
if (!port) throw new Error('historyWorker.ts runs as a worker thread')
const data = workerData as HistoryWorkerData
const tell = (m: FromHistoryWorker) => port.postMessage(m)

const db = new DatabaseSync(data.path, { enableForeignKeyConstraints: true })
// the app's own connection may be writing (a label, a payment's row): wait for it, as it waits for us
db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL')
tuneLedgerConnection(db)
tuneHistoryConnection(db)
const search = createSearchIndex(db, data.searchMode === 'fts5')
const writer = createWriter(db, createCursors(db), search)
const flags = new Int32Array(data.flags)
/** pages a merge step writes: about 25 ms at a million rows, so the app's own writes wait no longer */
const MERGE_STEP_PAGES = 500

/**
 * A history is in: the search index's segments merged into one (searchIndex.ts, SEGMENT_MERGE), a
 * step at a time, until done or the ledger's close hurries us.
 */
function tidy() {
  try {
    while (Atomics.load(flags, HURRY) === 0 && search.mergeStep(MERGE_STEP_PAGES)) {
      // each step is a transaction of its own: the app's writes go in between
    }
  } catch {
    // a step that failed (the file busy past the timeout) left the index as it was, whole
  }
}

/** the WAL this thread wrote, into the file before the app's connection checkpoints again (tuning.ts) */
function checkpoint() {
  if (Atomics.load(flags, HURRY) === 1) return // the ledger is closing: its last close does it
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)')
  } catch {
    // busy: the app's connection checkpoints it later, as it would have
  }
}

port.on('message', (m: ToHistoryWorker) => {
  if (m.type === 'close') {
    if (m.tidy) tidy()
    checkpoint()
    db.close()
    Atomics.store(flags, CLOSED, 1)
    Atomics.notify(flags, CLOSED)
    port.close()
    return
  }
  try {
    tell({ type: 'stored', id: m.id, inserted: writer.storeGroup(m.accountId, m.batches) })
  } catch (err) {
    tell({ type: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) })
  }
})
