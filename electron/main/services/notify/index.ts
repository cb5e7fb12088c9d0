// Desktop notifications: what they say is built in ./kinds.ts, one builder per kind; this is how
// they reach the desktop. Services hold a `Notifier` (made by app/privacy.ts), which shows only the
// words the privacy rule allows now; the shell's `DesktopNotifier` (a thin adapter over Electron's
// Notification class, passed in so tests use a fake) takes words only, so it cannot be handed to a
// service in its place: the two types do not fit each other.
import type { Emit } from '@shared/contract'
import { type Notification, type Words, wordsShown } from './kinds'
import { inertText, notificationLine } from './text'

export {
  connectionPaidNotification,
  type Notification,
  notificationKinds,
  receivedNotification,
  recoveredNotification,
  recoveredTitle,
  settlementNotification,
  type Words,
  withdrawNotification,
  wordsShown,
} from './kinds'
export { inertText, notificationLine } from './text'

/** Words as the desktop shows them, and what a click does. */
export interface ShownNotification extends Words {
  onClick?: () => void
}

/** The desktop's notifications (Electron's, or a test's recorder): words only, no privacy of its own. */
export interface DesktopNotifier {
  show(n: ShownNotification): void
  isSupported(): boolean
}

/** How the app's services notify: every notification through the privacy rule (app/privacy.ts). */
export interface Notifier {
  show(n: Notification, onClick?: () => void): void
  isSupported(): boolean
  /** the words of `n` the privacy rule allows now: a notice inside the app says no more */
  wordsNow(n: Notification): Words
}

/**
 * The one way to the desktop: while `masked()` (amounts hidden, or the app locked without amounts
 * allowed then), each notification's plain words, never its amount, memo or payee.
 */
export function maskingNotifier(desktop: DesktopNotifier, masked: () => boolean): Notifier {
  const wordsNow = (n: Notification) => wordsShown(n, masked())
  return {
    isSupported: () => desktop.isSupported(),
    wordsNow,
    show: (n, onClick) => desktop.show({ ...wordsNow(n), onClick }),
  }
}

/**
 * Shows the notification when the person wants them and the desktop can; a click asks the
 * renderer (through main) to open what it is about. Returns whether one was shown.
 */
export function showNotification(deps: { notifier: Notifier; emit: Emit; enabled: boolean }, n: Notification): boolean {
  if (!deps.enabled || !deps.notifier.isSupported()) return false
  const target = n.target
  deps.notifier.show(n, target ? () => deps.emit('navigate', target) : undefined)
  return true
}

/** the last pass before the daemon, whoever built the text: inert, and never a wall of text */
const TITLE_MAX = 120
const BODY_MAX = 400

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
 * A DesktopNotifier over Electron's Notification. Shown notifications are kept referenced until closed,
 * clicked or failed: Electron drops the click handler of a notification that was garbage-collected.
 * `onShowWindow` brings the window forward before the click handler navigates. `failed` comes
 * when the system refuses to show one (macOS refuses an app that is not code-signed).
 */
export function createElectronNotifier(
  Notification: ElectronNotificationClass,
  opts: { onShowWindow?: () => void; onFailed?: (error: unknown) => void } = {},
): DesktopNotifier & { live(): number } {
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
