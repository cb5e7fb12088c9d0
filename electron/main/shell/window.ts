// The main window: its options (every webPreferences rule of the security section) and its
// creation, with the navigation guards attached before anything loads.
import { APP_NAME } from '@shared/contract'
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron'
import { guardWebContents } from './security'

export function mainWindowOptions(opts: {
  preloadPath: string
  iconPath?: string
  title?: string
  /** a packaged app has no devtools at all */
  isPackaged: boolean
}): BrowserWindowConstructorOptions {
  return {
    title: opts.title ?? APP_NAME,
    width: 420,
    height: 720,
    minWidth: 360,
    minHeight: 520,
    show: false,
    autoHideMenuBar: true,
    ...(opts.iconPath ? { icon: opts.iconPath } : {}),
    webPreferences: {
      preload: opts.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // on by default in Electron; the app stores nothing in the page
      enableWebSQL: false,
      spellcheck: false,
      devTools: !opts.isPackaged,
    },
  }
}

type WindowCtor = new (options: BrowserWindowConstructorOptions) => BrowserWindow

export function createMainWindow(deps: {
  BrowserWindow: WindowCtor
  preloadPath: string
  iconPath?: string
  startUrl: string
  trustedOrigins: readonly string[]
  openExternal: (url: string) => unknown
  isPackaged: boolean
}): BrowserWindow {
  const options = mainWindowOptions({
    preloadPath: deps.preloadPath,
    isPackaged: deps.isPackaged,
    ...(deps.iconPath ? { iconPath: deps.iconPath } : {}),
  })
  const win = new deps.BrowserWindow(options)
  guardWebContents(win.webContents, { trustedOrigins: deps.trustedOrigins, openExternal: deps.openExternal })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(deps.startUrl)
  return win
}

/** Brings the window to the front (second instance, tray click, notification click). */
export function showWindow(win: Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'> | null): void {
  if (!win) return
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}

/** whether the person can see the window (shown and not minimized) */
export function isSeen(win: Pick<BrowserWindow, 'isVisible' | 'isMinimized'> | null): boolean {
  return win?.isVisible() === true && !win.isMinimized()
}
