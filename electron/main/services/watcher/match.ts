// Pure matching of one wallet's recent transactions against what the watcher waits for.
import type { PendingInvoice } from '@shared/contract'
import type { WalletTransaction } from '@shared/schemas/service'
import type { StoredWithdraw } from './store'

/** Service and local clocks may differ a little; a claim may be stamped just before the link. */
export const CLOCK_SLACK_SEC = 60

export interface Settlement {
  invoice: PendingInvoice
  settledAt: number
  /** what the wallet actually received */
  amountSat: number
}

export interface Claim {
  stored: StoredWithdraw
  claimedAt: number
  txId: string
  /** what the claim took (the withdrawal without its fee), which may be less than the link's amount */
  amountMsat: number
}

const claimOf = (stored: StoredWithdraw, tx: WalletTransaction): Claim => ({
  stored,
  claimedAt: tx.created_at,
  txId: tx.id,
  amountMsat: Math.abs(tx.num_msat ?? tx.num_satoshis * 1000),
})

export function matchTransactions(
  items: readonly WalletTransaction[],
  invoices: readonly PendingInvoice[],
  links: readonly StoredWithdraw[],
  /** wallet transactions already taken as the claim of some link */
  takenTxIds: ReadonlySet<string>,
): { paid: Settlement[]; claimed: Claim[] } {
  const byLnTx = new Map(invoices.map((i) => [i.id, i]))
  const paid: Settlement[] = []
  for (const tx of items) {
    const inv = tx.lnTx ? byLnTx.get(tx.lnTx.id) : undefined
    if (!inv || tx.num_satoshis <= 0) continue
    byLnTx.delete(inv.id)
    paid.push({ invoice: inv, settledAt: tx.lnTx?.settled_at ?? tx.created_at, amountSat: tx.num_satoshis })
  }

  const claimed: Claim[] = []
  const waiting = new Map(links.map((l) => [l.link.ott, l]))
  const withdrawals = items.filter((tx) => tx.wtxType.name === 'ln_lnurl_withdraw' && !takenTxIds.has(tx.id))
  const anonymous: WalletTransaction[] = []
  for (const tx of withdrawals) {
    const ott = tx.passThru.ott
    if (typeof ott !== 'string') {
      anonymous.push(tx)
      continue
    }
    const stored = waiting.get(ott)
    if (!stored) continue // another link's claim (one this app did not mint, or one already claimed)
    waiting.delete(ott)
    claimed.push(claimOf(stored, tx))
  }
  // Fallback when the service does not echo the token: the oldest withdraw after the link was
  // made, no larger than the link allows, each transaction taken once, oldest link first.
  const candidates = anonymous.sort((a, b) => a.created_at - b.created_at)
  for (const stored of [...waiting.values()].sort((a, b) => a.link.createdAt - b.link.createdAt)) {
    const i = candidates.findIndex(
      (tx) =>
        tx.created_at >= stored.link.createdAt - CLOCK_SLACK_SEC && Math.abs(tx.num_satoshis) <= stored.link.amountSat,
    )
    if (i < 0) continue
    const [tx] = candidates.splice(i, 1)
    if (tx) claimed.push(claimOf(stored, tx))
  }
  return { paid, claimed }
}
