// The history's store, on a thread of its own (historyOffThread.ts; docs/ledger.md, "The first
// sync's store"). It opens the ledger's file with a connection of its own and stores each group of
// pages it is handed with the same writer as the main thread, in one transaction (rows, folded
// fees, the search index and the cursor together). The main thread reads the next pages meanwhile.
// This file is an entry of its own in the build.
import { DatabaseSync } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'
import { createCursors } from './cursors'
import type { FromHistoryWorker, HistoryWorkerData, ToHistoryWorker } from './historyJob'
import { createWriter } from './insert'
import { createSearchIndex } from './searchIndex'
import { tuneLedgerConnection } from './tuning'

const port = parentPort
if (!port) throw new Error('historyWorker.ts runs as a worker thread')
const data = workerData as HistoryWorkerData
const tell = (m: FromHistoryWorker) => port.postMessage(m)

const db = new DatabaseSync(data.path, { enableForeignKeyConstraints: true })
// the app's own connection may be writing (a label, a payment's row): wait for it, as it waits for us
db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL')
tuneLedgerConnection(db)
const writer = createWriter(db, createCursors(db), createSearchIndex(db, data.searchMode === 'fts5'))

port.on('message', (m: ToHistoryWorker) => {
  if (m.type === 'close') {
    db.close()
    const closed = new Int32Array(data.closed)
    Atomics.store(closed, 0, 1)
    Atomics.notify(closed, 0)
    port.close()
    return
  }
  try {
    tell({ type: 'stored', id: m.id, inserted: writer.storeGroup(m.accountId, m.batches) })
  } catch (err) {
    tell({ type: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) })
  }
})
