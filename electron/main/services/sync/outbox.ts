// The announcement outbox: rows stored as news and not told yet, oldest first. Each is marked told,
// then shown (if it is news), so a crash between the two loses one banner, never shows two.

import { showNotification } from '../notify'
import type { SyncIo } from './deps'
import { announcement } from './outcomes'
import { invoicesOf, linksOf } from './watched'

export function drainOutbox(io: SyncIo): void {
  const { deps } = io
  const ledger = deps.ledger()
  const enabled = deps.settings().notifications
  for (;;) {
    const rows = ledger.unannounced(100)
    if (rows.length === 0) return
    const invoices = new Map(invoicesOf(ledger, io.unsaved).map((i) => [i.id, i]))
    const links = linksOf(ledger, io.unsaved)
    for (const row of rows) {
      const label = io.state(row.accountId).labels.get(row.walletId) ?? row.walletLabel ?? row.walletId
      const byRow = {
        invoice: (id: string) => invoices.get(id),
        claimedBy: (txId: string) => links.find((l) => l.accountId === row.accountId && l.claimTxId === txId),
      }
      const model = announcement(row, byRow, label)
      ledger.markAnnounced([row.rowId])
      if (model) showNotification({ notifier: deps.notifier, emit: deps.emit, enabled }, model)
      deps.announced?.(row)
    }
  }
}
