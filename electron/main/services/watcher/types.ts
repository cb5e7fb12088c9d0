// What the rest of the app may ask of the invoice watcher: the handlers (track, list, focus,
// check), the shell (sleep, wake and network hooks, the tray's pending count) and the app (start,
// stop). createInvoiceWatcher is today's implementation.
import type { PendingInvoice, WithdrawLinkView } from '@shared/contract'

export interface InvoiceWatcher {
  /** rejects with WatcherNotSavedError when it is watched but the file could not be written */
  track(inv: PendingInvoice): Promise<void>
  /** `accountId`: the account that minted the link (the active one when absent) */
  trackWithdraw(link: WithdrawLinkView, accountId?: string): Promise<void>
  list(): PendingInvoice[]
  listWithdraws(): WithdrawLinkView[]
  /** the Receive screen shows this invoice (null: none): poll it faster */
  focus(id: string | null): void
  check(id: string): Promise<PendingInvoice>
  pendingCount(): number
  start(): void
  stop(): Promise<void>
  /** resolves when no poll or write is in progress (tests and shutdown) */
  idle(): Promise<void>
  onResume(): void
  onOnline(): void
  onOffline(): void
}
