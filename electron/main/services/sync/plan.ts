// The loop's decisions, pure: given what it knows and the time, when the next tick is and what a
// tick reads. No I/O, no timers; tested on its own (test/electron/sync/plan.test.ts).
//
// - A tick reads the account's balances (one request). A wallet whose balance did not move since
//   the last read whose changes were all stored has nothing new, so costs nothing more. On start,
//   resume, online and every `fullCheckEvery` ticks every wallet is read anyway (a payment in and
//   one out of the same size within one interval leave the balance as it was).
// - A wallet never synced (or whose first sync was interrupted) gets its history in bulk, a few
//   pages a tick. The others get their rows newer than the last one seen: through the account-wide
//   feed when two or more are due and the key allows it, else one wallet at a time.
// - Attention: an invoice or withdraw link made in the last `freshWindowSec` is probably being paid
//   or claimed right now, and so is a link on screen, so ticks come every `freshPollMs`; the
//   invoice on screen is read directly every `fastPollMs`.
//   Otherwise one tick per `settings.pollIntervalSec`. Failures back off, doubling, capped.

export interface PlanOptions {
  /** the focused invoice's direct read */
  fastPollMs: number
  /** ticks while an invoice of the account is fresh */
  freshPollMs: number
  freshWindowSec: number
  backoffCapMs: number
  fullCheckEvery: number
  expiryGraceSec: number
}

export const DEFAULT_PLAN: PlanOptions = {
  fastPollMs: 2_000,
  freshPollMs: 2_500,
  freshWindowSec: 180,
  backoffCapMs: 5 * 60_000,
  fullCheckEvery: 20,
  expiryGraceSec: 60,
}

export interface DelayInput {
  intervalMs: number
  failures: number
  offline: boolean
  /** creation times (s) of what the account waits for: pending invoices, unclaimed withdraw links */
  pendingCreatedAt: readonly number[]
  nowSec: number
  /** a withdraw link of the account is on screen: its claim is told as soon as a fresh one's */
  linkOnScreen?: boolean
}

export function nextTickMs(s: DelayInput, o: PlanOptions): number {
  // Offline: the OS said so, but that signal is not always right; poll rarely rather than never.
  if (s.offline) return o.backoffCapMs
  if (s.failures > 0) return Math.min(s.intervalMs * 2 ** s.failures, o.backoffCapMs)
  const fresh = s.linkOnScreen || s.pendingCreatedAt.some((t) => s.nowSec - t < o.freshWindowSec)
  return fresh ? Math.min(o.freshPollMs, s.intervalMs) : s.intervalMs
}

export interface ReadsInput {
  /** read every wallet whatever its balance (start, resume, online, a direct find) */
  force: boolean
  /** ticks of this account so far, this one included */
  ticks: number
  /** balances just read (msat by wallet), or null when the key cannot list wallets */
  balances: ReadonlyMap<string, number> | null
  /** balances at the last read whose changes were all stored */
  storedBalances: ReadonlyMap<string, number>
  /** wallets to read when no balances can be read (those the app waits on) */
  watched: readonly string[]
  backfillDone: (walletId: string) => boolean
  feedAllowed: boolean
}

export interface ReadPlan {
  /** wallets whose history is still loading: more pages of it */
  backfill: string[]
  /** wallets read through the account-wide feed */
  viaFeed: string[]
  /** wallets read one by one */
  perWallet: string[]
}

export function planReads(s: ReadsInput, o: Pick<PlanOptions, 'fullCheckEvery'>): ReadPlan {
  const all = s.balances ? [...s.balances.keys()] : [...s.watched]
  const everything = s.force || !s.balances || s.ticks % o.fullCheckEvery === 0
  const backfill = all.filter((id) => !s.backfillDone(id))
  const due = all.filter((id) => s.backfillDone(id) && (everything || s.storedBalances.get(id) !== s.balances?.get(id)))
  // the feed needs the same secret key as listing wallets
  if (s.feedAllowed && s.balances && due.length >= 2) return { backfill, viaFeed: due, perWallet: [] }
  return { backfill, viaFeed: [], perWallet: due }
}

export interface Expiring<T> {
  live: T[]
  /** past expiry + grace: one last direct read decides */
  expiring: T[]
}

export function splitExpired<T extends { expiresAt: number }>(
  list: readonly T[],
  nowSec: number,
  o: Pick<PlanOptions, 'expiryGraceSec'>,
): Expiring<T> {
  const live: T[] = []
  const expiring: T[] = []
  for (const x of list) (nowSec > x.expiresAt + o.expiryGraceSec ? expiring : live).push(x)
  return { live, expiring }
}
