// What the main thread and the history's store worker say to each other (historyOffThread.ts,
// historyWorker.ts). Plain data only: it is copied between the threads.
import type { InsertOptions } from './insert'
import type { SearchMode } from './query'
import type { LedgerTxInput } from './rows'

/** given when the worker starts */
export interface HistoryWorkerData {
  /** the ledger's file, opened by the worker with a connection of its own */
  path: string
  /** the ledger's own (its schema, read when it opened) */
  searchMode: SearchMode
  /**
   * Two Int32s: [CLOSED] the worker sets to 1 once its connection is closed (the ledger's close
   * waits on it); [HURRY] the main thread sets to 1 when the close cannot wait for tidying
   */
  flags: SharedArrayBuffer
}

/** the places in HistoryWorkerData.flags */
export const CLOSED = 0
export const HURRY = 1

/** one wallet's rows of one page and what goes with them (insertBatch's options, the cursor too) */
export interface HistoryBatch {
  rows: LedgerTxInput[]
  opts: InsertOptions
}

export type ToHistoryWorker =
  /** store these batches in one transaction, in order */
  | { type: 'store'; id: number; accountId: string; batches: HistoryBatch[] }
  /** close the connection; `tidy`: a history is in, merge the search index's segments first */
  | { type: 'close'; tidy?: boolean }

export type FromHistoryWorker =
  /** rows stored by each batch of store `id` (duplicates left out) */
  { type: 'stored'; id: number; inserted: number[] } | { type: 'failed'; id: number; message: string }
