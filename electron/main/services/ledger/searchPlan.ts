// How a search finds its rows. Each word must be in memo, comment, payee, the person's label or
// the person's memo of the withdraw link the row claimed (anywhere, any case, `%`, `_` and `\`
// taken literally), or, when it reads as an amount of sats, equal the amount. Two ways to the same rows:
// - from the matches: the rows each word's trigram index (or the amount index) names, intersected,
//   then the other filters; its cost grows with the matches, not with the history;
// - from the newest row back, checking each row's own columns until the page is full; its cost
//   grows with the rows walked per match found, so it suits words found often.
// The count says which: a page is read from the matches unless they are many (docs/ledger.md).

import type { SQLInputValue } from 'node:sqlite'
import { parseSatInput } from '@shared/units'

export const SEARCH_TERMS_MAX = 8

export interface Where {
  sql: string
  params: SQLInputValue[]
}

/** The words searched for: split on spaces, at most eight. */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_TERMS_MAX)
}

/** a word the trigram index can find (three characters or more; shorter ones scan the index whole) */
export function usesIndex(term: string): boolean {
  return [...term].length >= 3
}

function likePattern(term: string): { pattern: string; esc: string } {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  // Plain LIKE (no ESCAPE) lets FTS5's trigram index serve it; only a term with % _ or \ needs one.
  return { pattern, esc: pattern === `%${term}%` ? '' : " ESCAPE '\\'" }
}

/** One word checked on row `t` itself (its columns and label), for the walk from the newest row. */
export function termOnRow(term: string, w: Where): string {
  const { pattern, esc } = likePattern(term)
  const cols = [
    't.memo',
    't.comment',
    't.payee',
    '(SELECT label FROM labels l WHERE l.account_id = t.account_id AND l.tx_id = t.tx_id)',
  ]
  // the link's memo: only a withdraw row can have one, told by its own column before any look-up
  const link = `(t.type = 'ln_lnurl_withdraw' AND EXISTS (SELECT 1 FROM withdraw_links w
    WHERE w.account_id = t.account_id AND w.claim_tx_id = t.tx_id AND w.memo LIKE ?${esc}))`
  const text = `(${[...cols.map((c) => `${c} LIKE ?${esc}`), link].join(' OR ')})`
  for (const _ of [...cols, link]) w.params.push(pattern)
  const msat = parseSatInput(term)
  if (msat === null) return text
  w.params.push(msat)
  return `(${text} OR abs(t.amount_msat) = ?)`
}

/** The row ids (column `id`) every word names, from the trigram index and the amount index. */
export function matchingIds(terms: readonly string[], accountId: string): Where {
  const w: Where = { sql: '', params: [] }
  w.sql = terms
    .map((term) => {
      const { pattern, esc } = likePattern(term)
      let set = `SELECT rowid AS id FROM tx_search WHERE text LIKE ?${esc}`
      w.params.push(pattern)
      const msat = parseSatInput(term)
      if (msat !== null) {
        set += ' UNION SELECT id FROM transactions WHERE account_id = ? AND abs(amount_msat) = ?'
        w.params.push(accountId, msat)
      }
      return `SELECT id FROM (${set})`
    })
    .join(' INTERSECT ')
  return w
}

/**
 * Read a page from the matches (true) or walk from the newest row (false)? Walking checks about
 * limit × rows / matches rows; reading the matches costs about the matches, each some sixteen
 * times a walked row (the trigram index re-reads a match's text, then the row is looked up and
 * sorted: measured with bench:scale). The walk wins once 16 × matches² passes limit × rows.
 */
export function fromMatches(matches: number, limit: number, rows: number): boolean {
  return WALK_COST * matches * matches <= limit * Math.max(rows, 1)
}
const WALK_COST = 16
