// Turning a settlement (or a claimed withdraw link) into a desktop notification. Pure text
// building plus a thin adapter over Electron's Notification class, which is passed in so tests
// use a fake and the shell stays thin.
import { APP_NAME, type Emit, type NavigateTarget, type PendingInvoice, type WithdrawLinkView } from '@shared/contract'
import { formatMsat, formatSat } from '@shared/units'
import { mainLocale, mt } from '../i18n'
import { inertText, notificationLine } from './text'

export { inertText, notificationLine } from './text'

export interface NotificationInput {
  title: string
  body: string
  /**
   * The same news with no amount and no memo, shown instead while amounts are hidden or the app
   * is locked (`maskingNotifier`). Without it a masked notification says only that there is news.
   */
  plain?: { title: string; body: string }
  onClick?: () => void
}

export interface Notifier {
  show(n: NotificationInput): void
  isSupported(): boolean
}

export interface NotificationModel {
  title: string
  body: string
  /** the words without any amount or memo (docs/security.md, "Hide balances") */
  plain: { title: string; body: string }
  /** the screen a click opens */
  target: NavigateTarget
}

// Memos and wallet names are untrusted text (./text.ts makes them inert), each kept to one short
// line so a long memo cannot push the wallet name out of view.
const LINE_MAX = 120
const oneLine = (text: string) => notificationLine(text, LINE_MAX)
/** the last pass before the daemon, whoever built the text: inert, and never a wall of text */
const TITLE_MAX = 120
const BODY_MAX = 400

export function settlementNotification(inv: PendingInvoice, walletLabel: string): NotificationModel {
  const memo = oneLine(inv.memo)
  const wallet = mt('main.notify.toWallet', { wallet: oneLine(walletLabel) })
  return {
    // The amount received, as the service reported it when settled (an amountless invoice asked none).
    title:
      inv.amountSat > 0
        ? mt('main.notify.received', { amount: formatSat(inv.amountSat, { locale: mainLocale() }) })
        : mt('main.notify.paymentReceived'),
    body: memo ? `${memo}\n${wallet}` : wallet,
    plain: { title: mt('main.notify.paymentReceived'), body: wallet },
    target: { to: 'transaction', walletId: inv.walletId, lnTxId: inv.id, txId: null },
  }
}

export function withdrawNotification(
  link: WithdrawLinkView,
  walletLabel: string,
  claimTxId: string | null,
): NotificationModel {
  const memo = oneLine(link.memo)
  const wallet = mt('main.notify.fromWallet', { wallet: oneLine(walletLabel) })
  const locale = mainLocale()
  const amount =
    link.claimedMsat === null ? formatSat(link.amountSat, { locale }) : formatMsat(link.claimedMsat, { locale })
  return {
    title: mt('main.notify.withdrawClaimedAmount', { amount }),
    body: memo ? `${memo}\n${wallet}` : wallet,
    plain: { title: mt('main.notify.withdrawClaimed'), body: wallet },
    target: claimTxId
      ? { to: 'transaction', walletId: link.walletId, lnTxId: null, txId: claimTxId }
      : { to: 'transactions', walletId: link.walletId },
  }
}

/**
 * Shows the notification when the person wants them and the desktop can; a click asks the
 * renderer (through main) to open the transaction. Returns whether one was shown.
 */
export function showNotification(
  deps: { notifier: Notifier; emit: Emit; enabled: boolean },
  model: NotificationModel,
): boolean {
  if (!deps.enabled || !deps.notifier.isSupported()) return false
  deps.notifier.show({
    title: model.title,
    body: model.body,
    plain: model.plain,
    onClick: () => deps.emit('navigate', model.target),
  })
  return true
}

/** What a masked notification without words of its own says: that there is news, nothing more. */
export const maskedFallback = () => ({ title: APP_NAME, body: mt('main.notify.openToSee') })

/**
 * A Notifier that, while `masked()` (amounts hidden, or the app locked), shows each notification's
 * plain words instead: no amount and no memo, whoever built it. Everything shown goes through here.
 */
export function maskingNotifier(notifier: Notifier, masked: () => boolean): Notifier {
  return {
    isSupported: () => notifier.isSupported(),
    show(n) {
      if (!masked()) return notifier.show(n)
      const words = n.plain ?? maskedFallback()
      notifier.show({ title: words.title, body: words.body, onClick: n.onClick })
    },
  }
}

/** The slice of Electron's `Notification` class the adapter uses. */
export interface ElectronNotificationLike {
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown
  show(): void
}
export interface ElectronNotificationClass {
  new (opts: { title: string; body: string; silent?: boolean }): ElectronNotificationLike
  isSupported(): boolean
}

/**
 * A Notifier over Electron's Notification. Shown notifications are kept referenced until closed,
 * clicked or failed: Electron drops the click handler of a notification that was garbage-collected.
 * `onShowWindow` brings the window forward before the click handler navigates. `failed` comes
 * when the system refuses to show one (macOS refuses an app that is not code-signed).
 */
export function createElectronNotifier(
  Notification: ElectronNotificationClass,
  opts: { onShowWindow?: () => void; onFailed?: (error: unknown) => void } = {},
): Notifier & { live(): number } {
  const live = new Set<ElectronNotificationLike>()
  return {
    isSupported: () => Notification.isSupported(),
    show(n) {
      const title = notificationLine(n.title, TITLE_MAX)
      const body = Array.from(inertText(n.body)).slice(0, BODY_MAX).join('')
      const note = new Notification({ title, body })
      live.add(note)
      note.on('click', () => {
        live.delete(note)
        opts.onShowWindow?.()
        n.onClick?.()
      })
      note.on('close', () => live.delete(note))
      note.on('failed', (...args: unknown[]) => {
        live.delete(note)
        opts.onFailed?.(args[1])
      })
      note.show()
    },
    live: () => live.size,
  }
}
