// The CSV export's worker thread (csvOffThread.ts): the bytes it hands over are the text the export
// makes on the spot, chunk after chunk, through a buffer that goes back and forth; and a failed
// write, a stop or a missing file ends the worker with the export's promise.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Ledger, openLedger } from '../../../../electron/main/services/ledger'
import { createAppRecords } from '../../../../electron/main/services/ledger/appRecords'
import type { CsvJob } from '../../../../electron/main/services/ledger/csvJob'
import { exportCsvOffThread } from '../../../../electron/main/services/ledger/csvOffThread'
import { exportCsv } from '../../../../electron/main/services/ledger/exportCsv'
import { exportFormat } from '../../../../electron/main/services/ledger/exports'
import { createReader } from '../../../../electron/main/services/ledger/query'
import { TEXT_MAX } from '../../../../electron/main/services/ledger/rows'
import { row, withTempDir } from './helpers'

const ACC = 'acc_csv'
let l: Ledger
let cleanup: () => Promise<void>
let dir: string

beforeAll(async () => {
  const tmp = await withTempDir()
  cleanup = tmp.cleanup
  dir = tmp.dir
  l = openLedger({ dir })
  // memos of every width of UTF-8, and long enough that one chunk outgrows the worker's first buffer
  const memos = ['café ☕', '日本の支払い', 'emoji 🧾🧾', 'plain', null, `${'wholesale order ü '.repeat(30)}`]
  l.insertBatch(
    ACC,
    Array.from({ length: 600 }, (_, i) =>
      row({
        amountMsat: (i % 7) * 1000 + 1000,
        typeName: i % 3 ? 'ln_deposit' : 'ln_withdrawal',
        memo: memos[i % memos.length] ?? null,
        comment: i % 5 ? null : '=SUM(A1)',
        payee: i % 4 ? null : 'nadia@shop.example',
      }),
    ),
  )
})
afterAll(async () => {
  l.close()
  await cleanup()
})

/** the export made on this thread, as the worker makes it */
async function onThisThread(format: 'plain' | 'koinly' | 'cointracker', chunkRows?: number): Promise<string> {
  const db = new DatabaseSync(l.path, { readOnly: true })
  try {
    const records = createAppRecords(db)
    const pieces: string[] = []
    await exportCsv(
      createReader(db, l.searchMode),
      { accountId: ACC },
      { chunkRows, format: exportFormat(format, 'EUR'), write: (c) => void pieces.push(c) },
      (ids) => records.claimedLinks(ACC, ids),
    )
    return pieces.join('')
  } finally {
    db.close()
  }
}

/** the whole plain export of this file's ledger, with `over` changed */
const job = (over: Partial<CsvJob> = {}): CsvJob => ({
  path: l.path,
  searchMode: l.searchMode,
  filter: { accountId: ACC },
  format: 'plain',
  currency: 'USD',
  ...over,
})

const slowly = () => new Promise((r) => setTimeout(r, 2))

describe('the CSV made in a worker thread', () => {
  it('hands over exactly the text made on the spot, for every format and chunk size', async () => {
    for (const format of ['plain', 'koinly', 'cointracker'] as const) {
      for (const chunkRows of [7, 500]) {
        const pieces: Buffer[] = []
        const progress: number[] = []
        const r = await exportCsvOffThread(job({ format, currency: 'EUR', chunkRows }), {
          // read only after a wait: the bytes must stay as they were until the write settles
          write: async (chunk) => {
            await slowly()
            pieces.push(Buffer.from(chunk))
          },
          onProgress: (done) => void progress.push(done),
        })
        expect(r).toEqual({ rows: 600, total: 600 })
        expect(Buffer.concat(pieces).toString('utf8')).toBe(await onThisThread(format, chunkRows))
        expect(pieces).toHaveLength(1 + Math.ceil(600 / chunkRows))
        expect(progress.at(-1)).toBe(600)
      }
    }
  })

  it('hands each chunk’s bytes back to the worker once written, so none stays on this thread', async () => {
    const kept: Uint8Array[] = []
    await exportCsvOffThread(job({ chunkRows: 50 }), { write: (chunk) => void kept.push(chunk) })
    expect(kept).toHaveLength(1 + 600 / 50)
    // transferred back: this thread's view of each is empty (detached)
    for (const chunk of kept) expect(chunk.byteLength).toBe(0)
  })

  it('a worker that cannot start fails the export with its error', async () => {
    // a build folder whose CSV worker throws as it loads
    const broken = join(dir, 'broken-build')
    await mkdir(broken, { recursive: true })
    await writeFile(join(broken, 'csvWorker.js'), "throw new Error('this worker is broken')\n")
    const writes: unknown[] = []
    await expect(exportCsvOffThread(job(), { write: (c) => void writes.push(c) }, broken)).rejects.toThrow(
      'this worker is broken',
    )
    expect(writes).toEqual([])
  })

  it('the largest rows the ledger keeps fit the worker’s capped heap, a full chunk at a time', async () => {
    const tmp = await withTempDir()
    const big = openLedger({ dir: tmp.dir })
    try {
      // every text at the ledger's cap, of a character that is three bytes and one that CSV doubles
      const wide = '☕"'.repeat(TEXT_MAX / 2)
      big.insertBatch(
        ACC,
        Array.from({ length: 1000 }, () => row({ memo: wide, comment: wide, payee: wide })),
      )
      let bytes = 0
      const r = await exportCsvOffThread(job({ path: big.path, searchMode: big.searchMode }), {
        write: (c) => {
          bytes += c.byteLength
        },
      })
      expect(r).toEqual({ rows: 1000, total: 1000 })
      // each wide cell: 512 × (3 bytes + a quote doubled) and its own two quotes
      expect(bytes).toBeGreaterThan(1000 * 3 * (512 * 5 + 2))
    } finally {
      big.close()
      await tmp.cleanup()
    }
  })

  it('a write that fails ends the export with its error, and nothing more is written', async () => {
    let writes = 0
    const err = Object.assign(new Error('disk full'), { code: 'ENOSPC' })
    await expect(
      exportCsvOffThread(job({ chunkRows: 10 }), {
        write: () => {
          writes++
          if (writes === 3) throw err
        },
      }),
    ).rejects.toBe(err)
    await slowly()
    expect(writes).toBe(3)
  })

  it('stops when asked, after what was written', async () => {
    const ctl = new AbortController()
    let writes = 0
    await expect(
      exportCsvOffThread(job({ chunkRows: 10 }), {
        write: () => {
          writes++
          if (writes === 2) ctl.abort(new Error('stopped by the person'))
        },
        signal: ctl.signal,
      }),
    ).rejects.toThrow('stopped by the person')
    await slowly()
    expect(writes).toBe(2)
    // stopped before it starts: no worker at all
    await expect(exportCsvOffThread(job(), { write: () => {}, signal: ctl.signal })).rejects.toThrow(
      'stopped by the person',
    )
  })

  it('a ledger file that is not there fails with the reason, writing nothing', async () => {
    const writes: unknown[] = []
    await expect(
      exportCsvOffThread(job({ path: `${l.path}.gone` }), { write: (c) => void writes.push(c) }),
    ).rejects.toThrow(/unable to open|no such/i)
    expect(writes).toEqual([])
  })
})
