// Reading the history: one filter (wallet or all, sent/received, types, dates, search) turned into
// one WHERE clause, used for a page, its total count and the CSV export alike, so the three always
// agree. Newest first; ties broken by the local row id, which makes the order total and lets a
// keyset cursor (`after`) page without OFFSET.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { z } from 'zod'
import { CURSOR_KEY, KEY_ID_MASK, SECOND_KEY } from './searchIndex'
import {
  candidatesCap,
  matchingIds,
  newestApplies,
  type SearchWay,
  searchTerms,
  searchWay,
  termOnRow,
  trigramQuery,
  usesIndex,
  type Where,
} from './searchPlan'
import { type LedgerTx, type TxRow, toLedgerTx } from './view'

const int = z.number().int().nonnegative()
export const PAGE_MAX = 500

export const HistoryFilter = z
  .object({
    accountId: z.string().min(1).max(256),
    walletId: z.string().min(1).max(256).default('all'),
    direction: z.enum(['sent', 'received', 'all']).default('all'),
    /** the service's type names (`ln_deposit`, …); empty or absent: every type */
    types: z.array(z.string().min(1).max(64)).max(32).optional(),
    /** Unix seconds, inclusive */
    from: int.optional(),
    /** Unix seconds, exclusive */
    to: int.optional(),
    /** words that must each be found in memo, comment, payee or label, or equal the amount in sats */
    search: z.string().max(200).optional(),
  })
  .strict()
export type HistoryFilter = z.input<typeof HistoryFilter>
type Filter = z.output<typeof HistoryFilter>

export const PageQuery = HistoryFilter.extend({
  limit: z.number().int().min(1).max(PAGE_MAX).default(50),
  offset: int.optional(),
  /** keyset cursor: the last row of the previous page */
  after: z.object({ createdAt: int, rowId: int }).strict().optional(),
}).strict()
export type PageQuery = z.input<typeof PageQuery>
type ParsedPage = z.output<typeof PageQuery>

/**
 * A search counts its matches up to this many: an exact count grows with the matches (25,000 for
 * a common word in a million rows), this one does not. Totals without a search stay exact.
 */
export const COUNT_CAP = 1000

export interface Page {
  items: LedgerTx[]
  /** rows matching the filter, on every page; with `capped`, COUNT_CAP (at least that many match) */
  total: number
  /** a search's count stopped at COUNT_CAP: more rows match (Next pages on by the cursor) */
  capped: boolean
  /** pass as `after` for the next page; null on the last one */
  next: { createdAt: number; rowId: number } | null
}

export type SearchMode = 'fts5' | 'like'

/**
 * The WHERE clause of a parsed filter (callers parse their input once, at the boundary), with
 * every search word checked on row `t`.
 */
function buildWhere(f: Filter): Where {
  const w: Where = { sql: '', params: [] }
  const parts = ['t.account_id = ?']
  w.params.push(f.accountId)
  if (f.walletId !== 'all') {
    parts.push('t.wallet_id = ?')
    w.params.push(f.walletId)
  }
  if (f.direction === 'sent') parts.push('t.amount_msat < 0')
  if (f.direction === 'received') parts.push('t.amount_msat > 0')
  if (f.types?.length) {
    parts.push(`t.type IN (${f.types.map(() => '?').join(', ')})`)
    w.params.push(...f.types)
  }
  if (f.from !== undefined) {
    parts.push('t.created_at >= ?')
    w.params.push(f.from)
  }
  if (f.to !== undefined) {
    parts.push('t.created_at < ?')
    w.params.push(f.to)
  }
  for (const term of searchTerms(f.search)) parts.push(termOnRow(term, f.accountId, w))
  w.sql = parts.join(' AND ')
  return w
}

/** the words the trigram index can name candidates for (none: every way is a walk) */
const indexedTerms = (f: Filter) => searchTerms(f.search).filter(usesIndex)

/** where a source's rows come from; `byKey`: in the search index's order (its rowid `s.rowid`) */
type Source = Where & { byKey?: true }

/**
 * The newest matches: the trigram index read newest first, each candidate's row looked up and
 * checked. The dates bound the index's keys too, so older or newer candidates are never read.
 */
