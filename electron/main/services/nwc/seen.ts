// Which request events were served, kept in nwc.sqlite so that a replay is refused across a
// restart too (docs/nwc.md, "What a request goes through", step 8). A commit there costs an fsync
// (FULL sync), which was most of the seen check's time, so only an event that makes something
// (pay_invoice, make_invoice) is written before it is served; a read is checked against the file
// and memory, and written with the others waiting once its answer is handed on, without the fsync
// (ledger/unsynced.ts): still in the file across any restart of the app, lost only to a power cut
// just after, and a read answered twice then is harmless; the worker's gate refuses a replay
// meanwhile anyway.
import type { NwcStore } from './store'

export interface SeenIds {
  /** true the first time an event id is seen; `now`: on disk before this returns */
  first(eventId: string, now: boolean): boolean
  /** the ids waiting onto disk, in one transaction (after an answer is handed on, and at stop) */
  flush(): void
  /** the ids seen since `at` (a worker just started seeds its gate with them) */
  since(at: number): string[]
}

export function createSeenIds(store: () => NwcStore, nowSec: () => number, keepSec: number): SeenIds {
  const waiting = new Map<string, number>()
  return {
    first(eventId, now) {
      if (waiting.has(eventId)) return false
      if (now) return store().firstSight(eventId, nowSec(), keepSec)
      if (store().wasSeen(eventId)) return false
      waiting.set(eventId, nowSec())
      return true
    },
    flush() {
      if (waiting.size === 0) return
      const ids = [...waiting]
      waiting.clear()
      store().markSeen(ids, nowSec() - keepSec)
    },
    since: (at) => [...store().seenSince(at), ...[...waiting].filter(([, seenAt]) => seenAt >= at).map(([id]) => id)],
  }
}
