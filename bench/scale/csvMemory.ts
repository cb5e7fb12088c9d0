// The CSV export's peak RSS growth on a ledger kept by storeOnly.ts (`--keep <dir>`), from a
// released heap, with the worker the build makes (docs/ledger.md, "The main process's memory").
// `npx electron-vite build && npx tsx --tsconfig tsconfig.node.json bench/scale/csvMemory.ts <dir>`
// prints one line `CSV_MEMORY {json}`.
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getHeapSpaceStatistics } from 'node:v8'
import { openLedger } from '../../electron/main/services/ledger'
import { releaseMemory } from '../../electron/main/services/memory'
import { WORKERS_DIR } from '../../scripts/lib/build'

const MB = 1_048_576
const dir = process.argv[2]
if (!dir) throw new Error('usage: csvMemory.ts <ledger dir>')
const ledger = openLedger({ dir, workersDir: WORKERS_DIR })
const young = () => (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / MB

releaseMemory()
const base = process.memoryUsage.rss()
let peak = base
let peakYoung = young()
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss())
  peakYoung = Math.max(peakYoung, young())
}, 10)
const file = join(tmpdir(), `csv-memory-${process.pid}.csv`)
const out = createWriteStream(file)
const t0 = performance.now()
const r = await ledger.exportCsv(
  { accountId: 'acc' },
  // settled once on disk: the worker reuses the chunk's bytes after
  { write: (chunk) => new Promise<void>((done, fail) => out.write(chunk, (err) => (err ? fail(err) : done()))) },
)
await new Promise<void>((done) => out.end(done))
clearInterval(timer)
ledger.close()
await rm(file, { force: true })
const result = {
  rows: r.rows,
  s: (performance.now() - t0) / 1000,
  'peak RSS growth MB': (peak - base) / MB,
  "main thread's young generation, highest MB": peakYoung,
}
console.log(`CSV_MEMORY ${JSON.stringify(result)}`)
