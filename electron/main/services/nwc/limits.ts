// The small bounded memories the flood rules keep (gate.ts, docs/nwc.md "Floods"): keys held for
// a while and never more than a cap, a budget that refills with time, and drops told a few at a
// time, the rest counted in one line, so that a flood does not become a flood of log lines.

/** keys kept `ttlMs` each, at most `max` of them (the oldest let go first) */
export function expiringSet(max: number, ttlMs: number, nowMs: () => number) {
  // insertion order is expiry order (one ttl for all), so the oldest are at the front
  const until = new Map<string, number>()
  return {
    has(key: string): boolean {
      const t = until.get(key)
      return t !== undefined && t > nowMs()
    },
    add(key: string): void {
      const now = nowMs()
      until.delete(key)
      until.set(key, now + ttlMs)
      for (const [k, t] of until) {
        if (t > now && until.size <= max) break
        until.delete(k)
      }
    },
    get size() {
      return until.size
    },
  }
}

/** `perMin` takes a minute, refilled evenly; at most `perMin` at once */
export function budget(perMin: number, nowMs: () => number) {
  let left = perMin
  let at = nowMs()
  return {
    take(): boolean {
      const now = nowMs()
      left = Math.min(perMin, left + ((now - at) * perMin) / 60_000)
      at = now
      if (left < 1) return false
      left -= 1
      return true
    },
  }
}

/** drops told one by one at most this many a round; the rest counted in the round's one line */
const TOLD_EACH = 20

/**
 * Drops by reason: the first TOLD_EACH of a round logged one by one ("nwc request dropped" with
 * `why`: what a test waits for), the rest counted and logged as one line `everyMs` after the
 * round began ("nwc requests dropped past the log's share").
 */
export function tally(log: (message: string, fields: Record<string, unknown>) => void, everyMs = 10_000) {
  let counts: Record<string, number> = {}
  let told = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    told = 0
    const more = counts
    counts = {}
    if (Object.keys(more).length > 0) log("nwc requests dropped past the log's share", more)
  }
  return {
    add(why: string) {
      if (told++ < TOLD_EACH) log('nwc request dropped', { why })
      else counts[why] = (counts[why] ?? 0) + 1
      if (timer) return
      timer = setTimeout(flush, everyMs)
      timer.unref?.()
    },
    flush,
  }
}
