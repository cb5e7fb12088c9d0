// How a search finds its rows. Each word must be in memo, comment, payee, the person's label or
// the person's memo of the withdraw link the row claimed (anywhere, any case, `%`, `_` and `\`
// taken literally), or, when it reads as an amount of sats, equal the amount. The trigram index
// names candidates only (rows holding every three letters of a word, in any field): each is
// checked on the row itself, as a walk checks it, so every way gives the same rows. Four ways:
// - the newest matches: the index read newest first (its rowid is the row's time, searchIndex.ts),
//   each candidate looked up and checked until the page is full; its cost is the page, not the
//   older matches. Words only: an amount's rows come from another index;
// - from the matches: each candidate looked up by id; its cost grows with the candidates;
// - within the matches: the time index walked from the newest row, keeping the entries whose id
//   is among the candidates (a list made once), so only those rows are read;
// - from the newest row back, reading and checking each row until the page is full.
// The newest matches wherever they apply: they read only candidates, and only those newer than the
// page's last, where a walk reads every row newer than it. Otherwise, by a count of candidates:
// past it the walk, under it the cheaper of the other two (docs/ledger.md, "Reading").

import type { SQLInputValue } from 'node:sqlite'
import { parseSatInput } from '@shared/units'
import { KEY_ID_MASK } from './searchIndex'

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

/**
 * One word checked on row `t` itself: its columns, its label and its link's memo. The labels and
 * links that hold the word are one list each, made once per query (not a look-up per row walked).
 */
export function termOnRow(term: string, accountId: string, w: Where): string {
  const { pattern, esc } = likePattern(term)
  const cols = ['t.memo', 't.comment', 't.payee'].map((c) => `${c} LIKE ?${esc}`)
  const label = `t.tx_id IN (SELECT l.tx_id FROM labels l WHERE l.account_id = ? AND l.label LIKE ?${esc})`
  // the link's memo: only a withdraw row can have one, told by its own column
  const link = `(t.type = 'ln_lnurl_withdraw' AND t.tx_id IN (SELECT w.claim_tx_id FROM withdraw_links w
    WHERE w.account_id = ? AND w.claim_tx_id IS NOT NULL AND w.memo LIKE ?${esc}))`
  w.params.push(pattern, pattern, pattern, accountId, pattern, accountId, pattern)
  const text = `(${[...cols, label, link].join(' OR ')})`
  const msat = parseSatInput(term)
  if (msat === null) return text
  w.params.push(msat)
  return `(${text} OR abs(t.amount_msat) = ?)`
}

/**
 * The trigram index's query for one word: three letters at every third place, and the last three
 * (as the index splits text, by code point; it folds case as LIKE does and more, so it names a
 * superset of the rows LIKE finds). Every letter is in one of them, which names nearly the same
 * rows as all the overlapping ones at about half the index read: its cost is the rows each
 * trigram names, not the rows found. Quoted, so `%`, `_`, `\` and the query syntax are plain.
 */
export function trigramQuery(term: string): string {
  const chars = [...term]
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= chars.length; i += 3) grams.add(chars.slice(i, i + 3).join(''))
  grams.add(chars.slice(-3).join(''))
  return [...grams].map((g) => `"${g.replaceAll('"', '""')}"`).join(' AND ')
}

/**
 * The candidates (column `id`): rows the trigram index names for every word (united with the
 * amount index's rows when the word is an amount). A superset: the caller checks each on its row.
 */
export function matchingIds(terms: readonly string[], accountId: string): Where {
  const w: Where = { sql: '', params: [] }
  // the words that are only text: one query of all their trigrams (the index intersects them)
  const text = terms.filter((t) => parseSatInput(t) === null)
  const sets: string[] = []
  if (text.length > 0) {
    sets.push(`SELECT rowid & ${KEY_ID_MASK} AS id FROM tx_search WHERE tx_search MATCH ?`)
    w.params.push(text.map(trigramQuery).join(' AND '))
  }
  for (const term of terms) {
    const msat = parseSatInput(term)
    if (msat === null) continue
    sets.push(`SELECT id FROM (SELECT rowid & ${KEY_ID_MASK} AS id FROM tx_search WHERE tx_search MATCH ?
      UNION SELECT id FROM transactions WHERE account_id = ? AND abs(amount_msat) = ?)`)
    w.params.push(trigramQuery(term), accountId, msat)
  }
  w.sql = sets.join(' INTERSECT ')
  return w
}

export type SearchWay = 'newest' | 'matches' | 'within' | 'walk'

/** The newest-first way applies when every indexed word is only text (an amount unites two indexes). */
export function newestApplies(indexed: readonly string[]): boolean {
  return indexed.length > 0 && indexed.every((t) => parseSatInput(t) === null)
}

/**
 * Costs in microseconds at a million rows (bench:scale, node --cpu-prof): a candidate looked up
 * and checked; a candidate put in the list; an index entry walked past (id checked against the
 * list); a row walked and checked.
 */
const LOOKUP = 6
const LISTED = 0.7
const ENTRY = 0.35
const ROW = 1.4

/**
 * How many candidates to count at most before choosing: past this many the list costs more than
 * walking saves (LISTED × n² = (ROW − ENTRY) × limit × rows), so the walk is chosen.
 */
export function candidatesCap(limit: number, rows: number): number {
  return Math.ceil(Math.sqrt(((ROW - ENTRY) / LISTED) * limit * Math.max(rows, 1)))
}

/**
 * The cheapest way to a page of `limit` rows out of `rows`, given `candidates` (counted up to
 * candidatesCap; more means the walk), where the newest matches do not apply. Walking finds a
 * match every rows / candidates entries.
 */
export function searchWay(candidates: number, limit: number, rows: number): SearchWay {
  if (candidates > candidatesCap(limit, rows)) return 'walk'
  const walked = (limit * Math.max(rows, 1)) / Math.max(candidates, 1)
  const costs: Array<[SearchWay, number]> = [
    ['matches', LOOKUP * candidates],
    ['within', LISTED * candidates + ENTRY * walked],
    ['walk', ROW * walked],
  ]
  return costs.reduce((a, b) => (b[1] < a[1] ? b : a))[0]
}
