// The ledger's speed on the simulator's `large` seed (10,001 transactions in one wallet, read once
// over HTTP, as the sync loop reads them): storing them, searching, changing pages and the CSV of
// the whole history. Real SQLite files in a temp folder; search in both modes (FTS5 trigram and
// plain LIKE). Goals: search p95 < 30 ms, page change p95 < 50 ms, CSV of 10,001 rows in seconds.
//
// `npx tsx --tsconfig tsconfig.node.json bench/ledger.ts` prints the figures; runLedgerBench()
// returns them.
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Ledger, type LedgerTxInput, openLedger, type PageQuery } from '../electron/main/services/ledger'
import { ledgerRows, readSeed, type SeedWallet } from '../test/electron/services/ledger/seedHistory'
import { prng } from '../test/simulator/seed'
import { runAlone } from './lib/alone'
import { median, percentile } from './lib/stats'

const ACC = 'acc_bench'
const INSERT_RUNS = 3
const QUERY_RUNS = 200

export interface LedgerBench {
  rows: number
  'insert s': number
  'insert rows/s': number
  'search p95 ms (fts5)': number
  'search p95 ms (like)': number
  'page p95 ms': number
  'csv s': number
  'csv rows': number
  /** the machine's 1-minute load average at the end: figures on a busy shared machine read high */
  'load 1 min': number
}

const ms = (from: number) => performance.now() - from
const round = (v: number, digits = 2) => Number(v.toFixed(digits))

/** A fresh ledger filled with `rows` in the service's pages of 500; the seconds it took. */
function fill(dir: string, wallets: SeedWallet[], rows: LedgerTxInput[], fts: boolean): { l: Ledger; s: number } {
  const l = openLedger({ dir, fts })
  l.setWallets(
    ACC,
    wallets.map((w) => ({ id: w.id, label: w.label })),
  )
  const t0 = performance.now()
  for (let i = 0; i < rows.length; i += 500) l.insertBatch(ACC, rows.slice(i, i + 500), { announce: false })
  return { l, s: ms(t0) / 1000 }
}

/** What a person types: words of memos, short fragments, amounts, several words, nothing found. */
function searches(rows: LedgerTxInput[], rand: () => number): string[] {
  const memos = [...new Set(rows.map((r) => r.memo).filter((m): m is string => !!m))]
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T
  return Array.from({ length: QUERY_RUNS }, (_, i) => {
    const memo = pick(memos)
    switch (i % 5) {
      case 0:
        return memo.split(' ')[0] ?? memo
      case 1:
        return memo.slice(1, 3).toLowerCase()
      case 2:
        return String(Math.abs(Math.trunc(pick(rows).amountMsat / 1000)))
      case 3:
        return `${memo} ${pick(memos).slice(0, 4)}`
      default:
        return 'nothing like this'
    }
  })
}

function timeQueries(l: Ledger, queries: PageQuery[]): number {
  const times = queries.map((q) => {
    const t0 = performance.now()
    l.page(q)
    return ms(t0)
  })
  return percentile(times, 95)
}

export async function runLedgerBench(): Promise<LedgerBench> {
  const wallets = await readSeed('large')
  const archive = wallets[0] as SeedWallet
  const rows = ledgerRows(archive)
  const base = await mkdtemp(join(tmpdir(), 'lt-bench-ledger-'))
  try {
    const insertS: number[] = []
    for (let run = 0; run < INSERT_RUNS; run++) {
      const { l, s } = fill(join(base, `insert-${run}`), wallets, rows, true)
      insertS.push(s)
      l.close()
    }

    const rand = prng(11)
    const words = searches(rows, rand)
    const { l: fts } = fill(join(base, 'fts'), wallets, rows, true)
    const { l: like } = fill(join(base, 'like'), wallets, rows, false)
    const searchQueries = words.map((search) => ({ accountId: ACC, search, limit: 50 }))
    // warm the statement cache and SQLite's pages, as a person's first keystrokes would
    timeQueries(fts, searchQueries.slice(0, 10))
    timeQueries(like, searchQueries.slice(0, 10))
    const searchFts = timeQueries(fts, searchQueries)
    const searchLike = timeQueries(like, searchQueries)

    const total = fts.page({ accountId: ACC, limit: 1 }).total
    const filters: Array<Partial<PageQuery>> = [
      {},
      { walletId: archive.id },
      { direction: 'sent' },
      { direction: 'received', walletId: archive.id },
      { types: ['ln_deposit'] },
    ]
    const pageQueries: PageQuery[] = Array.from({ length: QUERY_RUNS }, (_, i) => ({
      accountId: ACC,
      limit: 50,
      ...filters[i % filters.length],
      offset: Math.floor(rand() * total * 0.8),
    }))
    timeQueries(fts, pageQueries.slice(0, 10))
    const pageP95 = timeQueries(fts, pageQueries)

    const out = createWriteStream(join(base, 'history.csv'))
    const t0 = performance.now()
    const csv = await fts.exportCsv(
      { accountId: ACC, walletId: archive.id },
      { write: (chunk) => new Promise<void>((done) => (out.write(chunk) ? done() : out.once('drain', done))) },
    )
    await new Promise<void>((done) => out.end(done))
    const csvS = ms(t0) / 1000
    fts.close()
    like.close()

    const insert = median(insertS)
    return {
      rows: rows.length,
      'insert s': round(insert),
      'insert rows/s': Math.round(rows.length / insert),
      'search p95 ms (fts5)': round(searchFts),
      'search p95 ms (like)': round(searchLike),
      'page p95 ms': round(pageP95),
      'csv s': round(csvS),
      'csv rows': csv.rows,
      'load 1 min': round(loadavg()[0] ?? Number.NaN),
    }
  } finally {
    await rm(base, { recursive: true, force: true })
  }
}

runAlone(import.meta.url, runLedgerBench)
