// Events main sends to the renderer (and the tray), and which of them still go while locked.
import { z } from 'zod'
import type { EventName } from '../channels'
import { LockStatus } from '../lock'
import { AccountView } from './accounts'
import { id, int } from './base'
import { PendingInvoice } from './invoices'
import { WithdrawLinkView } from './links'
import { nwcEvents, nwcEventsWhileLocked } from './nwc'
import { JournalList } from './payments'
import { RatesView, Settings } from './settings'
import { WalletView } from './wallets'

export const NavigateTarget = z.discriminatedUnion('to', [
  z.object({ to: z.literal('home') }),
  z.object({ to: z.literal('receive'), walletId: id.optional() }),
  z.object({ to: z.literal('send'), address: z.string().optional() }),
  z.object({ to: z.literal('withdraw'), walletId: id.optional() }),
  z.object({ to: z.literal('transactions'), walletId: id.optional() }),
  z.object({ to: z.literal('transaction'), walletId: id, lnTxId: id.nullable(), txId: id.nullable() }),
  z.object({ to: z.literal('scan') }),
  /** someone's LNURL-withdraw to claim (a scan, a lightning: link) */
  z.object({ to: z.literal('claim'), lnurl: z.string().max(2100) }),
  z.object({ to: z.literal('settings') }),
  /** an app asking to be connected (a nostr+walletauth:// or nostrnwc://connect link): its approval screen */
  z.object({ to: z.literal('pair'), link: z.string().max(4096) }),
])
export type NavigateTarget = z.infer<typeof NavigateTarget>

/** something payable found on the clipboard as the window opened: its kind and normalized value */
export const ClipboardOffer = z.object({
  kind: z.enum(['invoice', 'address', 'withdraw', 'pair']),
  value: z.string().min(1).max(8192),
  /** the server a look-up would reach, named before the person presses anything; none for an invoice */
  host: z.string().max(300).optional(),
})
export type ClipboardOffer = z.infer<typeof ClipboardOffer>

/** Whether the active account's service works: `error` = it answers, but in a way that means nothing works. */
export const ConnectionState = z.enum(['online', 'offline', 'error'])
export type ConnectionState = z.infer<typeof ConnectionState>
/** Why it is in error: the key was refused (401), may not read the wallets (403), or the service fails (5xx). */
export const ConnectionProblem = z.enum(['key_refused', 'key_not_allowed', 'service_error'])
export type ConnectionProblem = z.infer<typeof ConnectionProblem>

export const events = {
  'invoice.updated': PendingInvoice,
  'withdraw.updated': WithdrawLinkView,
  /** one more voucher of a sheet was made (`requestId` of the vouchers.create it belongs to) */
  'vouchers.progress': z.object({ requestId: z.string(), made: int.nonnegative(), count: int.positive() }),
  'wallets.updated': z.object({ wallets: z.array(WalletView) }),
  'settings.updated': Settings,
  'accounts.updated': z.object({ accounts: z.array(AccountView), activeId: id.nullable() }),
  /** main asks the renderer to show a screen (tray menu, notification click, lightning: link) */
  navigate: NavigateTarget,
  /** plain notices: a corrupt settings file set aside, no keychain, service back online */
  notice: z.object({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
  /**
   * the active account's service: reached, unreachable, or answering in a way that means nothing
   * works (`reason`) (docs/sync.md, "Connection state")
   */
  connection: z.object({
    state: ConnectionState,
    reason: ConnectionProblem.nullable(),
    message: z.string().nullable(),
  }),
  'rates.updated': RatesView,
  // sync loop: new rows of these wallets are in the ledger (the history screen reloads)
  'ledger.updated': z.object({ accountId: id, walletIds: z.array(id) }),
  /** payments in flight or of unknown outcome changed (the journal) */
  'payments.updated': JournalList,
  /** rows written so far by the history.exportCsv of `requestId` */
  'history.progress': z.object({ requestId: z.string(), done: int.nonnegative(), total: int.nonnegative() }),
  /** rows of the account's history its first sync has stored, of the service's count (`loaded === total`: all) */
  'sync.progress': z.object({ accountId: id, loaded: int.nonnegative(), total: int.nonnegative() }),
  /** the clipboard holds something payable as the window opened (see ClipboardOffer) */
  'clipboard.offer': ClipboardOffer,
  'lock.changed': LockStatus,
  ...nwcEvents,
} as const satisfies Record<EventName, z.ZodType>

export type Events = typeof events

/**
 * Which events still reach the renderer while the app is locked: `withheld` ones are dropped, not
 * queued (the page loads what it needs again once unlocked). Every event has an entry.
 */
export const eventsWhileLocked = {
  'invoice.updated': 'withheld',
  'withdraw.updated': 'withheld',
  'vouchers.progress': 'withheld',
  'wallets.updated': 'withheld',
  'settings.updated': 'sent',
  'accounts.updated': 'withheld',
  navigate: 'withheld',
  notice: 'sent',
  connection: 'sent',
  'rates.updated': 'withheld',
  'ledger.updated': 'withheld',
  'payments.updated': 'withheld',
  'history.progress': 'withheld',
  'sync.progress': 'withheld',
  'clipboard.offer': 'withheld',
  'lock.changed': 'sent',
  ...nwcEventsWhileLocked,
} as const satisfies Record<EventName, 'sent' | 'withheld'>
export type EventPayload<K extends EventName> = z.output<Events[K]>

/** How main sends an event to the renderer (and the tray): the one sending signature. */
export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void
