// A move's plan and each wallet's progress, kept in the journal's file (journal.sqlite: synchronous
// FULL, never dropped in silence, untouched by a ledger rebuild), so a move stopped at any moment
// is found again after a restart: the invoice it made at the target and the attempt whose request
// id the payment journal knows (docs/move.md).
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { type Columns, insertSql, selectAs, valuesOf } from '../ledger/columns'
import { inTransaction, type Migration } from '../ledger/migrate'

/** A journal migration: moves off an account and their wallets' steps. */
export const MOVES_MIGRATION: Migration = {
  name: 'moves off an account, one step per wallet',
  up: (db) =>
    db.exec(`
CREATE TABLE moves (
  move_id        TEXT PRIMARY KEY,
  from_account   TEXT    NOT NULL,
  to_account     TEXT    NOT NULL,
  to_wallet      TEXT    NOT NULL,
  state          TEXT    NOT NULL CHECK (state IN ('running', 'done')),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX moves_from ON moves (from_account, created_at);
CREATE TABLE move_wallets (
  move_id          TEXT    NOT NULL,
  wallet_id        TEXT    NOT NULL,
  position         INTEGER NOT NULL,
  name             TEXT    NOT NULL,
  amount_msat      INTEGER NOT NULL CHECK (amount_msat >= 0),
  fee_reserve_msat INTEGER NOT NULL CHECK (fee_reserve_msat >= 0),
  invoice          TEXT,
  attempt          INTEGER NOT NULL CHECK (attempt >= 1),
  state            TEXT    NOT NULL CHECK (state IN ('planned', 'invoiced', 'unknown', 'moved', 'failed', 'skipped')),
  reason           TEXT,
  detail           TEXT,
  PRIMARY KEY (move_id, wallet_id)
) WITHOUT ROWID;`),
}

export const MoveStepState = z.enum(['planned', 'invoiced', 'unknown', 'moved', 'failed', 'skipped'])
export type MoveStepState = z.infer<typeof MoveStepState>
/** why a wallet did not move: nothing left above the fee reserve, an outcome not known yet, or refused */
export const MoveReason = z.enum(['nothing', 'unknown', 'refused'])
export type MoveReason = z.infer<typeof MoveReason>

export interface MoveRecord {
  moveId: string
  fromAccountId: string
  toAccountId: string
  toWalletId: string
  state: 'running' | 'done'
  createdAt: number
  updatedAt: number
}

export interface MoveStepRecord {
  moveId: string
  walletId: string
  position: number
  name: string
  amountMsat: number
  feeReserveMsat: number
  /** the invoice made at the target for this attempt; null until it is made */
  invoice: string | null
  /** counts the payments tried; a new one only after the last was proven never sent */
  attempt: number
  state: MoveStepState
  reason: MoveReason | null
  /** the words the payment's outcome came with (main's language when it happened) */
  detail: string | null
}

const MOVE_COLUMNS: Columns<keyof MoveRecord> = {
  moveId: 'move_id',
  fromAccountId: 'from_account',
  toAccountId: 'to_account',
  toWalletId: 'to_wallet',
  state: 'state',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
}
const STEP_COLUMNS: Columns<keyof MoveStepRecord> = {
  moveId: 'move_id',
  walletId: 'wallet_id',
  position: 'position',
  name: 'name',
  amountMsat: 'amount_msat',
  feeReserveMsat: 'fee_reserve_msat',
  invoice: 'invoice',
  attempt: 'attempt',
  state: 'state',
  reason: 'reason',
  detail: 'detail',
}

export type StepChange = Partial<Pick<MoveStepRecord, 'amountMsat' | 'feeReserveMsat' | 'invoice' | 'attempt'>> & {
  state: MoveStepState
  reason?: MoveReason | null
  detail?: string | null
}

