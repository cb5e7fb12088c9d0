// Gives the system back the memory a burst of work grew and no longer needs (docs/ledger.md,
// "The main process's memory").
//
// A first sync of a large history allocates hard for minutes, and V8 grows its young generation
// to its largest for it: 64 MB semi-spaces on a machine with this much memory, 128 MB resident for
// about 27 MB of live heap after a million rows. It does not shrink it again while the app sits
// idle. The start-up flag that caps it (--max-semi-space-size) is fixed when the heap is made,
// and Electron's main process takes V8 flags only from its command line, which a packaged app does
// not control (electron/electron#22705). So once such a burst is over, the app asks for V8's
// "last resort" collection, the one it runs under memory pressure: it compacts the heap and
// shrinks the young generation to its least. Tens of milliseconds, once per burst, never on a
// timer.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

let gc: Gc | null | undefined

/** V8's collector function: exposed to a fresh context only, never to the app's global scope. */
function collector(): Gc | null {
  if (gc !== undefined) return gc
  try {
    setFlagsFromString('--expose-gc')
    const fn = runInNewContext('gc') as unknown
    gc = typeof fn === 'function' ? (fn as Gc) : null
  } catch {
    gc = null
  }
  return gc
}

/** Releases what the heap no longer uses; false where V8 does not offer it (nothing is lost). */
export function releaseMemory(): boolean {
  const run = collector()
  if (!run) return false
  run({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  return true
}

/** After a burst of work (`what`, for the log): releases, and logs the resident memory before and after. */
export function releaseAfterBurst(
  log: { info(message: string, fields?: Record<string, unknown>): void } | undefined,
  what: string,
) {
  const before = process.memoryUsage.rss()
  if (!releaseMemory()) return
  const mb = (n: number) => Math.round(n / 1_048_576)
  log?.info(`memory: released after ${what}`, { rssMb: mb(before), nowMb: mb(process.memoryUsage.rss()) })
}
