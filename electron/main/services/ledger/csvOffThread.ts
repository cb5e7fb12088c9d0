// The CSV export run in a worker thread of its own (csvWorker.ts; docs/ledger.md, "The main
// process's memory"). On the main thread an export of a million rows made V8 grow the young
// generation to its largest (120 MB more resident memory at its peak), since each chunk's rows and
// text lived through its collections. In the worker they grow a heap the app sizes and which goes
// away with it; the main thread only writes the bytes it is handed.

import { startWorker } from '../workers'
import type { CsvJob, FromCsvWorker, ToCsvWorker } from './csvJob'

/** The worker's heap: enough for a chunk of 500 rows many times over, and no more. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 }

export interface CsvSink {
  /** a piece of the file, written before the next is read: its bytes are reused once the promise
   * settles, so it must not be held (a file stream's write settles on its callback) */
  write: (chunk: Uint8Array) => void | Promise<void>
  onProgress?: (done: number, total: number) => void
  /** stops the export; what was written stays written */
  signal?: AbortSignal
}

/** `workersDir`: the build's worker files, where they are not beside this module (the bench) */
export function exportCsvOffThread(
  job: CsvJob,
  sink: CsvSink,
  workersDir?: string,
): Promise<{ rows: number; total: number }> {
  return new Promise((resolvePromise, reject) => {
    sink.signal?.throwIfAborted()
    const worker = startWorker('csvWorker', { workerData: job, resourceLimits: WORKER_LIMITS }, workersDir)
    let outcome: { rows: number; total: number } | Error | undefined
    const stop = (err: Error) => {
      outcome ??= err
      void worker.terminate()
    }
    const onAbort = () => stop(sink.signal?.reason instanceof Error ? sink.signal.reason : new Error('export stopped'))
    sink.signal?.addEventListener('abort', onAbort, { once: true })
    worker.on('message', (m: FromCsvWorker) => {
      if (outcome) return
      if (m.type === 'chunk') {
        Promise.resolve()
          .then(() => sink.write(m.bytes))
          .then(
            () => {
              if (outcome) return
              const back: ToCsvWorker = { type: 'written', buffer: m.bytes.buffer as ArrayBuffer }
              worker.postMessage(back, [back.buffer])
            },
            (err: unknown) => stop(err instanceof Error ? err : new Error(String(err))),
          )
      } else if (m.type === 'progress') sink.onProgress?.(m.done, m.total)
      else if (m.type === 'done') outcome = { rows: m.rows, total: m.total }
      else outcome = new Error(m.message)
    })
    worker.on('error', (err) => stop(err))
    worker.on('exit', () => {
      sink.signal?.removeEventListener('abort', onAbort)
      if (outcome && !(outcome instanceof Error)) resolvePromise(outcome)
      else reject(outcome ?? new Error('the export stopped'))
    })
  })
}
