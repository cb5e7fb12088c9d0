// Reading what can still be read from a file that was set aside: the app's own records, which the
// service cannot give back. Read-only and best effort: a table that cannot be read gives nothing,
// a row that does not pass its schema is skipped, and the file itself is never changed.
import { DatabaseSync } from 'node:sqlite'
import type { PendingInvoice } from '@shared/contract'
import { type AppRecords, SELECT_INVOICES, SELECT_LINKS, type StoredWithdrawLink, withUri } from './appRecords'
import type { Labels } from './labels'

/** No set-aside file can make the app read without end. */
const SALVAGE_MAX_ROWS = 100_000

/** The rows `sql` returns from the file at `path`, or [] when the file or table cannot be read. */
export function readAside(path: string, sql: string): Record<string, unknown>[] {
  let db: DatabaseSync | null = null
  try {
    db = new DatabaseSync(path, { readOnly: true })
    const out: Record<string, unknown>[] = []
    for (const row of db.prepare(sql).iterate()) {
      out.push(row as Record<string, unknown>)
      if (out.length >= SALVAGE_MAX_ROWS) break
    }
    return out
  } catch {
    return []
  } finally {
    try {
      db?.close()
    } catch {}
  }
}

/** Runs `put` on each row and counts those it accepted (a throw skips the row). */
export function restore<T>(rows: readonly T[], put: (row: T) => void): number {
  let n = 0
  for (const r of rows) {
    try {
      put(r)
      n++
    } catch {}
  }
  return n
}

/**
 * The ledger's labels, invoices, withdraw links and recipients from a set-aside file, put into the
 * new one through the same validating calls the app uses; how many rows were kept.
 */
export function salvageLedger(path: string, labels: Labels, records: AppRecords): number {
  const labelRows = readAside(path, 'SELECT account_id, tx_id, label, updated_at FROM labels')
  const recipientRows = readAside(path, 'SELECT account_id, address, last_used_at, use_count FROM recipients')
  const invoiceRows = readAside(path, SELECT_INVOICES)
  const linkRows = readAside(path, SELECT_LINKS)
  // Each put validates with zod: a row that was damaged is refused, not stored.
  return (
    restore(labelRows, (r) =>
      labels.setLabel(String(r.account_id), String(r.tx_id), String(r.label), Number(r.updated_at)),
    ) +
    restore(recipientRows, (r) =>
      records.recordRecipient(String(r.account_id), String(r.address), Number(r.last_used_at), Number(r.use_count)),
    ) +
    restore(invoiceRows, (r) => records.putInvoice(r as unknown as PendingInvoice)) +
    restore(linkRows, (r) => records.putWithdrawLink(withUri(r as unknown as Omit<StoredWithdrawLink, 'uri'>)))
  )
}
