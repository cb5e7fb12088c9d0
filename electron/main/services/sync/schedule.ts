// The loop's timers: one per account (its next tick) and one for the invoice on screen, on an
// injectable clock so tests run hours of polling in a second. Also the set of work in progress,
// so `idle()` (tests, shutdown) can wait for it.

export interface Timers {
  setTimeout(fn: () => unknown, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

export function createSchedule(timers: Timers) {
  const handles = new Map<string, unknown>()
  const inflight = new Set<Promise<unknown>>()

  function clear(key: string) {
    const h = handles.get(key)
    if (h !== undefined) timers.clearTimeout(h)
    handles.delete(key)
  }

  return {
    /** runs `fn` once after `ms`, replacing what was set under `key` */
    set(key: string, ms: number, fn: () => unknown) {
      clear(key)
      handles.set(
        key,
        timers.setTimeout(() => {
          handles.delete(key)
          return fn()
        }, ms),
      )
    },
    clear,
    has: (key: string) => handles.has(key),
    clearAll() {
      for (const key of [...handles.keys()]) clear(key)
    },
    /** counts `p` as work in progress until it settles */
    track<T>(p: Promise<T>): Promise<T> {
      inflight.add(p)
      p.finally(() => inflight.delete(p)).catch(() => {})
      return p
    },
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight])
    },
  }
}
export type Schedule = ReturnType<typeof createSchedule>
