// An invoice an app made with a zap in its metadata, once paid: the zap is kept on its ledger row,
// "via" that app (ledger/zap.ts), since the wallet's own row does not say who zapped.
import type { Ledger, LedgerTx } from '../ledger'
import { zapOf } from '../ledger/zap'
import type { NwcStore } from './store'

export function zapNoter(store: () => NwcStore, ledger: () => Pick<Ledger, 'noteZap'>) {
  return (row: LedgerTx) => {
    const kept = row.amountMsat > 0 && row.paymentHash ? store().metadataWith(row.paymentHash) : null
    if (!kept) return
    const app = kept.connectionId ? store().get(kept.connectionId)?.name : null
    const zap = zapOf(JSON.parse(kept.json), null, app)
    if (zap) ledger().noteZap(row.accountId, row.txId, zap)
  }
}

/** NIP-47's `metadata` of the invoices apps make, kept by payment hash in nwc.sqlite (methods.ts) */
export function metadataKept(store: () => NwcStore, nowSec: () => number) {
  return {
    keep: (hash: string, json: string, connectionId: string) =>
      store().keepMetadata(hash, json, nowSec(), connectionId),
    of: (hash: string) => store().metadataOf(hash),
  }
}
