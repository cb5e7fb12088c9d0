// The app lock's plain rules, free of zod so the page can use them without loading the contract's
// schemas (docs/security.md). The schemas that cross IPC are in lock.ts.

/** Minutes without keyboard or mouse on the computer the person may choose from; 0 is never. */
export const IDLE_MINUTES = [0, 1, 5, 10, 15, 30, 60] as const

export const PASSPHRASE_MIN = 8
export const PASSPHRASE_MAX = 1024

/** A wait in words: "4 s", "2 min 5 s". */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return s === 0 ? `${m} min` : `${m} min ${s} s`
}
