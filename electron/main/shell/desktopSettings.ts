// The settings the desktop carries out rather than the app: the global shortcut and start at
// login. Applied at start and on every settings change, each only when it changed.
import type { Settings } from '@shared/contract'
import type { GlobalShortcut, Settings as LoginItemSettings } from 'electron'
import type { Autostart } from '../services/autostart'

type Notice = { level: 'info' | 'warning' | 'error'; message: string }

export interface DesktopSettings {
  apply(settings: Pick<Settings, 'shortcut' | 'openAtLogin'>): Promise<void>
  dispose(): void
}

export function shortcutRefused(shortcut: string, reason: 'taken' | 'invalid'): string {
  return reason === 'taken'
    ? `The shortcut ${shortcut} could not be set up: another app or the system already uses it. Choose another in Settings.`
    : `${shortcut} is not a shortcut this system knows. Choose another in Settings.`
}

export function createDesktopSettings(deps: {
  platform: string
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>
  /** app.setLoginItemSettings (macOS, Windows) */
  setLoginItemSettings: (settings: LoginItemSettings) => void
  /** the XDG autostart entry (Linux) */
  autostart: Pick<Autostart, 'set'>
  onShortcut: () => void
  notice: (notice: Notice) => void
}): DesktopSettings {
  /** the shortcut asked for last (registered or refused: a refusal is told once) */
  let shortcut = ''
  let registered = false
  let login: boolean | null = null

  function setShortcut(next: string) {
    if (registered) deps.globalShortcut.unregister(shortcut)
    shortcut = next
    registered = false
    if (next === '') return
    try {
      registered = deps.globalShortcut.register(next, deps.onShortcut)
      if (!registered) deps.notice({ level: 'warning', message: shortcutRefused(next, 'taken') })
    } catch {
      // Electron throws on an accelerator it cannot read
      deps.notice({ level: 'warning', message: shortcutRefused(next, 'invalid') })
    }
  }

  async function setLogin(next: boolean) {
    login = next
    try {
      if (deps.platform === 'linux') await deps.autostart.set(next)
      else deps.setLoginItemSettings({ openAtLogin: next })
    } catch {
      login = null
      deps.notice({
        level: 'warning',
        message: next
          ? 'Lightning Tray could not be set to start at login.'
          : 'Lightning Tray could not be kept from starting at login.',
      })
    }
  }

  return {
    async apply(settings) {
      if (settings.shortcut !== shortcut) setShortcut(settings.shortcut)
      if (settings.openAtLogin !== login) await setLogin(settings.openAtLogin)
    },
    dispose() {
      if (registered) deps.globalShortcut.unregister(shortcut)
      registered = false
    },
  }
}
