// Wrong passphrases make the next try wait: 1 s after the first, then 2 s, 4 s… up to a cap. The
// count and the time of the last one are kept in the settings file, so a restart does not reset it.

/** the longest wait between two tries: a person who forgot is slowed, never locked out for good */
export const BACKOFF_CAP_MS = 15 * 60_000

/** The wait after `failures` wrong passphrases in a row: 0, then 1 s, 2 s, 4 s… */
export function backoffMs(failures: number): number {
  if (failures <= 0) return 0
  return Math.min(1000 * 2 ** Math.min(failures - 1, 30), BACKOFF_CAP_MS)
}

/**
 * When the next passphrase may be checked (ms since the epoch), or null for now. A clock set back
 * never makes the wait longer than one back-off.
 */
export function retryAt(failures: number, failedAt: number | null, now: number): number | null {
  if (failures <= 0 || failedAt === null) return null
  const wait = backoffMs(failures)
  const at = Math.min(failedAt + wait, now + wait)
  return at > now ? at : null
}
