// The service's clock, per account. A computer's clock can be wrong by hours (a wrong time zone, a
// dead CMOS battery, a VM restored from a snapshot), and every expiry and age of a service object
// is the service's to decide: an invoice, a withdraw link, a payment in the journal. So the offset
// between the service's clock and the computer's is estimated from every answer's `Date` header
// and from the `created_at` of what the app has just created, and "service now" is the computer's
// clock plus that offset (docs/service.md, "The service's time").
//
// Both clues have whole seconds only, and each moment lies somewhere between sending the request
// and receiving the answer: a sample is the clue's middle (+ 0.5 s) against the round trip's middle.
// An answer slower than MAX_ROUND_TRIP_MS says too little and is left out; the estimate is the
// median of the last WINDOW samples, so a stray header (a proxy, a cache) does not move it.
// The same samples against the monotonic clock (steady.ts) give the time the daily spending limit
// is counted on, which no setting of the computer's clock can move.
import { createSteady, median } from './steady'

export { SEEN_STEP_SEC } from './steady'

/** samples kept per account */
export const WINDOW = 9
/** a round trip longer than this gives a sample too vague to use */
export const MAX_ROUND_TRIP_MS = 5_000
/** the estimate is announced again (onChange) when it moved this far since it last was */
export const REPORT_STEP_MS = 2_000
/** clues outside these years are broken, not a clock that is off */
const EARLIEST_SEC = Date.UTC(2000, 0, 1) / 1000
const LATEST_SEC = Date.UTC(2200, 0, 1) / 1000

export interface ServiceTimeDeps {
  /** the computer's clock, ms since the epoch */
  now: () => number
  /** an account's estimate became known, or moved by REPORT_STEP_MS or more since last told */
  onChange?: (accountId: string) => void
  /** the computer's monotonic clock, ms; performance.now by default */
  monotonic?: () => number
  /** the steady estimate of an account reached `sec`: first, then every SEEN_STEP_SEC (kept on disk) */
  onSeen?: (accountId: string, sec: number) => void
}

export interface ServiceTime {
  /** the service's time for this account, ms; the computer's while nothing is known yet */
  nowMs(accountId: string): number
  /** the same in whole Unix seconds */
  nowSec(accountId: string): number
  /**
   * The service's time by the monotonic clock, ms (steady.ts): moving the computer's clock does
   * not move it. Null while no answer of this run has said.
   */
  steadyMs(accountId: string): number | null
  /** service minus computer, ms; null while no answer has said */
  offsetMs(accountId: string): number | null
  /** the same in whole seconds (what the renderer and Settings are given) */
  offsetSec(accountId: string): number | null
  /** the service said it was `serviceSec` (a whole second) between `sentAt` and `receivedAt` (computer ms) */
  sample(accountId: string, serviceSec: number, sentAt: number, receivedAt: number): void
  /** a fetch that learns from the `Date` header of each answer of this account's service */
  observe(accountId: string, fetch: typeof globalThis.fetch): typeof globalThis.fetch
  /** runs a call that creates something, and learns from the `created_at` of its answer */
  created<T>(accountId: string, call: () => Promise<T>, createdAt: (answer: T) => unknown): Promise<T>
}

/** Unix seconds of an HTTP `Date` header, or null when absent or unreadable. */
export function dateHeaderSec(value: string | null): number | null {
  if (!value || value.length > 64) return null
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null
}

export function createServiceTime(deps: ServiceTimeDeps): ServiceTime {
  const samples = new Map<string, number[]>()
  const told = new Map<string, number>()
  const steady = createSteady({
    monotonic: deps.monotonic ?? (() => performance.now()),
    window: WINDOW,
    onSeen: deps.onSeen,
  })

  const offsetMs = (accountId: string): number | null => {
    const list = samples.get(accountId)
    return list && list.length > 0 ? Math.round(median(list)) : null
  }

  function sample(accountId: string, serviceSec: number, sentAt: number, receivedAt: number) {
    if (!Number.isInteger(serviceSec) || serviceSec < EARLIEST_SEC || serviceSec > LATEST_SEC) return
    const roundTrip = receivedAt - sentAt
    // negative: the computer's clock was moved meanwhile; long: the moment is too vague
    const usable = roundTrip >= 0 && roundTrip <= MAX_ROUND_TRIP_MS
    // a vague moment still bounds the service's time from below
    steady.add(accountId, serviceSec, usable ? roundTrip : null)
    if (!usable) return
    const list = samples.get(accountId) ?? []
    list.push(serviceSec * 1000 + 500 - (sentAt + receivedAt) / 2)
    if (list.length > WINDOW) list.shift()
    samples.set(accountId, list)
    const now = offsetMs(accountId) as number
    const before = told.get(accountId)
    if (before === undefined || Math.abs(now - before) >= REPORT_STEP_MS) {
      told.set(accountId, now)
      deps.onChange?.(accountId)
    }
  }

  const nowMs = (accountId: string) => deps.now() + (offsetMs(accountId) ?? 0)

  return {
    nowMs,
    nowSec: (accountId) => Math.floor(nowMs(accountId) / 1000),
    steadyMs: steady.nowMs,
    offsetMs,
    offsetSec: (accountId) => {
      const ms = offsetMs(accountId)
      // + 0 turns a rounded -0 into 0: the same offset reads the same everywhere
      return ms === null ? null : Math.round(ms / 1000) + 0
    },
    sample,
    observe: (accountId, fetch) => async (input, init) => {
      const sentAt = deps.now()
      const res = await fetch(input, init)
      const serviceSec = dateHeaderSec(res.headers.get('date'))
      if (serviceSec !== null) sample(accountId, serviceSec, sentAt, deps.now())
      return res
    },
    async created(accountId, call, createdAt) {
      const sentAt = deps.now()
      const answer = await call()
      const at = createdAt(answer)
      if (typeof at === 'number') sample(accountId, at, sentAt, deps.now())
      return answer
    },
  }
}
