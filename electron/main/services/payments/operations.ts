// The record of every operation that moves money or makes something spendable, one per operation
// name and request id, kept in the journal's file (journal.sqlite: synchronous FULL, never dropped
// in silence, untouched by a ledger rebuild). It is written `started` before the operation runs
// and `done` with its answer after, so the same request id is never run twice: not after any
// number of other calls, not after a restart. One left `started` by a crash has an unknown
// outcome. See docs/money.md, "Money rules".
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { type Columns, insertSql, selectAs, valuesOf } from '../ledger/columns'
import type { Migration } from '../ledger/migrate'

export const OPERATIONS_MIGRATION: Migration = {
  name: 'money operations, once per request id',
  up: (db) =>
    db.exec(`
CREATE TABLE operations (
  op          TEXT    NOT NULL,
  request_id  TEXT    NOT NULL,
  fingerprint TEXT    NOT NULL,
  state       TEXT    NOT NULL CHECK (state IN ('started', 'done')),
  result      TEXT,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  PRIMARY KEY (op, request_id)
) WITHOUT ROWID;`),
}

/** A stored answer is at most this long (a sheet of vouchers is the largest, some 20 KB). */
const RESULT_MAX = 1_000_000

export const OperationRecord = z.object({
  op: z.string().min(1).max(100),
  requestId: z.string().min(1).max(200),
  /** a digest of the operation's input: the same id with other input is refused */
  fingerprint: z.string().min(1).max(128),
  state: z.enum(['started', 'done']),
  /** the answer as JSON (a Result envelope, secrets cut out), once done */
  result: z.string().max(RESULT_MAX).nullable(),
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
})
export type OperationRecord = z.infer<typeof OperationRecord>

const COLUMNS: Columns<keyof OperationRecord> = {
  op: 'op',
  requestId: 'request_id',
  fingerprint: 'fingerprint',
  state: 'state',
  result: 'result',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
}
export const SELECT_OPERATIONS = `SELECT ${selectAs(COLUMNS)} FROM operations`

export interface OperationLog {
  /**
   * Writes `started` for an operation not seen before (`created: true`: run it now). Otherwise
   * the record already there, whatever its state (null when it cannot be read: damaged): the
   * caller must not run it again.
   */
  begin(
    op: string,
    requestId: string,
    fingerprint: string,
  ): { created: true } | { created: false; record: OperationRecord | null }
  /** the operation's answer, stored once it is known */
  finish(op: string, requestId: string, result: string): void
  get(op: string, requestId: string): OperationRecord | null
  /** puts a record read from a set-aside file back as it was (validated first) */
  restore(record: OperationRecord): boolean
}

export function createOperationLog(db: DatabaseSync, nowSec: () => number): OperationLog {
  const insert = db.prepare(insertSql('INSERT OR IGNORE INTO operations', COLUMNS))
  const getOne = db.prepare(`${SELECT_OPERATIONS} WHERE op = ? AND request_id = ?`)
  const done = db.prepare(
    "UPDATE operations SET state = 'done', result = ?, updated_at = ? WHERE op = ? AND request_id = ? AND state = 'started'",
  )
  const get = (op: string, requestId: string) => {
    const row = getOne.get(op, requestId)
    return row ? OperationRecord.parse(row) : null
  }
  const put = (r: OperationRecord) => Number(insert.run(...valuesOf(COLUMNS, OperationRecord.parse(r))).changes) === 1
  return {
    begin(op, requestId, fingerprint) {
      const at = nowSec()
      if (put({ op, requestId, fingerprint, state: 'started', result: null, createdAt: at, updatedAt: at }))
        return { created: true }
      const seen = OperationRecord.safeParse(getOne.get(op, requestId))
      return { created: false, record: seen.success ? seen.data : null }
    },
    finish(op, requestId, result) {
      if (result.length > RESULT_MAX) throw new Error('operation result too large to keep')
      done.run(result, nowSec(), op, requestId)
    },
    get,
    restore: (record) => put(record),
  }
}
