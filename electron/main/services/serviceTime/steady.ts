// The service's time by the computer's monotonic clock (performance.now): what the daily spending
// limit is counted on (docs/security.md, "Spending rules"). The estimate in index.ts rides on the
// computer's wall clock, so a clock moved forward moves "service now" with it until enough new
// answers outvote the old offset; this one is the same samples measured against a clock nobody
// can set, so moving the computer's clock moves nothing. It stands still while the computer
// sleeps (the monotonic clock does): late, never early, which counts more, not less.
//
// An answer too slow for a sample still says the service's clock had reached its Date by the time
// it arrived: while no sample is usable, the newest such lower bound is the estimate.

/** the newest time seen is told again (to be kept on disk) once it moved this far, seconds */
export const SEEN_STEP_SEC = 60

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

export interface SteadyDeps {
  /** the monotonic clock, ms */
  monotonic: () => number
  /** samples kept per account */
  window: number
  /** the estimate of an account reached `sec` (a whole second), first or SEEN_STEP_SEC past the last told */
  onSeen?: (accountId: string, sec: number) => void
}

export function createSteady(d: SteadyDeps) {
  const samples = new Map<string, number[]>()
  const floors = new Map<string, number>()
  const told = new Map<string, number>()

  const offsetOf = (accountId: string): number | null => {
    const list = samples.get(accountId)
    return list && list.length > 0 ? median(list) : (floors.get(accountId) ?? null)
  }
  const nowMs = (accountId: string): number | null => {
    const offset = offsetOf(accountId)
    return offset === null ? null : d.monotonic() + offset
  }

  return {
    nowMs,
    /**
     * The service said `serviceSec` in an answer that arrived just now; `roundTripMs` when the
     * answer was quick enough to be a sample, null when it only bounds the time from below.
     */
    add(accountId: string, serviceSec: number, roundTripMs: number | null) {
      const received = d.monotonic()
      // the Date was written before the answer arrived: the service's clock is at least there
      const floor = serviceSec * 1000 - received
      floors.set(accountId, Math.max(floors.get(accountId) ?? floor, floor))
      if (roundTripMs !== null) {
        const list = samples.get(accountId) ?? []
        list.push(serviceSec * 1000 + 500 - (received - roundTripMs / 2))
        if (list.length > d.window) list.shift()
        samples.set(accountId, list)
      }
      const sec = Math.floor((nowMs(accountId) as number) / 1000)
      const before = told.get(accountId)
      if (before === undefined || sec - before >= SEEN_STEP_SEC) {
        told.set(accountId, sec)
        d.onSeen?.(accountId, sec)
      }
    },
  }
}
