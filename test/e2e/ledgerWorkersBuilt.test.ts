// The ledger's workers as the build ships them (out/main/csvWorker.js, historyWorker.js): they run
// in plain Node, without the TypeScript loader the sources need, and sit where the main bundle
// looks for them.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Ledger, openLedger } from '../../electron/main/services/ledger'
import { exportCsvOffThread } from '../../electron/main/services/ledger/csvOffThread'
import { CSV_WORKER, WORKERS_DIR } from '../../scripts/lib/build'
import { row, withTempDir } from '../electron/services/ledger/helpers'

let l: Ledger
let cleanup: () => Promise<void>
beforeAll(async () => {
  const tmp = await withTempDir()
  cleanup = tmp.cleanup
  l = openLedger({ dir: tmp.dir })
  l.insertBatch(
    'acc',
    Array.from({ length: 50 }, (_, i) => row({ memo: `order ${i} ☕`, payee: i % 2 ? 'nadia@shop.example' : null })),
  )
})
afterAll(async () => {
  l.close()
  await cleanup()
})

async function text(workersDir?: string): Promise<string> {
  const pieces: Buffer[] = []
  await exportCsvOffThread(
    {
      path: l.path,
      searchMode: l.searchMode,
      filter: { accountId: 'acc' },
      format: 'koinly',
      currency: 'EUR',
      chunkRows: 20,
    },
    { write: (c) => void pieces.push(Buffer.from(c)) },
    workersDir,
  )
  return Buffer.concat(pieces).toString('utf8')
}

it('the built worker makes the same file as the sources', async () => {
  const built = await text(WORKERS_DIR)
  expect(built.split('\r\n').filter(Boolean)).toHaveLength(51)
  expect(built).toBe(await text())
})

it('the main bundle starts the workers from its own folder', () => {
  const out = dirname(CSV_WORKER)
  expect(readdirSync(out)).toEqual(expect.arrayContaining(['csvWorker.js', 'historyWorker.js']))
  const starting = readdirSync(out, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .filter((f) => readFileSync(join(out, f), 'utf8').includes('"historyWorker"'))
  // the module that looks beside itself must be a file of out/main, not of a chunk folder
  expect(starting).toEqual(['index.js'])
})

it('the built history store stores as the sources do', async () => {
  const stored = async (workersDir?: string) => {
    const tmp = await withTempDir()
    const ledger = openLedger({ dir: tmp.dir, workersDir })
    try {
      const rows = Array.from({ length: 30 }, (_, i) =>
        row({ txId: `wtx_h${i}`, createdAt: 1_750_000_000 + i, memo: `tea ${i}` }),
      )
      const inserted = await ledger.storeHistory('acc', [
        { rows, opts: { announce: false, cursor: { walletId: 'wal_a', backfillNextPage: 2 } } },
      ])
      const page = ledger.page({ accountId: 'acc', search: 'tea 2', limit: 100 })
      return {
        inserted,
        memos: page.items.map((t) => t.memo),
        next: ledger.cursors.get('acc', 'wal_a')?.backfillNextPage,
      }
    } finally {
      ledger.close()
      await tmp.cleanup()
    }
  }
  const built = await stored(WORKERS_DIR)
  expect(built).toEqual({
    inserted: [30],
    memos: [
      'tea 29',
      'tea 28',
      'tea 27',
      'tea 26',
      'tea 25',
      'tea 24',
      'tea 23',
      'tea 22',
      'tea 21',
      'tea 20',
      'tea 12',
      'tea 2',
    ],
    next: 2,
  })
  expect(built).toEqual(await stored())
})
