// The history's store worker, seen from the main thread (historyWorker.ts; docs/ledger.md, "The
// first sync's store"). Started at the first group of pages, stopped after a while without any
// (its connection and heap go with it). Groups are stored in the order they were handed over; a
// group that fails rejects its promise and stores nothing of itself, cursor included. So a caller
// hands a wallet's next group over only once the one before is stored: a later group stored after
// a failed one would move the cursor past rows that are not there.
import type { Worker } from 'node:worker_threads'
import { startWorker } from '../workers'
import {
  CLOSED,
  type FromHistoryWorker,
  type HistoryBatch,
  type HistoryWorkerData,
  HURRY,
  type ToHistoryWorker,
} from './historyJob'

/** The worker's heap: a group of pages (a few thousand rows) many times over, and no more. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 }
/** the worker stops after this long without a group to store */
const IDLE_MS = 10_000
/** the ledger's close waits this long at most for the worker's connection to close */
const CLOSE_WAIT_MS = 5_000

export interface HistoryStore {
  /** stores the batches in one transaction, in order; rows stored by each (duplicates left out) */
  store(accountId: string, batches: HistoryBatch[]): Promise<number[]>
  /**
   * stops the worker now unless a group is on its way (a history is in: the worker merges the
   * search index's segments, then its memory goes back); the next group starts another
   */
  stop(): void
  /** stops the worker and waits for its connection to close; groups not yet stored are refused */
  close(): void
}

/** a worker's flags, [CLOSED] and [HURRY] (historyJob.ts), shared with it */
const newFlags = () => new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT))

/**
 * `here`: stores a group on the calling thread, used from the first group on when no worker could
 * be started (its file missing or unreadable), so the history still loads, as it did before.
 * `running`: told true when a worker starts and none was alive, false once the last one has ended
 * (the app's connection leaves checkpoints to a running worker: tuning.ts).
 */
export function createHistoryStore(
  job: Omit<HistoryWorkerData, 'flags'>,
  here: (accountId: string, batches: HistoryBatch[]) => number[],
  workersDir?: string,
  running: (on: boolean) => void = () => {},
): HistoryStore {
  let worker: Worker | null = null
  /** the running worker's flags ([CLOSED], [HURRY]: historyJob.ts) */
  let flags = newFlags()
  /** workers told to close whose connection may still be open (tidying): a close waits for them */
  const finishing = new Set<Int32Array>()
  /** workers started and not yet ended, by their flags */
  const alive = new Set<Int32Array>()
  const ended = (f: Int32Array) => {
    finishing.delete(f)
    if (alive.delete(f) && alive.size === 0) running(false)
  }
  /** the worker failed before it ever answered: it cannot start here */
  let cannotStart = false
  let nextId = 1
  let idle: ReturnType<typeof setTimeout> | undefined
  type Waiting = {
    accountId: string
    batches: HistoryBatch[]
    resolve: (n: number[]) => void
    reject: (e: Error) => void
  }
  const waiting = new Map<number, Waiting>()

  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err)
    waiting.clear()
  }

  /**
   * `wait`: blocks until every worker's connection is closed, a tidy one hurried (the ledger's
   * close: the file may be moved or opened again right after, and nothing of ours may still hold
   * it). `tidy`: a history is in, the worker merges the search index's segments before it closes.
   */
  function stop(wait: boolean, tidy = false) {
    clearTimeout(idle)
    const w = worker
    worker = null
    if (w) {
      const f = flags
      // its end is ours, not a failure: nothing more to hear from it
      w.removeAllListeners()
      w.on('error', () => {})
      finishing.add(f)
      w.once('exit', () => ended(f))
      w.postMessage({ type: 'close', tidy } satisfies ToHistoryWorker)
      w.unref()
      failAll(new Error('the history store was stopped'))
    }
    if (!wait) return
    for (const f of finishing) {
      Atomics.store(f, HURRY, 1)
      waitClosed(f)
    }
    finishing.clear()
  }

  function waitClosed(f: Int32Array) {
    try {
      Atomics.wait(f, CLOSED, 0, CLOSE_WAIT_MS)
    } catch {
      // a thread that may not block (a browser's main thread does not): the worker closes soon after
    }
  }

  function started(): Worker {
    clearTimeout(idle)
    if (worker) return worker
    const f = newFlags()
    flags = f
    const workerData: HistoryWorkerData = { ...job, flags: f.buffer as SharedArrayBuffer }
    const w = startWorker('historyWorker', { workerData, resourceLimits: WORKER_LIMITS }, workersDir)
    alive.add(f)
    if (alive.size === 1) running(true)
    let answered = false
    w.on('message', (m: FromHistoryWorker) => {
      answered = true
      const pending = waiting.get(m.id)
      if (!pending) return
      waiting.delete(m.id)
      if (m.type === 'stored') pending.resolve(m.inserted)
      else pending.reject(new Error(`history not stored: ${m.message}`))
      if (waiting.size === 0 && worker === w) idle = setTimeout(() => stop(false), IDLE_MS).unref()
    })
    const gone = (err: Error) => {
      if (worker === w) worker = null
      if (answered) return failAll(err)
      // it never answered, so it never started: the groups handed over go in here, in order (a group
      // is stored whole or not at all, and storing one twice changes nothing)
      cannotStart = true
      const left = [...waiting.values()]
      waiting.clear()
      for (const g of left) {
        try {
          g.resolve(here(g.accountId, g.batches))
        } catch (e) {
          g.reject(e instanceof Error ? e : new Error(String(e)))
        }
      }
    }
    w.on('error', gone)
    w.on('exit', (code) => {
      ended(f)
      gone(new Error(`the history store ended (${code})`))
    })
    worker = w
    return w
  }

  return {
    store(accountId, batches) {
      if (cannotStart) return Promise.resolve().then(() => here(accountId, batches))
      return new Promise((resolve, reject) => {
        const id = nextId++
        waiting.set(id, { accountId, batches, resolve, reject })
        started().postMessage({ type: 'store', id, accountId, batches } satisfies ToHistoryWorker)
      })
    },
    stop: () => {
      if (waiting.size === 0) stop(false, true)
    },
    close: () => stop(true),
  }
}
