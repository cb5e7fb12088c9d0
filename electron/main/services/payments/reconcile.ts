// Finding out what became of payments the journal left unfinished (a crash, a lost answer): each
// is looked for in its wallet's recent transactions by the request id its passThru carries.
// Found: paid. Proven absent: failed. Anything else stays unknown, to be checked again; nothing
// is ever sent again from here.
import { decodeBolt11 } from '@shared/payment/bolt11'
import type { WalletTransaction } from '@shared/schemas/service'
import type { ServiceClient } from '../client'
import { type Journal, type JournalEntry, REQUEST_ID_KEY } from '../ledger'

/** How many of a wallet's newest transactions are searched. */
const RECENT = 200
/**
 * An address payment absent this long after it was sent is no longer on its way: the app's own
 * request gave up long before (its timeout is seconds), and the service pays in one request.
 */
const GIVE_UP_SEC = 3600

export interface ReconcileDeps {
  journal: Journal
  /** a reading client for the account the payment went out from; null when it is gone */
  clientFor(accountId: string): Pick<ServiceClient, 'listTransactions'> | null
  nowSec(): number
  /** payments this process is sending right now: not for reconciling */
  inFlight?: ReadonlySet<string>
  /** only this account's payments (after its sync); all of them when absent */
  accountId?: string
}

export async function reconcile(d: ReconcileDeps): Promise<JournalEntry[]> {
  for (const e of d.journal.unfinished(d.accountId)) {
    if (d.inFlight?.has(e.requestId)) continue
    const client = d.clientFor(e.accountId)
    if (!client) {
      if (e.state !== 'unknown') d.journal.mark(e.requestId, 'unknown', { error: 'Its account is no longer here.' })
      continue
    }
    let seen: { items: WalletTransaction[]; coversEntry: boolean }
    try {
      seen = await recent(client, e)
    } catch {
      // the service could not be asked: nothing is proven either way
      if (e.state !== 'unknown') d.journal.mark(e.requestId, 'unknown', { error: 'The service could not be asked.' })
      continue
    }
    const found = seen.items.find((t) => t.passThru[REQUEST_ID_KEY] === e.requestId && t.num_satoshis <= 0)
    if (found) d.journal.mark(e.requestId, 'paid', { txId: found.id })
    else if (e.state === 'pending')
      // written, but the process stopped before the request could leave
      d.journal.mark(e.requestId, 'failed', { error: 'It was never sent.' })
    else if (seen.coversEntry && cannotArrive(e, d.nowSec()))
      d.journal.mark(e.requestId, 'failed', { error: 'It was not paid, and can no longer be.' })
    else if (e.state !== 'unknown') d.journal.mark(e.requestId, 'unknown')
  }
  return d.journal.unfinished()
}

/** The wallet's newest transactions, and whether they reach back to before the entry was made. */
async function recent(client: Pick<ServiceClient, 'listTransactions'>, e: JournalEntry) {
  const { items, pagination } = await client.listTransactions(e.walletId, 1, RECENT)
  const oldest = items.at(-1)?.created_at
  const coversEntry = pagination.pageCount <= 1 || (oldest !== undefined && oldest < e.createdAt)
  return { items, coversEntry }
}

/** An invoice past its expiry cannot be paid any more; an address payment is given up after an hour. */
function cannotArrive(e: JournalEntry, nowSec: number): boolean {
  if (e.kind === 'invoice') {
    const inv = decodeBolt11(e.target)
    if (inv.kind === 'bolt11') return inv.expiresAt < nowSec
  }
  return nowSec - e.createdAt > GIVE_UP_SEC
}
