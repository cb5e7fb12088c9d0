// The text search looks in, for each transaction row: memo, comment, payee, the person's label and
// the person's memo of the withdraw link the row claimed.
// With FTS5 it lives in the trigram index `tx_search` (rowid = the transaction's row id), written
// here by the few paths that change it (a batch of new rows, a label, forgetting an account) rather
// than by triggers: an FTS5 insert fired from a trigger costs about ten times as much, and one
// INSERT … SELECT for a whole batch about a fifth of one statement per row.
import type { DatabaseSync } from 'node:sqlite'

/**
 * The person's memo of the withdraw link row `t` claimed, by the claim's index; only a withdraw
 * row can claim one, so every other row skips the look-up on its own column.
 */
export const LINK_MEMO = `(CASE WHEN t.type = 'ln_lnurl_withdraw' THEN (SELECT w.memo FROM withdraw_links w
  WHERE w.account_id = t.account_id AND w.claim_tx_id = t.tx_id) END)`

/** The searched text of row `t` (an alias of transactions), fields apart so no match spans two. */
export const SEARCH_TEXT = `coalesce(t.memo, '') || char(31) || coalesce(t.comment, '') || char(31) ||
  coalesce(t.payee, '') || char(31) ||
  coalesce((SELECT label FROM labels l WHERE l.account_id = t.account_id AND l.tx_id = t.tx_id), '') ||
  char(31) || coalesce(${LINK_MEMO}, '')`

export interface SearchIndex {
  /** the highest transaction row id now (rows inserted after this call get larger ones) */
  lastRowId(): number
  /** after rows were inserted, in the same transaction: indexes every row with an id above `rowId` */
  addedAfter(rowId: number): void
  /** after the label of (account, service id) changed, or the link it claimed */
  textChanged(accountId: string, txId: string): void
  /** before an account's transactions are deleted */
  forget(accountId: string): void
}

const NONE: SearchIndex = { lastRowId: () => 0, addedAfter() {}, textChanged() {}, forget() {} }

export function createSearchIndex(db: DatabaseSync, enabled: boolean): SearchIndex {
  if (!enabled) return NONE
  const add = db.prepare(`INSERT INTO tx_search (rowid, text) SELECT t.id, ${SEARCH_TEXT} FROM transactions t
    WHERE t.id = ?`)
  const addAfter = db.prepare(`INSERT INTO tx_search (rowid, text) SELECT t.id, ${SEARCH_TEXT} FROM transactions t
    WHERE t.id > ?`)
  const last = db.prepare('SELECT coalesce(max(id), 0) AS id FROM transactions')
  const rowOf = db.prepare('SELECT id FROM transactions WHERE account_id = ? AND tx_id = ?')
  const drop = db.prepare('DELETE FROM tx_search WHERE rowid = ?')
  const forget = db.prepare('DELETE FROM tx_search WHERE rowid IN (SELECT id FROM transactions WHERE account_id = ?)')
  return {
    lastRowId: () => (last.get() as { id: number }).id,
    addedAfter: (rowId) => void addAfter.run(rowId),
    textChanged(accountId, txId) {
      const row = rowOf.get(accountId, txId) as { id: number } | undefined
      if (!row) return // not synced yet: its label and link are read when it arrives
      drop.run(row.id)
      add.run(row.id)
    },
    forget: (accountId) => void forget.run(accountId),
  }
}
