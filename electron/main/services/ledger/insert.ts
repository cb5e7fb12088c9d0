// Writing synced transactions: one database transaction per batch, idempotent on the service's id,
// with network fees folded into their payments and the announcement outbox kept in step.
//
// Announced exactly once, across crashes and restarts: a new row is inserted with `announced = 0`
// in the same transaction that makes it exist, and the rows with `announced = 0` are the outbox
// (a partial index keeps them at hand). The notifier reads the outbox (`unannounced`), shows each
// row, then calls `markAnnounced`. A row the service sends again hits the unique (account, service
// id) and changes nothing, so it can never re-enter the outbox; a crash before `markAnnounced`
// leaves the row in the outbox and it is shown after the restart, so nothing is lost. History
// loaded in bulk (the first sync, a resync after a rebuild) goes in with `announce: false`: stored
// and marked in the same transaction, never shown as new.
//
// Fee folding (docs/ledger.md): the service writes a payment's routing fee as a row of its own,
// type `network_fee`, in the same wallet and carrying the same lnTx (same `lnTx.id`) as the
// payment; its passThru is empty and its time equal to the payment's, so neither is a key. The
// lnTx id is the tie. Newest first, the fee row comes before its payment (and a page may end
// between them): a fee whose payment is not here yet is held in `fees` and folded when the payment
// arrives. A fee row without an lnTx cannot be tied to anything and stays a row of its own.
import type { DatabaseSync } from 'node:sqlite'
import type { PriceThen } from '@shared/priceThen'
import type { CursorPatch, Cursors } from './cursors'
import { inTransaction } from './migrate'
import { type LivePrice, liveFor } from './pricesThen'
import { FEE_TYPE, LedgerTxInput } from './rows'
import type { SearchIndex } from './searchIndex'

export interface InsertOptions {
  /** false for history loaded in bulk: stored as already announced */
  announce?: boolean
  /** the sync cursor to move in the same transaction (what these rows account for) */
  cursor?: { walletId: string } & CursorPatch
  /** the live rate now: stored with the rows it is the price of (pricesThen.ts, `liveFor`) */
  livePrice?: PriceThen | null
}

export interface InsertResult {
  /** local row ids of the new payment rows put in the announcement outbox, oldest first */
  toAnnounce: number[]
  /** new rows stored (payments and fees), duplicates left out */
  inserted: number
  /** fee rows folded into a payment by this batch */
  folded: number
  /** fee rows of this batch held for a payment not yet here */
  held: number
}

