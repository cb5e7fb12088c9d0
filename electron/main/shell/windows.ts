// The shell's windows: the normal window (made on demand, closed to the tray), the tray and its
// popover where there is one, and whether the app is quitting. One object holds what Electron
// makes us keep; `showApp` shows the popover where there is one, else the normal window.
import { app, BrowserWindow, dialog } from 'electron'
import type { EventSink } from './events'
import type { AppUrls } from './origins'
import type { Popover } from './popover'
import type { TrayController } from './tray'
import { createMainWindow, showWindow } from './window'
import { wireWindow } from './windowWiring'

export interface WindowsContext {
  sink: EventSink
  urls: AppUrls
  preloadPath: string
  iconPath: string
  openExternal: (url: string) => Promise<void>
  log: (message: string, fields: Record<string, unknown>) => void
  windowShown: () => void
}

export function createWindows() {
  let win: BrowserWindow | null = null
  let tray: TrayController | null = null
  let popover: Popover | null = null
  let quitting = false
  let ctx: WindowsContext | null = null

  /** events, recovery and close-to-tray for a window main makes (the popover's too) */
  function wire(w: BrowserWindow, hideOnClose: boolean, onClosed = () => {}) {
    const c = ctx as WindowsContext
    wireWindow(w, {
      hideOnClose,
      sink: c.sink,
      showMessageBox: (parent, options) => dialog.showMessageBox(parent, options),
      quit: () => app.quit(),
      isQuitting: () => quitting,
      hasTray: () => tray !== null,
      log: c.log,
      onClosed,
      onShown: c.windowShown,
    })
  }

  function ensureWindow(): BrowserWindow {
    if (win && !win.isDestroyed()) return win
    const c = ctx as WindowsContext
    const w = createMainWindow({
      ...{ BrowserWindow, preloadPath: c.preloadPath, iconPath: c.iconPath, startUrl: c.urls.startUrl },
      ...{ trustedOrigins: c.urls.trustedOrigins, openExternal: c.openExternal, isPackaged: app.isPackaged },
    })
    wire(w, true, () => {
      if (win === w) win = null
    })
    win = w
    return w
  }

  return {
    /** from now on windows can be made (before, a second instance's knock shows what exists) */
    open(c: WindowsContext) {
      ctx = c
    },
    showApp: () => (ctx === null ? showWindow(win) : popover ? popover.show() : showWindow(ensureWindow())),
    currentWindow: () => (popover ? popover.window() : win && !win.isDestroyed() ? win : null),
    ensureWindow,
    wire,
    popover: () => popover,
    tray: () => tray,
    setTray(made: { tray: TrayController | null; popover: Popover | null }) {
      tray = made.tray
      popover = made.popover
    },
    quitting() {
      quitting = true
    },
  }
}

export type Windows = ReturnType<typeof createWindows>
