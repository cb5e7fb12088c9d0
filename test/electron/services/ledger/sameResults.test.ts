// Search, filters and the CSV give the same rows as before the ledger was made to scale: checked
// on the simulator's huge seed at 10,000 transactions (three wallets, memos, comments, payees) with
// the person's labels, against the search as it was (a plain scan of every row: LIKE on each
// column, `%`, `_` and `\` literal, at most eight words, an amount in sats equal) kept here as
// the oracle. Each way of reading a search (the index's newest matches, from the index's matches,
// walking the time index within the index's candidates, or walking from the newest row) is taken,
// by words found rarely and often, and each way is also forced for every search. A search's total is its count up to
// COUNT_CAP, then `capped`; every other total is exact.
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { parseSatInput } from '@shared/units'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type HistoryFilter, type Ledger, openLedger } from '../../../../electron/main/services/ledger'
import { COUNT_CAP, createReader } from '../../../../electron/main/services/ledger/query'
import { withTempDir } from './helpers'
import { ledgerRows, readSeed, type SeedWallet } from './seedHistory'

const ACC = 'acc_same'
let l: Ledger
let oracle: DatabaseSync
let wallets: SeedWallet[]
let cleanup: () => Promise<void>

/** The WHERE of the search as it was (query.ts before bench:scale), verbatim in its effect. */
function oldWhere(f: HistoryFilter): { sql: string; params: SQLInputValue[] } {
  const params: SQLInputValue[] = [f.accountId]
  const parts = ['t.account_id = ?']
  if (f.walletId && f.walletId !== 'all') parts.push('t.wallet_id = ?') && params.push(f.walletId)
  if (f.direction === 'sent') parts.push('t.amount_msat < 0')
  if (f.direction === 'received') parts.push('t.amount_msat > 0')
  if (f.types?.length) {
    parts.push(`t.type IN (${f.types.map(() => '?').join(', ')})`)
    params.push(...f.types)
  }
  if (f.from !== undefined) parts.push('t.created_at >= ?') && params.push(f.from)
  if (f.to !== undefined) parts.push('t.created_at < ?') && params.push(f.to)
  const terms = (f.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)
  for (const term of terms) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const cols = [
      't.memo',
      't.comment',
      't.payee',
      '(SELECT label FROM labels l WHERE l.account_id = t.account_id AND l.tx_id = t.tx_id)',
    ]
    let clause = `(${cols.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`
    params.push(pattern, pattern, pattern, pattern)
    const msat = parseSatInput(term)
    if (msat !== null) {
      clause = `(${clause} OR abs(t.amount_msat) = ?)`
      params.push(msat)
    }
    parts.push(clause)
  }
  return { sql: parts.join(' AND '), params }
}

function oldIds(f: HistoryFilter): string[] {
  const w = oldWhere(f)
  const rows = oracle
    .prepare(`SELECT t.tx_id FROM transactions t WHERE ${w.sql} ORDER BY t.created_at DESC, t.id DESC`)
    .all(...w.params) as Array<{ tx_id: string }>
  return rows.map((r) => r.tx_id)
}

function newIds(f: HistoryFilter, limit: number): { ids: string[]; total: number; capped: boolean } {
  const ids: string[] = []
  let after: { createdAt: number; rowId: number } | undefined
  let total = -1
  let capped = false
  for (;;) {
    const p = l.page({ ...f, limit, after })
    total = p.total
    capped = p.capped
    ids.push(...p.items.map((t) => t.txId))
    if (!p.next) return { ids, total, capped }
    after = p.next
  }
}

/** The total a page says for `matches` rows: exact, or for a search found more than COUNT_CAP times, the cap. */
function expectTotal(f: HistoryFilter, got: { total: number; capped: boolean }, matches: number) {
  const capped = Boolean(f.search?.trim()) && matches > COUNT_CAP
  expect({ f, total: got.total, capped: got.capped }).toEqual({ f, total: capped ? COUNT_CAP : matches, capped })
}

beforeAll(async () => {
  wallets = await readSeed('huge', 10_000)
  const dir = await withTempDir()
  cleanup = dir.cleanup
  l = openLedger({ dir: dir.dir })
  expect(l.searchMode).toBe('fts5')
  l.setWallets(
    ACC,
    wallets.map((w) => ({ id: w.id, label: w.label })),
  )
  for (const w of wallets) {
    const rows = ledgerRows(w)
    for (let i = 0; i < rows.length; i += 100) l.insertBatch(ACC, rows.slice(i, i + 100), { announce: false })
  }
  // the person's labels, some with the characters LIKE treats specially
  const all = wallets.flatMap((w) => w.txs)
  const labels = ['VAT 20% paid', 'wholesale_order', 'back\\slash', 'refund to customer', 'Croissant box']
  for (let i = 0; i < 300; i++)
    l.setLabel(ACC, all[(i * 31) % all.length]?.id as string, labels[i % labels.length] as string, 1)
  oracle = new DatabaseSync(l.path, { readOnly: true })
}, 240_000)
afterAll(async () => {
  oracle?.close()
  l?.close()
  await cleanup?.()
})

