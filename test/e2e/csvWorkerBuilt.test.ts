// The CSV export's worker as the build ships it (out/main/csvWorker.js): it runs in plain Node,
// without the TypeScript loader the sources need, and sits where the main bundle looks for it.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Ledger, openLedger } from '../../electron/main/services/ledger'
import { exportCsvOffThread } from '../../electron/main/services/ledger/csvOffThread'
import { CSV_WORKER } from '../../scripts/lib/build'
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

async function text(file?: string): Promise<string> {
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
    file,
  )
  return Buffer.concat(pieces).toString('utf8')
}

it('the built worker makes the same file as the sources', async () => {
  const built = await text(CSV_WORKER)
  expect(built.split('\r\n').filter(Boolean)).toHaveLength(51)
  expect(built).toBe(await text())
})

it('the main bundle names the worker from its own folder', () => {
  const out = dirname(CSV_WORKER)
  const naming = readdirSync(out, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .filter((f) => readFileSync(join(out, f), 'utf8').includes('"csvWorker.js"'))
  // the module that looks beside itself must be a file of out/main, not of a chunk folder
  expect(naming).toEqual(['index.js'])
})
