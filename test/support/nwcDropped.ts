// The app's wallet service logs each request event it will not serve (services/nwc/handle.ts,
// "nwc request dropped" with why): a test that sends one waits for that line, the sign the service
// has dealt with it, before it checks that nothing was paid or answered.

/** how many requests the service has dropped so far (only those for `why`, when given) */
export function droppedRequests(logs: readonly string[], why?: string): number {
  return logs.filter((l) => l.includes('nwc request dropped') && (!why || l.includes(`"why":"${why}"`))).length
}
