// What the Connected apps screen says of each relay (docs/nwc.md, "Relays you can see"): open,
// reconnecting since when, or failing (three attempts in a row did not open) with the last reason,
// and when a request last arrived on it. Told by the relays' worker at each attempt.
import type { NwcRelayView } from '@shared/contract/nwc'
import type { RelayProblem } from './relayProblem'

export type RelayState = 'connecting' | 'connected' | 'reconnecting' | 'failing'

/** attempts in a row that did not open before a relay is said to be failing */
export const FAILING_AFTER = 3

export interface RelayStatus {
  url: string
  state: RelayState
  /** since when it is in this state (ms); for `failing`, since it went down */
  sinceMs: number
  problem: RelayProblem | null
  lastRequestMs: number | null
}

interface Kept {
  up: boolean
  /** when it went down (or was first asked for) */
  sinceMs: number
  everUp: boolean
  failures: number
  problem: RelayProblem | null
  lastRequestMs: number | null
}

export function createRelayStates(nowMs: () => number) {
  const kept = new Map<string, Kept>()
  const of = (url: string): Kept => {
    let k = kept.get(url)
    if (!k) {
      k = { up: false, sinceMs: nowMs(), everUp: false, failures: 0, problem: null, lastRequestMs: null }
      kept.set(url, k)
    }
    return k
  }
  const stateOf = (k: Kept): RelayState => {
    if (k.up) return 'connected'
    if (k.failures >= FAILING_AFTER) return 'failing'
    return k.everUp ? 'reconnecting' : 'connecting'
  }
  return {
    /** one attempt's outcome; true when what the screen shows changed */
    status(url: string, connected: boolean, problem?: RelayProblem): boolean {
      const k = of(url)
      const before = stateOf(k)
      if (connected) {
        Object.assign(k, { up: true, everUp: true, failures: 0, problem: null, sinceMs: nowMs() })
      } else {
        if (k.up) Object.assign(k, { up: false, sinceMs: nowMs(), failures: 0 })
        // the drop of an open link is not a failed attempt; each attempt after it that did not open is
        else if (problem?.code !== 'closed') k.failures++
        k.problem = problem ?? k.problem
      }
      return before !== stateOf(k) || !connected
    },
    heard(url: string) {
      of(url).lastRequestMs = nowMs()
    },
    views(urls: readonly string[]): RelayStatus[] {
      return urls.map((url) => {
        const k = of(url)
        return { url, state: stateOf(k), sinceMs: k.sinceMs, problem: k.problem, lastRequestMs: k.lastRequestMs }
      })
    },
    /** the worker stopped: every link is down until it says otherwise */
    reset() {
      for (const k of kept.values()) if (k.up) Object.assign(k, { up: false, sinceMs: nowMs(), failures: 0 })
    },
  }
}

/** as the contract says it: seconds, and no reason while it is open */
export const relayView = (r: RelayStatus): NwcRelayView => ({
  url: r.url,
  state: r.state,
  since: Math.floor(r.sinceMs / 1000),
  problem: r.state === 'connected' ? null : (r.problem?.code ?? null),
  httpStatus: r.state === 'connected' ? null : (r.problem?.status ?? null),
  lastRequestAt: r.lastRequestMs === null ? null : Math.floor(r.lastRequestMs / 1000),
})
