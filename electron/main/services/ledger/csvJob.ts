// What the main thread and the CSV export's worker say to each other (csvOffThread.ts, csvWorker.ts).
import type { FiatCurrency } from '@shared/contract'
import type { CsvFormatName } from './exports'
import type { HistoryFilter, SearchMode } from './query'

/** the worker's whole task, given when it starts: plain data only */
export interface CsvJob {
  /** the ledger's file, opened read-only by the worker */
  path: string
  /** the ledger's own (its schema, read when it opened) */
  searchMode: SearchMode
  filter: HistoryFilter
  format: CsvFormatName
  /** the fiat column's currency of a format that has one (Koinly) */
  currency: FiatCurrency
  chunkRows?: number
}

export type FromCsvWorker =
  /** the next piece of the file (a view of the worker's buffer, handed over); the worker waits for
   * 'written' before it reads on */
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; rows: number; total: number }
  | { type: 'failed'; message: string }

/** a chunk was written: its buffer, handed back for the next */
export type ToCsvWorker = { type: 'written'; buffer: ArrayBuffer }