export interface MoveStore {
  /** writes a move and its wallets' first steps in one transaction */
  begin(move: Omit<MoveRecord, 'state' | 'createdAt' | 'updatedAt'>, steps: Omit<MoveStepRecord, 'moveId'>[]): void
  get(moveId: string): { move: MoveRecord; steps: MoveStepRecord[] } | null
  /** the move off this account not finished yet, if any (there is at most one) */
  unfinished(fromAccountId: string): MoveRecord | null
  /** the newest move off this account */
  latest(fromAccountId: string): MoveRecord | null
  step(moveId: string, walletId: string, change: StepChange): MoveStepRecord
  finish(moveId: string): void
}

const text = z.string().max(4096)

export function createMoveStore(db: DatabaseSync, nowSec: () => number): MoveStore {
  const insertMove = db.prepare(insertSql('INSERT INTO moves', MOVE_COLUMNS))
  const insertStep = db.prepare(insertSql('INSERT INTO move_wallets', STEP_COLUMNS))
  const selectMove = `SELECT ${selectAs(MOVE_COLUMNS)} FROM moves`
  const getMove = db.prepare(`${selectMove} WHERE move_id = ?`)
  const getSteps = db.prepare(`SELECT ${selectAs(STEP_COLUMNS)} FROM move_wallets WHERE move_id = ? ORDER BY position`)
  const getStep = db.prepare(`SELECT ${selectAs(STEP_COLUMNS)} FROM move_wallets WHERE move_id = ? AND wallet_id = ?`)
  const running = db.prepare(`${selectMove} WHERE from_account = ? AND state = 'running' ORDER BY created_at DESC`)
  const touch = db.prepare('UPDATE moves SET updated_at = ? WHERE move_id = ?')
  const done = db.prepare("UPDATE moves SET state = 'done', updated_at = ? WHERE move_id = ?")
  const update = db.prepare(
    `UPDATE move_wallets SET state = ?, amount_msat = ?, fee_reserve_msat = ?, invoice = ?, attempt = ?,
       reason = ?, detail = ? WHERE move_id = ? AND wallet_id = ?`,
  )
  const stepOf = (moveId: string, walletId: string) => {
    const row = getStep.get(moveId, walletId) as MoveStepRecord | undefined
    if (!row) throw new Error(`No step of wallet ${walletId} in move ${moveId}`)
    return row
  }
  // a WITHOUT ROWID table has no rowid: the newest by time, ties by id
  const newestOf = db.prepare(`${selectMove} WHERE from_account = ? ORDER BY created_at DESC, move_id DESC`)
  return {
    begin(move, steps) {
      const at = nowSec()
      inTransaction(db, () => {
        insertMove.run(...valuesOf(MOVE_COLUMNS, { ...move, state: 'running', createdAt: at, updatedAt: at }))
        for (const s of steps) insertStep.run(...valuesOf(STEP_COLUMNS, { ...s, moveId: move.moveId }))
      })
    },
    get(moveId) {
      const move = getMove.get(moveId) as MoveRecord | undefined
      return move ? { move, steps: getSteps.all(moveId) as unknown as MoveStepRecord[] } : null
    },
    unfinished: (from) => (running.get(from) as MoveRecord | undefined) ?? null,
    latest: (from) => (newestOf.get(from) as MoveRecord | undefined) ?? null,
    step(moveId, walletId, c) {
      return inTransaction(db, () => {
        const cur = stepOf(moveId, walletId)
        const next = { ...cur, ...c, state: MoveStepState.parse(c.state) }
        const reason = next.reason === null ? null : MoveReason.parse(next.reason)
        const detail = next.detail === null ? null : text.parse(next.detail.slice(0, 4096))
        update.run(
          ...[next.state, next.amountMsat, next.feeReserveMsat, next.invoice, next.attempt, reason, detail],
          ...[moveId, walletId],
        )
        touch.run(nowSec(), moveId)
        return stepOf(moveId, walletId)
      })
    },
    finish: (moveId) => void done.run(nowSec(), moveId),
  }
}
