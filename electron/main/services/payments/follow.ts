// Following payments the journal left unfinished: reconciled at start-up, on "Check again" and
// after each sync of an account that has some. Only asks the service and marks the journal;
// nothing is ever sent again (docs/architecture.md, "Money rules").
import type { Emit, JournalView } from '@shared/contract'
import type { CallPolicy } from '../accounts'
import type { ServiceClient } from '../client'
import type { Journal } from '../ledger'
import { reconcile } from './reconcile'

export interface CheckDeps {
  journal: () => Journal
  clientFor: (accountId: string | undefined, policy: CallPolicy) => ServiceClient
  emit: Emit
  now: () => number
}

/**
 * Reconciles every unfinished payment with the service and announces the list (at start-up and
 * on "Check again"); payments this process is sending are left alone.
 */
export async function checkPayments(
  d: CheckDeps,
  inFlight?: ReadonlySet<string>,
  accountId?: string,
): Promise<JournalView[]> {
  const journal = d.journal()
  const before = JSON.stringify(journal.unfinished())
  await reconcile({
    journal,
    accountId,
    clientFor: (accountId) => {
      try {
        return d.clientFor(accountId, 'retry')
      } catch {
        return null // a removed account
      }
    },
    nowSec: () => Math.floor(d.now() / 1000),
    inFlight,
  })
  const payments = journal.unfinished()
  // after a sync, told only when something changed; at start-up and on "Check again", always
  if (!accountId || JSON.stringify(payments) !== before) d.emit('payments.updated', { payments })
  return payments
}

export interface FollowDeps extends CheckDeps {
  paying: ReadonlySet<string>
  background: (task: Promise<unknown>) => void
}

/**
 * Reconciles the journal at start-up and after each sync of an account that has unfinished
 * payments (the sync loop's afterSync), one check at a time and none queued twice. It only asks
 * and marks: nothing is ever sent again.
 */
export function followPayments(d: FollowDeps) {
  let chain: Promise<unknown> = Promise.resolve()
  const queued = new Set<string>()
  const queue = (accountId?: string) => {
    const key = accountId ?? '*'
    if (queued.has(key) || queued.has('*')) return // a check of all is on its way
    queued.add(key)
    const run = chain.then(() => {
      queued.delete(key)
      return checkPayments(d, d.paying, accountId)
    })
    chain = run.catch(() => undefined)
    d.background(run)
  }
  return {
    start: () => queue(),
    afterSync(accountId: string) {
      if (
        d
          .journal()
          .unfinished(accountId)
          .some((e) => !d.paying.has(e.requestId))
      )
        queue(accountId)
    },
  }
}
