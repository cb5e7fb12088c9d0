// What the synced rows mean for the app's own records, and what the person is told about them.
// Pure: an invoice is paid when a row carries its lnTx; a withdraw link is claimed when a
// withdrawal row carries its token (`withdrawToken`), or failing that by the fallback below; and
// each new row of the announcement outbox becomes at most one notification.
import type { PendingInvoice } from '@shared/contract'
import type { BackendTx } from '../backends'
import type { LedgerTx, StoredWithdrawLink } from '../ledger'
import { type Notification, receivedNotification, settlementNotification, withdrawNotification } from '../notify'

/**
 * A link's time is the app's estimate of the service's clock when it was minted (services/serviceTime),
 * right to within a second or two; a claim may be stamped just before the link.
 */
export const CLOCK_SLACK_SEC = 60

export interface Settlement {
  invoice: PendingInvoice
  settledAt: number
  /** what the wallet actually received */
  amountSat: number
}

export interface Claim {
  link: StoredWithdrawLink
  claimedAt: number
  txId: string
  /** what the claim actually took (the withdrawal's amount, fee not included) */
  claimedMsat: number
}

const msatOf = (tx: BackendTx) => Math.abs(tx.amountMsat)
/** whole sats, toward zero, as the service counts them */
const satOf = (tx: BackendTx) => Math.trunc(tx.amountMsat / 1000)

export function matchTransactions(
  items: readonly BackendTx[],
  invoices: readonly PendingInvoice[],
  links: readonly StoredWithdrawLink[],
  /** wallet transactions already taken as the claim of some link */
  takenTxIds: ReadonlySet<string>,
): { paid: Settlement[]; claimed: Claim[] } {
  const byLnTx = new Map(invoices.map((i) => [i.id, i]))
  const paid: Settlement[] = []
  for (const tx of items) {
    const inv = tx.lnTxId ? byLnTx.get(tx.lnTxId) : undefined
    if (!inv || satOf(tx) <= 0) continue
    byLnTx.delete(inv.id)
    paid.push({ invoice: inv, settledAt: tx.settledAt ?? tx.createdAt, amountSat: satOf(tx) })
  }

  const claimed: Claim[] = []
  const claim = (link: StoredWithdrawLink, tx: BackendTx) =>
    claimed.push({ link, claimedAt: tx.createdAt, txId: tx.txId, claimedMsat: msatOf(tx) })
  const waiting = new Map(links.map((l) => [l.ott, l]))
  const withdrawals = items.filter((tx) => tx.typeName === 'ln_lnurl_withdraw' && !takenTxIds.has(tx.txId))
  const anonymous: BackendTx[] = []
  for (const tx of withdrawals) {
    const ott = tx.withdrawToken
    if (ott === undefined) {
      anonymous.push(tx)
      continue
    }
    const link = waiting.get(ott)
    if (!link) continue // another link's claim (one this app did not mint, or one already claimed)
    waiting.delete(ott)
    claim(link, tx)
  }
  // Fallback when the service does not echo the token: the oldest withdraw after the link was
  // made, no larger than the link allows, each transaction taken once, oldest link first.
  const candidates = anonymous.sort((a, b) => a.createdAt - b.createdAt)
  for (const link of [...waiting.values()].sort((a, b) => a.createdAt - b.createdAt)) {
    const i = candidates.findIndex(
      (tx) => tx.createdAt >= link.createdAt - CLOCK_SLACK_SEC && Math.abs(satOf(tx)) <= link.amountSat,
    )
    if (i < 0) continue
    const [tx] = candidates.splice(i, 1)
    if (tx) claim(link, tx)
  }
  return { paid, claimed }
}

/** The app's records a row may be the outcome of, found by the row's ids. */
export interface RecordsByRow {
  invoice(lnTxId: string): PendingInvoice | undefined
  claimedBy(txId: string): StoredWithdrawLink | undefined
}

/**
 * The notification for a row of the outbox, or null when it is not news: money leaving a wallet
 * is told by the screen that sent it, except a withdraw link of the app being claimed.
 */
export function announcement(row: LedgerTx, records: RecordsByRow, walletLabel: string): Notification | null {
  const inv = row.lnTxId ? records.invoice(row.lnTxId) : undefined
  if (inv && row.amountMsat > 0)
    return settlementNotification({ ...inv, amountSat: Math.floor(row.amountMsat / 1000) }, walletLabel)
  const link = records.claimedBy(row.txId)
  if (link) return withdrawNotification(link, walletLabel, row.txId)
  return row.amountMsat > 0 ? receivedNotification(row, walletLabel) : null
}
