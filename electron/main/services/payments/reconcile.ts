// Finding out what became of payments the journal left unfinished (a crash, a lost answer): each
// is looked for in its wallet's recent transactions by the request id its passThru carries.
// Found: paid. Never sent (the process stopped before the request left): failed, nothing taken.
// Anything else stays unknown, to be checked again: an absence is not the service's word, since a
// payment may still be on its way there (an answer 40 s late), so it never makes a payment failed.
// Failed payments of the last days are looked for too: one the service made after all becomes
// paid. Nothing is ever sent again from here.
import { decodeBolt11 } from '@shared/payment/bolt11'
import type { BackendClient, BackendHistoryPage, BackendTx } from '../backends'
import { mt } from '../i18n'
import { FEE_TYPE } from '../ledger'
import type { Journal, JournalEntry } from './journal'

/** How many of a wallet's newest transactions are searched. */
const RECENT = 200
/** Failed payments changed this recently are looked for too (the service may have made them after all). */
export const RECHECK_FAILED_SEC = 7 * 86_400
/**
 * An address payment absent this long after it was sent is most likely not on its way: the app's
 * own request gave up long before (its timeout is seconds), and the service pays in one request.
 */
const GIVE_UP_SEC = 3600

export interface ReconcileDeps {
  journal: Journal
  /** a reading client for the account the payment went out from; null when it is gone */
  clientFor(accountId: string): Pick<BackendClient, 'listTransactions'> | null
  /** the service's time of an account, Unix seconds (services/serviceTime): never the computer's */
  nowSec(accountId: string): number
  /** the computer's clock, Unix seconds: the journal's own `updatedAt` is on it */
  computerSec(): number
  /** payments this process is sending right now: not for reconciling */
  inFlight?: ReadonlySet<string>
  /** only this account's payments (after its sync); all of them when absent */
  accountId?: string
}

/** A payment the service was found to have made: its row and its fee rows, for the ledger. */
export interface Found {
  entry: JournalEntry
  rows: BackendTx[]
}

export async function reconcile(d: ReconcileDeps): Promise<Found[]> {
  const found: Found[] = []
  // one read per wallet and run, however many of its payments are looked for
  const lists = new Map<string, Promise<BackendHistoryPage>>()
  const read = (client: Pick<BackendClient, 'listTransactions'>, e: JournalEntry) => {
    const key = `${e.accountId}\n${e.walletId}`
    const list = lists.get(key) ?? client.listTransactions(e.walletId, 1, RECENT)
    lists.set(key, list)
    return list
  }
  const failed = d.journal.failedSince(d.computerSec() - RECHECK_FAILED_SEC, d.accountId)
  for (const e of [...d.journal.unfinished(d.accountId), ...failed]) {
    if (d.inFlight?.has(e.requestId)) continue
    const client = d.clientFor(e.accountId)
    if (!client) {
      if (e.state === 'pending') neverSent(d.journal, e)
      else if (e.state !== 'failed') d.journal.mark(e.requestId, 'unknown', { error: mt('reconcile.accountGone') })
      continue
    }
    let items: BackendTx[]
    let covers: boolean
    try {
      const { rows: list, pageCount } = await read(client, e)
      items = list
      const oldest = list.at(-1)?.createdAt
      covers = pageCount <= 1 || (oldest !== undefined && oldest < e.createdAt)
    } catch {
      // the service could not be asked: nothing is proven either way
      if (e.state !== 'failed') d.journal.mark(e.requestId, 'unknown', { error: mt('reconcile.notAsked') })
      continue
    }
    const tx = items.find((t) => isPaymentOf(t, e))
    if (tx) {
      // the service's time of it: an entry written earlier must not leave the last 24 hours early
      const entry = d.journal.mark(e.requestId, 'paid', { txId: tx.txId, atSec: tx.createdAt })
      found.push({ entry, rows: [tx, ...items.filter((t) => isFeeOf(t, tx))] })
    } else if (e.state === 'pending') neverSent(d.journal, e)
    else if (e.state !== 'failed') d.journal.mark(e.requestId, 'unknown', { error: absentWords(e, covers, d) })
  }
  return found
}

/**
 * The entry's own payment among a wallet's rows: by the request id its passThru carries. A wallet
 * that carries none (an NWC account: docs/nwc.md) is matched by the invoice's payment hash, which
 * pays once; only for a payment whose outcome is not known, never to make a failed one paid.
 */
function isPaymentOf(t: BackendTx, e: JournalEntry): boolean {
  if (t.amountMsat >= 1000) return false
  const id = t.requestId
  if (id !== null || e.state === 'failed' || e.kind !== 'invoice' || !t.lnTxId) return id === e.requestId
  // the service's fee row shares its payment's lnTx and carries no request id: never the payment
  if (t.typeName === FEE_TYPE) return false
  const inv = decodeBolt11(e.target)
  return inv.kind === 'bolt11' && t.paymentHash !== null && inv.paymentHash === t.paymentHash
}

/** Written, but the process stopped before the request could leave: nothing was taken, for certain. */
function neverSent(journal: Journal, e: JournalEntry) {
  journal.mark(e.requestId, 'failed', { error: mt('reconcile.neverSent') })
}

/** A fee row of `payment`: the service writes it beside the payment, on the same lnTx (docs/ledger.md). */
function isFeeOf(t: BackendTx, payment: BackendTx): boolean {
  return t.txId !== payment.txId && t.typeName === FEE_TYPE && !!t.lnTxId && t.lnTxId === payment.lnTxId
}

/** What an absence says: still on its way, or most likely not paid (never "failed": that is the service's word). */
function absentWords(e: JournalEntry, covers: boolean, d: ReconcileDeps): string {
  const now = d.nowSec(e.accountId)
  // an invoice is judged by its own expiry; an address payment, or an invoice that cannot be read, by the hour
  const inv = e.kind === 'invoice' ? decodeBolt11(e.target) : null
  const expiresAt = inv?.kind === 'bolt11' ? inv.expiresAt : null
  const over = expiresAt !== null ? expiresAt < now : now - e.createdAt > GIVE_UP_SEC
  if (!covers || !over) return mt('reconcile.notYet')
  return mt(expiresAt !== null ? 'reconcile.expiredAbsent' : 'reconcile.hourAbsent')
}
