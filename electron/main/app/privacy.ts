// The app lock and hidden balances, wired for createApp (docs/security.md): the lock service, which
// events are withheld while locked, and a notifier that drops amounts while they are hidden or the
// app is locked. The router asks `lock.isLocked()` itself.
import { type EventName, eventsWhileLocked, type LockStatus, type Settings } from '@shared/contract'
import type { Logger } from '../log'
import { createLockService, type LockService, type OsCheck } from '../services/lock'
import { type DesktopNotifier, maskingNotifier, type Notifier } from '../services/notify'
import type { SettingsStore } from '../services/settings'

export interface Privacy {
  lock: LockService
  /** true for an event that must not leave now: the app is locked and it carries money data */
  withholds(event: EventName): boolean
  /** the notifier every notification goes through: the only one the services are given */
  notifier: Notifier
}

/** Notifications show no amount while balances are hidden, nor while locked unless the person allowed it. */
export const masksAmounts = (s: Pick<Settings, 'hideBalances' | 'lock'>, locked: boolean): boolean =>
  s.hideBalances || (locked && !s.lock.notifyAmounts)

export function createPrivacy(o: {
  settings: SettingsStore
  now: () => number
  /** the lock's state changed (announced by createApp, whose emitter asks `withholds`) */
  changed: (status: LockStatus) => void
  /** the desktop's own (the shell's): reached through `notifier` alone */
  notifier: DesktopNotifier
  osCheck?: OsCheck | null
  log: Logger
  /** the app was unlocked: what was withheld meanwhile (the tray's balances) is read again */
  unlocked: () => void
}): Privacy {
  let wasLocked = false
  const lock = createLockService({
    settings: o.settings,
    now: o.now,
    osCheck: o.osCheck,
    log: o.log,
    changed: (status) => {
      o.changed(status)
      if (wasLocked && !status.locked) o.unlocked()
      wasLocked = status.locked
    },
  })
  return {
    lock,
    withholds: (event) => eventsWhileLocked[event] === 'withheld' && lock.isLocked(),
    // a start that failed keeps amounts out whatever the settings say (they may not be the person's)
    notifier: maskingNotifier(
      o.notifier,
      () => !lock.started() || masksAmounts(o.settings.current().settings, lock.isLocked()),
    ),
  }
}