function newestSource(f: Filter, indexed: readonly string[], w: Where): Source {
  const keys: string[] = []
  const params: SQLInputValue[] = [indexed.map(trigramQuery).join(' AND ')]
  if (f.from !== undefined) {
    keys.push(`s.rowid >= ${SECOND_KEY}`)
    params.push(f.from)
  }
  if (f.to !== undefined) {
    keys.push(`s.rowid < ${SECOND_KEY}`)
    params.push(f.to)
  }
  const bound = keys.map((k) => ` AND ${k}`).join('')
  // CROSS JOIN: the index drives, in its own order; each row found by its id
  return {
    sql: `FROM tx_search s CROSS JOIN transactions t ON t.id = (s.rowid & ${KEY_ID_MASK})
      WHERE s.tx_search MATCH ?${bound} AND ${w.sql}`,
    params: [...params, ...w.params],
    byKey: true,
  }
}

/**
 * The rows a filter selects, by one of the ways of searchPlan.ts. The words are checked on each
 * row every way (the index names candidates only); words shorter than a trigram only there.
 */
function source(f: Filter, way: SearchWay): Source {
  const indexed = indexedTerms(f)
  const w = buildWhere(f)
  if (way === 'walk' || indexed.length === 0) return { sql: `FROM transactions t WHERE ${w.sql}`, params: w.params }
  if (way === 'newest' && newestApplies(indexed)) return newestSource(f, indexed, w)
  const ids = matchingIds(indexed, f.accountId)
  // CROSS JOIN: the candidates drive, each looked up by its row id
  if (way === 'matches')
    return {
      sql: `FROM (${ids.sql}) m CROSS JOIN transactions t ON t.id = m.id WHERE ${w.sql}`,
      params: [...ids.params, ...w.params],
    }
  // `+t.id`: the list is checked on each entry of the time index walked, never used to look rows
  // up; first after the account, so a row is read only when its id is listed
  const [account, ...rest] = w.params
  const where = w.sql.replace('t.account_id = ?', `t.account_id = ? AND +t.id IN (${ids.sql})`)
  return { sql: `FROM transactions t WHERE ${where}`, params: [account ?? null, ...ids.params, ...rest] }
}

const SELECT = `SELECT t.*, l.label AS label, w.label AS wallet_label, cw.label AS counterparty_label
  FROM transactions t
  LEFT JOIN labels l ON l.account_id = t.account_id AND l.tx_id = t.tx_id
  LEFT JOIN wallets w ON w.account_id = t.account_id AND w.wallet_id = t.wallet_id
  LEFT JOIN wallets cw ON cw.account_id = t.account_id AND cw.wallet_id = t.counterparty_wallet_id`
const ORDER = 'ORDER BY t.created_at DESC, t.id DESC'

/**
 * A page: the ids first, from the index alone (OFFSET skips index entries, not joined rows), then
 * the joins for those rows only.
 */
function pageSql(p: ParsedPage, way: SearchWay): Where {
  const src = source(p, way)
  let ids = `SELECT t.id ${src.sql}`
  const params = [...src.params]
  if (p.after) {
    ids += src.byKey ? ` AND s.rowid < ${CURSOR_KEY}` : ' AND (t.created_at, t.id) < (?, ?)'
    params.push(p.after.createdAt, p.after.rowId)
  }
  ids += ` ${src.byKey ? 'ORDER BY s.rowid DESC' : ORDER} LIMIT ?`
  params.push(p.limit)
  if (p.offset !== undefined && !p.after) {
    ids += ' OFFSET ?'
    params.push(p.offset)
  }
  return { sql: `${SELECT} WHERE t.id IN (${ids}) ${ORDER}`, params }
}

/**
 * `version()` changes with every write that may change which rows match a filter (rows stored, a
 * label, an account forgotten): counts are kept per filter until it does, so paging through a
 * million rows does not count them again on every page.
 */
