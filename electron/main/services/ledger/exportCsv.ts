// The whole filtered history as CSV, streamed in chunks so a large export never holds every row in
// memory; run in the export's worker thread (csvWorker.ts), which a stop ends. Fees have a column of
// their own and are not in the amount (a payment's row carries its folded fee once), so summing
// amount_msat and fee_msat over the file gives the balance change. Cells a spreadsheet would run as
// a formula are defused (@shared/csv).
import { cleanText } from '@shared/cleanText'
import { csvRow } from '@shared/csv'
import { txWords } from '@shared/txWords'
import type { ClaimedLink } from './appRecords'
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
  // the person's memo of the withdraw link the row claimed (the row's memo is the claimer's)
  'link_memo',
  // the person's other wallet of a move between two of them (the type says only which way)
  'other_wallet',
] as const

export interface CsvOptions {
  /** receives the file a chunk at a time (a file stream's write, for example) */
  write: (chunk: string) => void | Promise<void>
  /** rows done and the total, after each chunk */
  onProgress?: (done: number, total: number) => void
  /** rows per chunk (at most PAGE_MAX) */
  chunkRows?: number
  /** a tax tool's columns (exports/); absent: the plain columns above */
  format?: ExportFormat | null
}

/**
 * The `type` cell: what kind of row it is, from a short fixed list ("Sent", "Received", "Moved to
 * another wallet"…) that a spreadsheet can filter on; whom it paid or which wallet is in a column
 * of its own, never in the type ("Sent to alice@…" made every payee a type of its own).
 */
export const csvType = (t: Pick<LedgerTx, 'typeName' | 'amountMsat'>): string =>
  txWords({ typeName: t.typeName, amountMsat: t.amountMsat })

function line(t: LedgerTx, linkMemo: string | null): string {
  const moved = t.typeName === 'ln_transfer_in' || t.typeName === 'ln_transfer_out'
  return csvRow([
    new Date(t.createdAt * 1000).toISOString(),
    t.walletLabel ?? t.walletId,
    csvType(t),
    t.amountMsat,
    t.feeMsat,
    t.memo,
    t.comment,
    t.payee,
    t.label,
    t.txId,
    t.lnTxId,
    t.paymentHash,
    linkMemo,
    moved ? (t.counterpartyLabel ?? t.counterpartyWalletId) : null,
  ])
}

/**
 * `claimedLinks` names the links a chunk's rows claimed (one look-up per chunk, by the claim's
 * index) for the plain columns' `link_memo`; the tax tools' columns have no place for it.
 */
export async function exportCsv(
  reader: Reader,
  filter: HistoryFilter,
  opts: CsvOptions,
  claimedLinks: (txIds: readonly string[]) => ClaimedLink[] = () => [],
): Promise<{ rows: number; total: number }> {
  const chunkRows = Math.min(Math.max(opts.chunkRows ?? PAGE_MAX, 1), PAGE_MAX)
  const total = reader.count(filter)
  const format = opts.format
  const toLines = (rows: LedgerTx[]) => {
    if (format) return rows.map((t) => csvRow(format.cells(t)))
    const links = new Map(claimedLinks(rows.map((t) => t.txId)).map((l) => [l.txId, cleanText(l.memo)]))
    return rows.map((t) => line(t, links.get(t.txId) ?? null))
  }
  await opts.write(`${csvRow([...(opts.format?.header ?? CSV_HEADER)])}\r\n`)
  let done = 0
  let after: { createdAt: number; rowId: number } | undefined
  opts.onProgress?.(0, total)
  for (;;) {
    const rows = reader.rows({ ...filter, limit: chunkRows, after })
    if (rows.length === 0) break
    await opts.write(`${toLines(rows).join('\r\n')}\r\n`)
    done += rows.length
    opts.onProgress?.(done, total)
    const last = rows[rows.length - 1] as LedgerTx
    after = { createdAt: last.createdAt, rowId: last.rowId }
    if (rows.length < chunkRows) break
  }
  return { rows: done, total }
}
