// Following payments the journal left unfinished: reconciled at start-up, on "Check again" and
// after each sync of an account that has some. Only asks the service and marks the journal;
// nothing is ever sent again (docs/money.md, "Money rules"). A payment found made is
// written into the ledger at once, so Transactions lists it before the next sync; a payment once
// failed that the service turns out to have made becomes paid, and the person is told, once.
import type { Emit, JournalView } from '@shared/contract'
import type { CallPolicy } from '../accounts'
import { type BackendClient, ledgerRow } from '../backends'
import type { Ledger } from '../ledger'
import { type Notifier, recoveredNotification, showNotification, wordsShown } from '../notify'
import type { Journal, JournalEntry } from './journal'
import { type Found, RECHECK_FAILED_SEC, reconcile } from './reconcile'

export { recoveredTitle } from '../notify'

export interface CheckDeps {
  journal: () => Journal
  clientFor: (accountId: string | undefined, policy: CallPolicy) => BackendClient
  emit: Emit
  /** the computer's clock, ms */
  now: () => number
  /** the service's time of an account, Unix seconds (services/serviceTime); the computer's when absent */
  serviceNowSec?: (accountId: string) => number
  /** where a payment found made is written at once (docs/ledger.md); absent: the next sync brings it */
  ledger?: () => Pick<Ledger, 'insertBatch' | 'byRequestId'>
  /** tells the person about a payment once failed that went through (and whether notifications are on) */
  notifier?: Notifier
  notificationsOn?: () => boolean
}

export interface CheckResult {
  /** what is still unfinished */
  payments: JournalView[]
  /** what this check settled: paid, or failed with nothing taken */
  settled: JournalView[]
}

/**
 * Reconciles every unfinished payment with the service and announces the list (at start-up and
 * on "Check again"); payments this process is sending are left alone.
 */
export async function checkPayments(
  d: CheckDeps,
  inFlight?: ReadonlySet<string>,
  accountId?: string,
): Promise<CheckResult> {
  const journal = d.journal()
  const before = journal.unfinished()
  const found = await reconcile({
    journal,
    accountId,
    clientFor: (accountId) => {
      try {
        return d.clientFor(accountId, 'retry')
      } catch {
        return null // a removed account
      }
    },
    nowSec: (id) => d.serviceNowSec?.(id) ?? Math.floor(d.now() / 1000),
    computerSec: () => Math.floor(d.now() / 1000),
    inFlight,
  })
  store(d, found)
  tellRecovered(d)
  const payments = journal.unfinished()
  const still = new Set(payments.map((p) => p.requestId))
  const settled = before.flatMap((e) => (still.has(e.requestId) ? [] : (journal.get(e.requestId) ?? [])))
  // after a sync, told only when something changed; at start-up and on "Check again", always
  if (!accountId || JSON.stringify(payments) !== JSON.stringify(before)) d.emit('payments.updated', { payments })
  return { payments, settled }
}

/** The rows of payments found made go into the ledger now: Transactions need not wait for a sync. */
function store(d: CheckDeps, found: readonly Found[]) {
  const ledger = d.ledger?.()
  if (!ledger) return
  for (const { entry, rows } of found) {
    try {
      // oldest first, as the sync stores them; a row synced already changes nothing (unique id)
      const res = ledger.insertBatch(
        entry.accountId,
        rows.map((t) => ledgerRow({ ...t, walletId: entry.walletId })).reverse(),
        {
          announce: false,
        },
      )
      if (res.inserted > 0) d.emit('ledger.updated', { accountId: entry.accountId, walletIds: [entry.walletId] })
    } catch {
      // the ledger is a cache: the next sync brings the row
    }
  }
}

/**
 * Each payment once failed and then seen made is told once: marked told, then shown, so a crash
 * between the two loses that one word rather than saying it twice (as the sync's outbox does).
 */
export function tellRecovered(d: CheckDeps): void {
  const journal = d.journal()
  for (const e of journal.recoveredUntold()) {
    journal.markRecoveredTold(e.requestId)
    const n = recoveredNotification(e)
    // the banner in the app says what the notification may say now (no notifier: the plain words)
    const words = d.notifier ? d.notifier.wordsNow(n) : wordsShown(n, true)
    d.emit('notice', { level: 'warning', message: `${words.title}: ${words.body}` })
    if (d.notifier) showNotification({ notifier: d.notifier, emit: d.emit, enabled: d.notificationsOn?.() ?? true }, n)
  }
}

/** Payments of this account the ledger already holds (a sync stored their rows): paid, no request needed. */
function paidInLedger(d: CheckDeps, accountId: string, inFlight: ReadonlySet<string>): boolean {
  const ledger = d.ledger?.()
  if (!ledger) return false
  const journal = d.journal()
  const since = Math.floor(d.now() / 1000) - RECHECK_FAILED_SEC
  let changed = false
  for (const e of [...journal.unfinished(accountId), ...journal.failedSince(since, accountId)]) {
    // never left: it cannot be there; being sent: its own answer decides
    if (e.state === 'pending' || inFlight.has(e.requestId)) continue
    const row = storedRowOf(ledger, e)
    if (!row) continue
    journal.mark(e.requestId, 'paid', row)
    changed = true
  }
  return changed
}

/** the payment's row: its id, and the service's time of it (an entry written earlier moves on to it) */
function storedRowOf(ledger: Pick<Ledger, 'byRequestId'>, e: JournalEntry): { txId: string; atSec: number } | null {
  try {
    const row = ledger.byRequestId(e.accountId, e.requestId)
    return row && row.amountMsat <= 0 ? { txId: row.txId, atSec: row.createdAt } : null
  } catch {
    return null
  }
}

export interface FollowDeps extends CheckDeps {
  /** request ids this process is sending now (createPayments.ts): never reconciled meanwhile */
  inFlight: ReadonlySet<string>
  background: (task: Promise<unknown>) => void
}

/**
 * Reconciles the journal at start-up, on "Check again" and after each sync of an account that has
 * unfinished payments (the sync loop's afterSync), one check at a time in one queue, and none
 * queued twice in the background. It only asks and marks: nothing is ever sent again.
 */
export function followPayments(d: FollowDeps) {
  let chain: Promise<unknown> = Promise.resolve()
  const queued = new Set<string>()
  const next = (accountId?: string, started = () => {}) => {
    const run = chain.then(() => {
      started()
      return checkPayments(d, d.inFlight, accountId)
    })
    chain = run.catch(() => undefined)
    return run
  }
  const queue = (accountId?: string) => {
    const key = accountId ?? '*'
    if (queued.has(key) || queued.has('*')) return // a check of all is on its way
    queued.add(key)
    d.background(next(accountId, () => queued.delete(key)))
  }
  return {
    start: () => queue(),
    /** "Check again": every unfinished payment, after any check on its way; what it found */
    check: () => next(),
    afterSync(accountId: string) {
      // the sync may have stored the row of a payment thought unknown or failed
      if (paidInLedger(d, accountId, d.inFlight)) {
        tellRecovered(d)
        d.emit('payments.updated', { payments: d.journal().unfinished() })
      }
      if (
        d
          .journal()
          .unfinished(accountId)
          .some((e) => !d.inFlight.has(e.requestId))
      )
        queue(accountId)
    },
  }
}