export function createReader(
  db: DatabaseSync,
  mode: SearchMode,
  version: () => number = () => Number.NaN,
  /** tests: read every search page this way (when it applies), to compare the ways' rows */
  force?: SearchWay,
) {
  // Statements by SQL text: a filter's shape repeats (page after page), its values change.
  const cache = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  const prepared = (sql: string) => {
    let s = cache.get(sql)
    if (!s) {
      if (cache.size > 200) cache.clear()
      s = db.prepare(sql)
      cache.set(sql, s)
    }
    return s
  }
  const firstWhere = (column: 'request_id' | 'lntx_id', accountId: string, value: string): LedgerTx | null => {
    const r = prepared(`${SELECT} WHERE t.account_id = ? AND t.${column} = ? ORDER BY t.id LIMIT 1`).get(
      accountId,
      value,
    )
    return r ? toLedgerTx(r as unknown as TxRow) : null
  }
  const counts = new Map<string, { version: number; n: number }>()
  const fts = mode === 'fts5'
  const lastId = db.prepare('SELECT coalesce(max(id), 0) AS n FROM transactions')
  /** a count, kept until the next write that may change it */
  const kept = (sql: string, params: SQLInputValue[]): number => {
    const key = `${sql}\n${JSON.stringify(params)}`
    const v = version()
    const known = counts.get(key)
    if (known && known.version === v) return known.n
    const r = prepared(sql).get(...params) as { n: number }
    if (counts.size >= 100) counts.clear()
    counts.set(key, { version: v, n: r.n })
    return r.n
  }
  /** `cap`: count at most cap + 1 rows (more than cap means "cap or more") */
  const countParsed = (f: Filter, cap = Number.POSITIVE_INFINITY): number => {
    const w = source(f, fts ? 'matches' : 'walk')
    if (!Number.isFinite(cap)) return kept(`SELECT count(*) AS n ${w.sql}`, w.params)
    return kept(`SELECT count(*) AS n FROM (SELECT 1 ${w.sql} LIMIT ?)`, [...w.params, cap + 1])
  }
  /** a page's count: a search's capped (more than COUNT_CAP: capped), any other exact */
  const pageCount = (f: Filter): { total: number; capped: boolean } => {
    if (searchTerms(f.search).length === 0) return { total: countParsed(f), capped: false }
    const n = countParsed(f, COUNT_CAP)
    return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false }
  }
  /**
   * The way to a page (searchPlan.ts): the newest matches where they apply; else by the trigram
   * index's candidates, counted up to where the walk wins.
   */
  const wayOf = (p: ParsedPage): SearchWay => {
    const indexed = indexedTerms(p)
    if (!fts || indexed.length === 0) return 'walk'
    if (force) return force
    if (newestApplies(indexed)) return 'newest'
    const rows = (lastId.get() as { n: number }).n
    const cap = candidatesCap(p.limit, rows)
    const ids = matchingIds(indexed, p.accountId)
    const n = kept(`SELECT count(*) AS n FROM (${ids.sql} LIMIT ?)`, [...ids.params, cap + 1])
    return searchWay(n, p.limit, rows)
  }
  const rows = (p: ParsedPage): LedgerTx[] => {
    const { sql, params } = pageSql(p, wayOf(p))
    return (prepared(sql).all(...params) as unknown as TxRow[]).map(toLedgerTx)
  }
  return {
    count: (f: HistoryFilter): number => countParsed(HistoryFilter.parse(f)),
    page(q: PageQuery): Page {
      const p = PageQuery.parse(q)
      const { total, capped } = pageCount(p)
      const items = rows(p)
      const last = items[items.length - 1]
      const next = items.length === p.limit && last ? { createdAt: last.createdAt, rowId: last.rowId } : null
      return { items, total, capped, next }
    },
    /** A page without its count (the CSV export counts once). */
    rows: (q: PageQuery): LedgerTx[] => rows(PageQuery.parse(q)),
    /**
     * The query plan of a page, one line per step, indented by depth as the sqlite3 shell shows it
     * (the test proving the filters use an index reads it).
     */
    plan(q: PageQuery): string[] {
      const p = PageQuery.parse(q)
      const { sql, params } = pageSql(p, wayOf(p))
      const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{
        id: number
        parent: number
        detail: string
      }>
      const depth = new Map<number, number>([[0, -1]])
      return steps.map((s) => {
        const d = (depth.get(s.parent) ?? -1) + 1
        depth.set(s.id, d)
        return `${'  '.repeat(d)}${s.detail}`
      })
    },
    outbox(limit = 100): LedgerTx[] {
      const rows = prepared(`${SELECT} WHERE t.announced = 0 ORDER BY t.id LIMIT ?`).all(limit)
      return (rows as unknown as TxRow[]).map(toLedgerTx)
    },
    byRequestId: (accountId: string, requestId: string) => firstWhere('request_id', accountId, requestId),
    /** the payment (not a fee) carrying this lnTx */
    byLnTxId: (accountId: string, lnTxId: string) => firstWhere('lntx_id', accountId, lnTxId),
  }
}
export type Reader = ReturnType<typeof createReader>
