// The text search looks in, for each transaction row: memo, comment, payee, the person's label and
// the person's memo of the withdraw link the row claimed.
// With FTS5 it lives in the trigram index `tx_search`, written here by the few paths that change it
// (a batch of new rows, a label, forgetting an account) rather than by triggers: an FTS5 insert
// fired from a trigger costs about ten times as much, and one INSERT … SELECT for a whole batch
// about a fifth of one statement per row.
//
// Its rowid is the row's time and local id in one integer (SEARCH_KEY), so the index lists a
// word's rows newest first, in the history's own order: a page of matches reads the newest
// candidates and stops, whatever the number of older ones (docs/ledger.md, "Reading").
import type { DatabaseSync } from 'node:sqlite'

/** bits of the search key that hold the local row id: ids stay below 2^30, a billion rows */
const KEY_ID_BITS = 30
/** the local row id out of a search key: `key & KEY_ID_MASK` */
export const KEY_ID_MASK = 2 ** KEY_ID_BITS - 1
/**
 * The index's rowid for row `t`: created_at × 2^30 + id. Ordered as the history is (time, then
 * id), and below 2^63 until the year 2242. Made in SQL only: it is past JavaScript's exact numbers.
 */
export const SEARCH_KEY = `(t.created_at * ${2 ** KEY_ID_BITS} + t.id)`
/**
 * The key of a keyset cursor (created_at, id) given as two parameters. Cast: node:sqlite binds a
 * number as a REAL, and a REAL this large drops the id's low bits.
 */
export const CURSOR_KEY = `(CAST(? AS INTEGER) * ${2 ** KEY_ID_BITS} + CAST(? AS INTEGER))`
/** the first key of second `?` (a date bound), as an integer */
export const SECOND_KEY = `(CAST(? AS INTEGER) * ${2 ** KEY_ID_BITS})`

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
  /**
   * One step (about `pages` pages written, one transaction) of merging the index's segments into
   * one; true while work is left. See SEGMENT_MERGE.
   */
  mergeStep(pages: number): boolean
}

const NONE: SearchIndex = {
  lastRowId: () => 0,
  addedAfter() {},
  textChanged() {},
  forget() {},
  mergeStep: () => false,
}

export function createSearchIndex(db: DatabaseSync, enabled: boolean): SearchIndex {
  if (!enabled) return NONE
  const add = db.prepare(`INSERT INTO tx_search (rowid, text) SELECT ${SEARCH_KEY}, ${SEARCH_TEXT}
    FROM transactions t WHERE t.id = ?`)
  const addAfter = db.prepare(`INSERT INTO tx_search (rowid, text) SELECT ${SEARCH_KEY}, ${SEARCH_TEXT}
    FROM transactions t WHERE t.id > ?`)
  const last = db.prepare('SELECT coalesce(max(id), 0) AS id FROM transactions')
  const rowOf = db.prepare('SELECT id FROM transactions WHERE account_id = ? AND tx_id = ?')
  const drop = db.prepare(
    `DELETE FROM tx_search WHERE rowid = (SELECT ${SEARCH_KEY} FROM transactions t WHERE t.id = ?)`,
  )
  const forget = db.prepare(
    `DELETE FROM tx_search WHERE rowid IN (SELECT ${SEARCH_KEY} FROM transactions t WHERE t.account_id = ?)`,
  )
  // SEGMENT_MERGE: every commit adds a segment to the index, and FTS5 merges them only by levels, so
  // a history stored a thousand commits at a time is left in some twenty segments, each one read
  // by every search. `merge` with a negative size merges all of them, one step at a time; a step
  // that changes fewer than two rows found nothing left to do (FTS5's documented test). At a
  // million rows: 23 segments into one in 1.2 s, searches 10 to 25 % faster (docs/ledger.md).
  const merge = db.prepare("INSERT INTO tx_search (tx_search, rank) VALUES ('merge', ?)")
  const changes = db.prepare('SELECT total_changes() AS n')
  const totalChanges = () => (changes.get() as { n: number }).n
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
    mergeStep(pages) {
      const before = totalChanges()
      merge.run(-Math.max(1, Math.trunc(pages)))
      return totalChanges() - before >= 2
    },
  }
}