export function createWriter(db: DatabaseSync, cursors: Cursors, search: SearchIndex) {
  const insertTx = db.prepare(`INSERT OR IGNORE INTO transactions
    (account_id, wallet_id, tx_id, type, amount_msat, memo, comment, payee, counterparty_wallet_id,
     lntx_id, payment_hash, preimage, request_id, pass_thru, created_at, announced, price_then)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const insertFee = db.prepare(`INSERT OR IGNORE INTO fees
    (account_id, wallet_id, tx_id, lntx_id, amount_msat, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
  const paymentFor = db.prepare(`SELECT id FROM transactions
    WHERE account_id = ? AND wallet_id = ? AND lntx_id = ? AND type <> '${FEE_TYPE}' ORDER BY id LIMIT 1`)
  const anyHeld = db.prepare(`SELECT 1 AS one FROM fees
    WHERE account_id = ? AND wallet_id = ? AND folded_into IS NULL LIMIT 1`)
  const heldSum = db.prepare(`SELECT coalesce(sum(amount_msat), 0) AS msat, count(*) AS n FROM fees
    WHERE account_id = ? AND wallet_id = ? AND lntx_id = ? AND folded_into IS NULL`)
  const foldHeld = db.prepare(`UPDATE fees SET folded_into = ?
    WHERE account_id = ? AND wallet_id = ? AND lntx_id = ? AND folded_into IS NULL`)
  const foldOne = db.prepare('UPDATE fees SET folded_into = ? WHERE id = ?')
  const addFee = db.prepare('UPDATE transactions SET fee_msat = fee_msat + ? WHERE id = ?')
  const setAnnounced = db.prepare('UPDATE transactions SET announced = 1 WHERE id = ? AND announced = 0')

  /** fee rows this batch held, by wallet and lnTx, so a later row of the batch can un-count them */
  type HeldHere = Map<string, number>
  /** wallets with fees held before this batch (most batches: none, so no look-up per payment) */
  type HeldBefore = Map<string, boolean>
  const key = (r: LedgerTxInput) => `${r.walletId}\n${r.lnTxId}`

  /** A fee row: folded into its payment when that is stored, else held until it comes. */
  function insertFeeRow(accountId: string, r: LedgerTxInput, out: InsertResult, here: HeldHere) {
    const res = insertFee.run(accountId, r.walletId, r.txId, r.lnTxId, r.amountMsat, r.createdAt)
    if (res.changes === 0) return // seen before: already held or folded
    out.inserted++
    const pay = paymentFor.get(accountId, r.walletId, r.lnTxId) as { id: number } | undefined
    if (!pay) {
      out.held++
      here.set(key(r), (here.get(key(r)) ?? 0) + 1)
      return
    }
    foldOne.run(pay.id, res.lastInsertRowid)
    addFee.run(r.amountMsat, pay.id)
    out.folded++
  }

  function insertOne(
    accountId: string,
    r: LedgerTxInput,
    announce: boolean,
    out: InsertResult,
    here: HeldHere,
    before: HeldBefore,
    live: LivePrice,
  ) {
    if (r.typeName === FEE_TYPE && r.lnTxId) return insertFeeRow(accountId, r, out, here)
    const res = insertTx.run(
      accountId,
      r.walletId,
      r.txId,
      r.typeName,
      r.amountMsat,
      r.memo,
      r.comment,
      r.payee,
      r.counterpartyWalletId,
      r.lnTxId,
      r.paymentHash,
      r.preimage,
      r.requestId,
      r.passThru,
      r.createdAt,
      announce ? 0 : 1,
      live(r.createdAt),
    )
    if (res.changes === 0) return
    out.inserted++
    const rowId = Number(res.lastInsertRowid)
    if (announce) out.toAnnounce.push(rowId)
    if (!r.lnTxId || r.typeName === FEE_TYPE) return
    let heldBefore = before.get(r.walletId)
    if (heldBefore === undefined) {
      heldBefore = anyHeld.get(accountId, r.walletId) !== undefined
      before.set(r.walletId, heldBefore)
    }
    if (!heldBefore && !here.has(key(r))) return
    const held = heldSum.get(accountId, r.walletId, r.lnTxId) as { msat: number; n: number }
    if (held.n === 0) return
    foldHeld.run(rowId, accountId, r.walletId, r.lnTxId)
    addFee.run(held.msat, rowId)
    out.folded += held.n
    out.held -= here.get(key(r)) ?? 0
    here.delete(key(r))
  }

  const writer = {
    /**
     * Stores a batch in ONE transaction: all of it or none of it (a row that fails validation
     * throws before anything is written). Rows may come in any order.
     */
    insertBatch(accountId: string, rows: readonly LedgerTxInput[], opts: InsertOptions = {}): InsertResult {
      if (!accountId) throw new Error('insertBatch needs an account id')
      const valid = rows.map((r) => LedgerTxInput.parse(r))
      const announce = opts.announce ?? true
      return inTransaction(db, () => {
        const out: InsertResult = { toAnnounce: [], inserted: 0, folded: 0, held: 0 }
        // oldest first, so the outbox and local ids follow the order money moved
        const ordered = [...valid].sort((a, b) => a.createdAt - b.createdAt)
        const here: HeldHere = new Map()
        const live = liveFor(opts.livePrice)
        const lastRow = search.lastRowId()
        const heldBefore: HeldBefore = new Map()
        for (const r of ordered) insertOne(accountId, r, announce, out, here, heldBefore, live)
        if (out.inserted > 0) search.addedAfter(lastRow)
        if (opts.cursor) {
          const { walletId, ...patch } = opts.cursor
          cursors.set(accountId, walletId, patch)
        }
        return out
      })
    },

    /**
     * Several batches (pages of history, each with its cursor) in ONE transaction, in order: all of
     * them or none. Rows stored by each, duplicates left out.
     */
    storeGroup(accountId: string, batches: ReadonlyArray<{ rows: readonly LedgerTxInput[]; opts: InsertOptions }>) {
      return inTransaction(db, () => batches.map((b) => writer.insertBatch(accountId, b.rows, b.opts).inserted))
    },

    /** Takes rows out of the outbox once the person has been told. */
    markAnnounced(rowIds: readonly number[]): number {
      return inTransaction(db, () => {
        let n = 0
        for (const id of rowIds) n += Number(setAnnounced.run(id).changes)
        return n
      })
    },
  }
  return writer
}
