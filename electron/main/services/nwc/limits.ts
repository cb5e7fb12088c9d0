// The small bounded memories the flood rules keep (gate.ts, docs/nwc.md "Floods"): keys held for
// a while and never more than a cap, a budget that refills with time, and drops counted and told in
// one log line a while, so that a flood does not become a flood of log lines.

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

/**
 * counts by reason: the first of a round logged at once, what follows within `everyMs` counted and
 * logged as one line at its end, so a flood is a line or two a second, not a line an event
 */
export function tally(
  log: (message: string, fields: Record<string, number>) => void,
  message: string,
  everyMs = 1_000,
) {
  let counts: Record<string, number> = {}
  let timer: ReturnType<typeof setTimeout> | null = null
  const tell = () => {
    const told = counts
    counts = {}
    if (Object.keys(told).length > 0) log(message, told)
  }
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    tell()
  }
  return {
    add(why: string) {
      counts[why] = (counts[why] ?? 0) + 1
      if (timer) return
      tell()
      timer = setTimeout(flush, everyMs)
      timer.unref?.()
    },
    flush,
  }
}
