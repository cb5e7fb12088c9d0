// The app's wallet service logs each request event it will not serve (services/nwc/handle.ts,
// "nwc request dropped" with why): a test that sends one waits for that line, the sign the service
// has dealt with it, before it checks that nothing was paid or answered.

/**
 * How many requests the service has dropped so far (only those for `why`, when given): a line each
 * where main drops one, and counts by reason where the relays' worker tallies them
 * (`nwc events dropped`, services/nwc/limits.ts).
 */
export function droppedRequests(logs: readonly string[], why?: string): number {
  let n = 0
  for (const l of logs) {
    if (l.includes('nwc request dropped') && (!why || l.includes(`"why":"${why}"`))) n++
    if (!l.includes('nwc events dropped') && !l.includes('nwc requests dropped')) continue
    for (const m of l.matchAll(/"([^"]+)":(\d+)/g)) if (!why || m[1] === why) n += Number(m[2])
  }
  return n
}
