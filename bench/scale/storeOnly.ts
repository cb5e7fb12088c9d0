// The first sync's store alone, without HTTP: the simulator's `huge` seed made in this process, each
// page turned into the service's JSON and parsed as the client parses it, then stored as the sync
// loop stores history (`together` over a group of pages, one commit a group). What the ledger costs
// at a given size, and what each part of its schema costs (docs/ledger.md, "At scale").
//
// `npx tsx --tsconfig tsconfig.node.json bench/scale/storeOnly.ts 1000000 [--group 5] [--no-fts]
//   [--drop tx_amount] [--keep <dir>]`: prints one line `STORE_ONLY {json}`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { parseArgs } from 'node:util'
import { fromServiceTx } from '../../electron/main/services/backends/service/rows'
import { WalletTransaction } from '../../electron/main/services/backends/service/schemas'
import { openLedger } from '../../electron/main/services/ledger'
import { createClock } from '../../test/simulator/clock'
import { walletListing } from '../../test/simulator/listing'
import { Ledger } from '../../test/simulator/outside'
import { applySeed } from '../../test/simulator/seed'

const PER_PAGE = 100

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    group: { type: 'string', default: '5' },
    'no-fts': { type: 'boolean', default: false },
    drop: { type: 'string', default: '' },
    /** leave the ledger in this folder (for search experiments on a file of this size) */
    keep: { type: 'string' },
  },
})
const n = Number(positionals[0] ?? 200_000)
const group = Number(values.group)
const drop = (values.drop ?? '').split(',').filter(Boolean)

const sim = new Ledger({ clock: createClock(), invoiceCapSat: null, sendCapSat: null })
const { wallets } = applySeed(sim, 'huge', { tx: n })
const dir = values.keep ?? mkdtempSync(join(tmpdir(), 'lt-store-only-'))
const ledger = openLedger({ dir, fts: values['no-fts'] ? false : undefined })
if (drop.length > 0) {
  // an index left out: what it costs the store (search or paging may need it: measure only)
  const other = new DatabaseSync(ledger.path)
  for (const ix of drop) other.exec(`DROP INDEX ${ix.replace(/[^\w]/g, '')}`)
  other.close()
}

const List = WalletTransaction.array()
type Rows = ReturnType<typeof fromServiceTx>[]
let parseMs = 0
let storeMs = 0
let rows = 0
const chunks: number[] = []
let chunkStart = performance.now()
const t0 = performance.now()
for (const w of wallets) {
  const list = walletListing(sim, [], w.id)
  const pages = Math.ceil(list.length / PER_PAGE)
  let read: Array<{ rows: Rows; page: number }> = []
  for (let p = 1; p <= pages; p++) {
    // the service's JSON text, parsed as the client parses an answer
    const text = JSON.stringify(list.slice((p - 1) * PER_PAGE, p * PER_PAGE))
    const a = performance.now()
    const items = List.parse(JSON.parse(text))
    read.push({ rows: items.map((tx) => fromServiceTx(w.id, tx)).reverse(), page: p })
    parseMs += performance.now() - a
    if (read.length < group && p < pages) continue
    const b = performance.now()
    ledger.together(() => {
      for (const r of read)
        ledger.insertBatch('acc', r.rows, { announce: false, cursor: { walletId: w.id, backfillNextPage: r.page + 1 } })
    })
    storeMs += performance.now() - b
    const before = rows
    for (const r of read) rows += r.rows.length
    read = []
    if (Math.floor(rows / 100_000) > Math.floor(before / 100_000)) {
      chunks.push(Math.round(performance.now() - chunkStart) / 1000)
      chunkStart = performance.now()
    }
  }
}
const totalS = (performance.now() - t0) / 1000
ledger.close()
if (!values.keep) rmSync(dir, { recursive: true, force: true })
const result = {
  // the service's rows, fees included (the ledger folds fees into their payments)
  'service rows': rows,
  group,
  fts: !values['no-fts'],
  dropped: drop,
  'total s': totalS,
  'parse s': parseMs / 1000,
  'store s': storeMs / 1000,
  'store µs/row': Math.round((storeMs * 1000) / rows),
  's per 100,000 rows': chunks,
}
console.log(`STORE_ONLY ${JSON.stringify(result)}`)
