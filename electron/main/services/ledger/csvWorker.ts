// The CSV export's own thread (docs/ledger.md, "The main process's memory"). It opens the ledger
// read-only, writes the file's text with exportCsv.ts as the main thread once did, and hands each
// chunk over as bytes it no longer owns (transferred, not copied), waiting for the main thread to
// have written it before it reads the next: the main thread's heap never holds the rows or their
// text. Started by csvOffThread.ts; this file is an entry of its own in the build.
import { DatabaseSync } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'
import { createAppRecords } from './appRecords'
import type { CsvJob, FromCsvWorker, ToCsvWorker } from './csvJob'
import { exportCsv } from './exportCsv'
import { exportFormat } from './exports'
import { createReader } from './query'

const port = parentPort
if (!port) throw new Error('csvWorker.ts runs as a worker thread')
const job = workerData as CsvJob
const tell = (m: FromCsvWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer)

// One buffer goes back and forth: the main thread returns it once written. Buffers handed over and
// dropped would pile up as external memory there until V8 next collects (tens of MB).
let buffer = new Uint8Array(64 * 1024)
let written: (() => void) | null = null
port.on('message', (m: ToCsvWorker) => {
  if (m.type !== 'written') return
  buffer = new Uint8Array(m.buffer)
  written?.()
})

const encoder = new TextEncoder()
/** the text as UTF-8 in the buffer (made larger when a chunk needs it) */
function encode(text: string): Uint8Array {
  if (buffer.byteLength < text.length * 3) buffer = new Uint8Array(text.length * 3)
  const { written: n } = encoder.encodeInto(text, buffer)
  return buffer.subarray(0, n)
}
let db: DatabaseSync | undefined
try {
  db = new DatabaseSync(job.path, { readOnly: true })
  // the app's own connection may be committing a page of its sync: wait for it, as the check does
  db.exec('PRAGMA busy_timeout = 5000')
  const reader = createReader(db, job.searchMode)
  const records = createAppRecords(db)
  const r = await exportCsv(
    reader,
    job.filter,
    {
      chunkRows: job.chunkRows,
      format: exportFormat(job.format, job.currency),
      write: (text) =>
        new Promise<void>((done) => {
          written = done
          const bytes = encode(text)
          tell({ type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer])
        }),
      onProgress: (done, total) => tell({ type: 'progress', done, total }),
    },
    (txIds) => records.claimedLinks(job.filter.accountId, txIds),
  )
  tell({ type: 'done', rows: r.rows, total: r.total })
} catch (err) {
  tell({ type: 'failed', message: err instanceof Error ? err.message : String(err) })
} finally {
  db?.close()
  port.close()
}
