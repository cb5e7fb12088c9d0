// The settings the desktop carries out rather than the app: the global shortcuts (open the app,
// lock it) and start at login. Applied at start and on every settings change, each only when it changed.
import type { Settings } from '@shared/contract'
import type { GlobalShortcut, Settings as LoginItemSettings } from 'electron'
import type { Autostart } from '../services/autostart'
import { mt } from '../services/i18n'

type Notice = { level: 'info' | 'warning' | 'error'; message: string }

export interface DesktopSettings {
  apply(
    settings: Pick<Settings, 'shortcut' | 'openAtLogin'> & { lock?: Pick<Settings['lock'], 'shortcut'> },
  ): Promise<void>
  dispose(): void
}

export function shortcutRefused(shortcut: string, reason: 'taken' | 'invalid', what: 'open' | 'lock' = 'open'): string {
  return reason === 'taken'
    ? mt('desktop.shortcutTaken', { what, shortcut })
    : mt('desktop.shortcutInvalid', { shortcut })
}

type Keys = Pick<GlobalShortcut, 'register' | 'unregister'>

/** One global shortcut: registered when set, swapped on change, a refusal told once. */
function shortcutSlot(
  keys: Keys,
  onPress: () => void,
  refused: (shortcut: string, reason: 'taken' | 'invalid') => void,
) {
  /** the shortcut asked for last (registered or refused: a refusal is told once) */
  let shortcut = ''
  let registered = false
  const drop = () => {
    if (registered) keys.unregister(shortcut)
    registered = false
  }
  return {
    current: () => shortcut,
    registered: () => registered,
    set(next: string, taken = false) {
      drop()
      shortcut = next
      if (next === '') return
      if (taken) return refused(next, 'taken')
      try {
        registered = keys.register(next, onPress)
        if (!registered) refused(next, 'taken')
      } catch {
        // Electron throws on an accelerator it cannot read
        refused(next, 'invalid')
      }
    },
    drop,
  }
}

export function createDesktopSettings(deps: {
  platform: string
  globalShortcut: Keys
  /** app.setLoginItemSettings (macOS, Windows) */
  setLoginItemSettings: (settings: LoginItemSettings) => void
  /** the XDG autostart entry (Linux) */
  autostart: Pick<Autostart, 'set'>
  onShortcut: () => void
  /** the lock shortcut was pressed (settings.lock.shortcut) */
  onLockShortcut?: () => void
  notice: (notice: Notice) => void
}): DesktopSettings {
  const warn = (message: string) => deps.notice({ level: 'warning', message })
  const open = shortcutSlot(deps.globalShortcut, deps.onShortcut, (s, r) => warn(shortcutRefused(s, r)))
  const lock = shortcutSlot(
    deps.globalShortcut,
    () => deps.onLockShortcut?.(),
    (s, r) => warn(shortcutRefused(s, r, 'lock')),
  )
  let login: boolean | null = null

  async function setLogin(next: boolean) {
    login = next
    try {
      if (deps.platform === 'linux') await deps.autostart.set(next)
      else deps.setLoginItemSettings({ openAtLogin: next })
    } catch {
      login = null
      warn(mt(next ? 'desktop.loginOnFailed' : 'desktop.loginOffFailed'))
    }
  }

  return {
    async apply(settings) {
      const lockKeys = settings.lock?.shortcut ?? ''
      const openChanged = settings.shortcut !== open.current()
      // a lock shortcut refused before is tried again when the open one moves (it may have held its keys)
      const lockChanged = lockKeys !== lock.current() || (openChanged && lockKeys !== '' && !lock.registered())
      // the lock's keys are let go first, so the open shortcut may take them over
      if (lockChanged) lock.drop()
      if (openChanged) open.set(settings.shortcut)
      // the same keys for both: opening wins, locking is refused in words
      if (lockChanged) lock.set(lockKeys, lockKeys !== '' && lockKeys === settings.shortcut)
      if (settings.openAtLogin !== login) await setLogin(settings.openAtLogin)
    },
    dispose() {
      open.drop()
      lock.drop()
    },
  }
}
