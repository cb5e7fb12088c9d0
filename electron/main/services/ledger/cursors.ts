// Where the sync loop is, per account and wallet: the newest transaction seen, the last full check,
// and how far the first (history) sync got, so it can stop at any page and go on after a restart.
// A cursor may be written in the same transaction as the rows it accounts for (insertBatch).
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { type Columns, selectAs } from './columns'

const int = z.number().int().nonnegative()

export const CursorPatch = z
  .object({
    lastSeenTxId: z.string().min(1).max(256).nullable(),
    lastSeenAt: int.nullable(),
    fullCheckAt: int.nullable(),
    /** the next page of the history to fetch (1-based, as the service pages) */
    backfillNextPage: z.number().int().positive(),
    /** how many transactions the service said there were when the history sync began */
    backfillTotal: int.nullable(),
    backfillDoneAt: int.nullable(),
  })
  .partial()
  .strict()
export type CursorPatch = z.infer<typeof CursorPatch>

export interface SyncCursor {
  accountId: string
  walletId: string
  lastSeenTxId: string | null
  lastSeenAt: number | null
  fullCheckAt: number | null
  backfillNextPage: number
  backfillTotal: number | null
  backfillDoneAt: number | null
}

const COLUMNS: Columns<keyof CursorPatch> = {
  lastSeenTxId: 'last_seen_tx_id',
  lastSeenAt: 'last_seen_at',
  fullCheckAt: 'full_check_at',
  backfillNextPage: 'backfill_next_page',
  backfillTotal: 'backfill_total',
  backfillDoneAt: 'backfill_done_at',
}

const SELECT = `SELECT account_id AS accountId, wallet_id AS walletId, ${selectAs(COLUMNS)} FROM sync_cursors`

export function createCursors(db: DatabaseSync) {
  const getOne = db.prepare(`${SELECT} WHERE account_id = ? AND wallet_id = ?`)
  const ofAccount = db.prepare(`${SELECT} WHERE account_id = ? ORDER BY wallet_id`)
  const ensure = db.prepare('INSERT OR IGNORE INTO sync_cursors (account_id, wallet_id) VALUES (?, ?)')
  return {
    get(accountId: string, walletId: string): SyncCursor | null {
      return (getOne.get(accountId, walletId) as SyncCursor | undefined) ?? null
    },
    list(accountId: string): SyncCursor[] {
      return ofAccount.all(accountId) as unknown as SyncCursor[]
    },
    /** Updates the named fields only (creating the cursor); call inside a transaction to pair it with rows. */
    set(accountId: string, walletId: string, patch: CursorPatch): void {
      const valid = CursorPatch.parse(patch)
      ensure.run(accountId, walletId)
      const keys = Object.keys(valid) as Array<keyof CursorPatch>
      if (keys.length === 0) return
      const sets = keys.map((k) => `${COLUMNS[k]} = ?`).join(', ')
      db.prepare(`UPDATE sync_cursors SET ${sets} WHERE account_id = ? AND wallet_id = ?`).run(
        ...keys.map((k) => valid[k] ?? null),
        accountId,
        walletId,
      )
    },
  }
}
export type Cursors = ReturnType<typeof createCursors>
