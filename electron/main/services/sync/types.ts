// What the rest of the app may ask of the sync loop: the handlers (track, list, focus, check), the
// shell (sleep, wake and network hooks, the tray's pending count) and the app (start, stop, the
// accounts it syncs).
import type { PendingInvoice, WithdrawLinkView } from '@shared/contract'

export interface SyncLoop {
  /** rejects with SyncNotSavedError when it is watched but could not be stored */
  track(inv: PendingInvoice): Promise<void>
  /** `accountId`: the account that minted the link (the active one when absent) */
  trackWithdraw(link: WithdrawLinkView, accountId?: string): Promise<void>
  list(): PendingInvoice[]
  listWithdraws(): WithdrawLinkView[]
  /** the Receive screen shows this invoice (null: none): poll it faster */
  focus(id: string | null): void
  /** the Withdraw screen shows this link (null: none): its account ticks as often as for a fresh one */
  focusLink(ott: string | null): void
  check(id: string): Promise<PendingInvoice>
  /**
   * the server of a withdraw link refused the claim this invoice was made for: it is no longer
   * waited on nor listed (false: it was not pending any more)
   */
  refuse(id: string): boolean
  pendingCount(): number
  /** where the first sync of each wallet of an account is: pages read of pages known */
  progress(accountId: string): { walletId: string; done: boolean; page: number; total: number | null }[]
  start(): void
  stop(): Promise<void>
  /** resolves when no tick or read is in progress (tests and shutdown) */
  idle(): Promise<void>
  /** the window was shown: its active account's next tick comes at the on-screen pace */
  windowShown(): void
  /**
   * the rounds of the account's tick begun so far: a test that must see a whole tick go by (and
   * tell nothing) waits for one more to begin, then for idle()
   */
  ticks(accountId: string): number
  /** the settings changed: the next ticks follow the new poll interval from now */
  settingsChanged(): void
  /** the app's accounts changed: sync the new ones, forget the removed ones */
  accountsChanged(): void
  /** an account was given a new key: its backoff from the refused one ends, and it syncs now */
  keyReplaced(accountId: string): void
  /** the account's wallet said a payment happened (an NWC notification): it syncs now */
  nudge(accountId: string): void
  onResume(): void
  onOnline(): void
  onOffline(): void
}
