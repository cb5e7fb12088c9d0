// The whole filtered history as CSV, streamed in chunks so a large export neither holds every row
// in memory nor stalls the main process: between chunks the event loop runs. Fees have a column of
// their own and are not in the amount (a payment's row carries its folded fee once), so summing
// amount_msat and fee_msat over the file gives the balance change. Cells a spreadsheet would run as
// a formula are defused (@shared/csv).
import { setImmediate as nextTurn } from 'node:timers/promises'
import { csvRow } from '@shared/csv'
import type { ExportFormat } from './exports'
import { type HistoryFilter, PAGE_MAX, type Reader } from './query'
import type { LedgerTx } from './view'

export const CSV_HEADER = [
  'date',
  'wallet',
  'type',
  'amount_msat',
  'fee_msat',
  'memo',
  'comment',
  'payee',
  'label',
  'id',
  'lntx_id',
  'payment_hash',
] as const

export interface CsvOptions {
  /** receives the file a chunk at a time (a file stream's write, for example) */
  write: (chunk: string) => void | Promise<void>
  /** rows done and the total, after each chunk */
  onProgress?: (done: number, total: number) => void
  /** rows per chunk (at most PAGE_MAX) */
  chunkRows?: number
  /** stops between chunks; what was written stays written */
  signal?: AbortSignal
  /** a tax tool's columns (exports/); absent: the plain columns above */
  format?: ExportFormat | null
}

function line(t: LedgerTx): string {
  return csvRow([
    new Date(t.createdAt * 1000).toISOString(),
    t.walletLabel ?? t.walletId,
    t.words,
    t.amountMsat,
    t.feeMsat,
    t.memo,
    t.comment,
    t.payee,
    t.label,
    t.txId,
    t.lnTxId,
    t.paymentHash,
  ])
}

export async function exportCsv(
  reader: Reader,
  filter: HistoryFilter,
  opts: CsvOptions,
): Promise<{ rows: number; total: number }> {
  const chunkRows = Math.min(Math.max(opts.chunkRows ?? PAGE_MAX, 1), PAGE_MAX)
  const total = reader.count(filter)
  const toLine = opts.format ? (t: LedgerTx) => csvRow((opts.format as ExportFormat).cells(t)) : line
  await opts.write(`${csvRow([...(opts.format?.header ?? CSV_HEADER)])}\r\n`)
  let done = 0
  let after: { createdAt: number; rowId: number } | undefined
  opts.onProgress?.(0, total)
  for (;;) {
    opts.signal?.throwIfAborted()
    const rows = reader.rows({ ...filter, limit: chunkRows, after })
    if (rows.length === 0) break
    await opts.write(`${rows.map(toLine).join('\r\n')}\r\n`)
    done += rows.length
    opts.onProgress?.(done, total)
    const last = rows[rows.length - 1] as LedgerTx
    after = { createdAt: last.createdAt, rowId: last.rowId }
    if (rows.length < chunkRows) break
    await nextTurn()
  }
  return { rows: done, total }
}
