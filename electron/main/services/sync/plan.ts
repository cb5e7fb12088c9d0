// The loop's decisions, pure: given what it knows and the time, when the next tick is, what a
// tick reads and what it stores and tells. No I/O, no timers; tested on its own (test/electron/sync/plan.test.ts).
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
//   While the window can be seen, its active account ticks every `visiblePollMs` (a tick whose
//   balances did not move is one request), so money from outside shows within seconds on screen.
//   Otherwise one tick per `settings.pollIntervalSec`. Failures back off, doubling, capped.
// - A history still loading goes on at once (`historyGapMs`): a tick reads twenty pages of it, and
//   waiting the poll interval between ticks made a shop's history of a million rows take hours.
// - A batch of rows read: which of the app's invoices it pays and links it claims, and which rows
//   are told as news (`planStore`); tick.ts stores and tells what the plan says.
import type { PendingInvoice } from '@shared/contract'
import type { BackendTx } from '../backends'
import type { StoredWithdrawLink } from '../ledger'
import { type Claim, matchTransactions, type Settlement } from './outcomes'
import type { Batch } from './reads'

export interface PlanOptions {
  /** the focused invoice's direct read */
  fastPollMs: number
  /** ticks while an invoice of the account is fresh */
  freshPollMs: number
  freshWindowSec: number
  /** ticks of the active account while the window can be seen */
  visiblePollMs: number
  backoffCapMs: number
  fullCheckEvery: number
  expiryGraceSec: number
  /** the pause between ticks while an account's history is still loading (the event loop's turn) */
  historyGapMs: number
}

export const DEFAULT_PLAN: PlanOptions = {
  fastPollMs: 2_000,
  freshPollMs: 2_500,
  freshWindowSec: 180,
  visiblePollMs: 3_000,
  backoffCapMs: 5 * 60_000,
  fullCheckEvery: 20,
  expiryGraceSec: 60,
  historyGapMs: 0,
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
  /** the last tick stored part of a history and more of it is to come */
  historyLoading?: boolean
  /** the account is the active one and the window can be seen */
  onScreen?: boolean
}

export function nextTickMs(s: DelayInput, o: PlanOptions): number {
  // Offline: the OS said so, but that signal is not always right; poll rarely rather than never.
  if (s.offline) return o.backoffCapMs
  if (s.failures > 0) return Math.min(s.intervalMs * 2 ** s.failures, o.backoffCapMs)
  if (s.historyLoading) return o.historyGapMs
  const fresh = s.linkOnScreen || s.pendingCreatedAt.some((t) => s.nowSec - t < o.freshWindowSec)
  if (fresh) return Math.min(o.freshPollMs, s.intervalMs)
  return s.onScreen ? Math.min(o.visiblePollMs, s.intervalMs) : s.intervalMs
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

export interface StorePlan {
  /** the app's invoices these rows pay */
  paid: Settlement[]
  /** the app's withdraw links these rows claim */
  claimed: Claim[]
  /** rows told as news even in history: what the app waits on (stored first) */
  told: BackendTx[]
  /** the other rows, stored with the batch's cursor; told unless the batch is history */
  rest: BackendTx[]
}

export interface Waiting {
  /** the account's pending invoices */
  pending: readonly PendingInvoice[]
  /** the account's links waiting to be claimed */
  links: readonly StoredWithdrawLink[]
  /** wallet transactions already taken as some link's claim */
  takenTxIds: ReadonlySet<string>
  /** invoices found paid by a direct read whose row is not stored yet */
  awaitingRow: ReadonlySet<string>
}

/** What one wallet's batch of rows settles, claims, and which of its rows are told. */
export function planStore(b: Batch, w: Waiting): StorePlan {
  const pending = w.pending.filter((i) => i.walletId === b.walletId)
  const links = w.links.filter((x) => x.walletId === b.walletId)
  const { paid, claimed } = matchTransactions(b.items, pending, links, w.takenTxIds)
  const claims = new Set(claimed.map((c) => c.txId))
  const isOutcome = (tx: BackendTx) =>
    claims.has(tx.txId) ||
    (tx.lnTxId != null && tx.amountMsat >= 1000 && w.awaitingRow.has(tx.lnTxId)) ||
    paid.some((p) => p.invoice.id === tx.lnTxId)
  const told = b.bulk ? b.items.filter(isOutcome) : []
  const rest = b.bulk ? b.items.filter((tx) => !isOutcome(tx)) : b.items
  return { paid, claimed, told, rest }
}

/**
 * The invoice once paid as `f` says, or null when it is paid or expired already. A refused claim's
 * invoice paid after all is paid: the money came.
 */
export function paidInvoice(cur: PendingInvoice | undefined, f: Settlement): PendingInvoice | null {
  if (cur?.status !== 'pending' && cur?.status !== 'refused') return null
  const amountSat = f.amountSat > 0 ? f.amountSat : cur.amountSat
  return { ...cur, status: 'paid', settledAt: f.settledAt, amountSat }
}

/** The invoice once expired, or null when it is no longer pending. */
export const expiredInvoice = (cur: PendingInvoice | undefined): PendingInvoice | null =>
  cur?.status === 'pending' ? { ...cur, status: 'expired' } : null

/** The invoice once its claim was refused, or null when it is no longer pending. */
export const refusedInvoice = (cur: PendingInvoice | undefined): PendingInvoice | null =>
  cur?.status === 'pending' ? { ...cur, status: 'refused' } : null

/** The link once claimed as `c` says. */
export const claimedLink = (c: Claim): StoredWithdrawLink => ({
  ...c.link,
  status: 'claimed',
  claimedAt: c.claimedAt,
  claimedMsat: c.claimedMsat,
  claimTxId: c.txId,
})