const SEARCHES = [
  'croissant',
  'Espresso',
  'ssant',
  'order #1',
  'thanks',
  'barista',
  'nadia@',
  'zoe@strike.me',
  'getalby',
  'VAT',
  '20%',
  'wholesale_order',
  '_',
  '%',
  'back\\slash',
  '\\',
  'refund to',
  'Croissant box',
  '1,500',
  '12345',
  '5,000',
  'Roastery invoice',
  'lat te',
  'ab',
  'é',
  'nothing like this at all',
  'a b c d e f g h croissant',
  'Order #1 Espresso',
  'Weekly sweep',
  'Service fee',
  // found often: a capped count
  'e',
  'Order',
  'e Order',
  '@',
]

it('search finds the same rows, in the same order, with the same count up to the cap', () => {
  let found = 0
  let capped = 0
  for (const search of SEARCHES)
    for (const limit of [7, 100]) {
      const want = oldIds({ accountId: ACC, search })
      const got = newIds({ accountId: ACC, search }, limit)
      expect({ search, limit, ids: got.ids }).toEqual({ search, limit, ids: want })
      expectTotal({ accountId: ACC, search }, got, want.length)
      found += want.length
      if (want.length > COUNT_CAP) capped++
    }
  expect(found).toBeGreaterThan(1_000) // searches that find things, not only empty ones
  expect(capped).toBeGreaterThan(0) // and some found more often than the cap
  expect(capped).toBeLessThan(SEARCHES.length * 2)
}, 120_000)

it('each way to a search page (the newest, from the candidates, within them, walking) finds the same rows', () => {
  for (const way of ['newest', 'matches', 'within', 'walk'] as const) {
    const reader = createReader(oracle, 'fts5', undefined, way)
    for (const search of SEARCHES) {
      const ids: string[] = []
      let after: { createdAt: number; rowId: number } | undefined
      for (;;) {
        const p = reader.page({ accountId: ACC, search, limit: 100, after })
        ids.push(...p.items.map((t) => t.txId))
        if (!p.next) break
        after = p.next
      }
      expect({ way, search, ids }).toEqual({ way, search, ids: oldIds({ accountId: ACC, search }) })
    }
  }
}, 120_000) // every search twice against a scan of every row: seconds, many more on a loaded machine

it('an unsearched total stays exact past the cap', () => {
  const all = oldIds({ accountId: ACC })
  expect(all.length).toBeGreaterThan(COUNT_CAP)
  expect(l.page({ accountId: ACC, limit: 10 })).toMatchObject({ total: all.length, capped: false })
  expect(l.count({ accountId: ACC, search: 'thanks' })).toBe(oldIds({ accountId: ACC, search: 'thanks' }).length)
})

it('filters with and without a search give the same rows', () => {
  const [shop, everyday] = wallets as [SeedWallet, SeedWallet]
  const times = shop.txs.map((t) => t.created_at).sort((a, b) => a - b)
  const mid = times[Math.floor(times.length / 2)] as number
  const filters: HistoryFilter[] = [
    { accountId: ACC },
    { accountId: ACC, walletId: shop.id },
    { accountId: ACC, walletId: everyday.id, direction: 'sent' },
    { accountId: ACC, direction: 'received', from: mid },
    { accountId: ACC, types: ['ln_lnurl_pay_inbound', 'ln_deposit'], to: mid },
  ]
  for (const f of filters)
    for (const search of [undefined, 'thanks', 'croissant', 'VAT', '2,000', 'Order #2 ssant', 'e', 'Order']) {
      const q = { ...f, ...(search ? { search } : {}) }
      const want = oldIds(q)
      const got = newIds(q, 50)
      expect({ q, ids: got.ids }).toEqual({ q, ids: want })
      expectTotal(q, got, want.length)
    }
})

it('the CSV holds the same rows in the same order', async () => {
  for (const f of [{ accountId: ACC }, { accountId: ACC, search: 'thanks' }, { accountId: ACC, search: 'VAT 20%' }]) {
    const chunks: string[] = []
    const res = await l.exportCsv(f, { write: (c) => void chunks.push(Buffer.from(c).toString()) })
    const want = oldIds(f)
    expect(res.rows).toBe(want.length)
    // the id column (the tenth) of each line after the header
    const ids = chunks
      .join('')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.match(/,(wtx_[A-Za-z0-9]+),/)?.[1])
    expect(ids).toEqual(want)
  }
})
