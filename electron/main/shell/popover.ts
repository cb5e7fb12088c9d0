// The tray popover of macOS and Windows: a frameless window anchored to the tray icon, hidden on
// blur and on Escape, kept open while pinned. `menubar` makes the window, places it by the icon
// and hides it on blur; this module hands it our window options (the same webPreferences as the
// main window) and adds Escape and the pin. Why menubar can keep every security rule:
// docs/shell.md, "Shell".
import type { BrowserWindow, Input, Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron'
import type { Options } from 'menubar/lib/types'
import { buildTooltip, type TrayCommand, type TrayState } from '../services/tray'
import { clampToWorkArea, type Rect } from './popoverPosition'
import { createTrayController, type TrayController, type TrayLook } from './tray'
import { mainWindowOptions } from './window'

export const POPOVER_WIDTH = 380
export const POPOVER_HEIGHT = 600

/** Linux tray clicks are unreliable (and icon bounds unknown): there the normal window stays. */
export function popoverUsed(platform: string, hasTray: boolean): boolean {
  return hasTray && (platform === 'darwin' || platform === 'win32')
}

export function popoverOptions(opts: {
  dir: string
  startUrl: string
  preloadPath: string
  isPackaged: boolean
  tray: Tray
  tooltip: string
}): Partial<Options> {
  const main = mainWindowOptions({ preloadPath: opts.preloadPath, isPackaged: opts.isPackaged })
  return {
    dir: opts.dir,
    index: opts.startUrl,
    tray: opts.tray,
    tooltip: opts.tooltip,
    // loaded at start, so events and notices reach the page before the first click
    preloadWindow: true,
    // main answers `activate` itself (it shows the popover)
    activateWithApp: false,
    showDockIcon: false,
    browserWindow: {
      title: main.title,
      width: POPOVER_WIDTH,
      height: POPOVER_HEIGHT,
      show: false,
      frame: false,
      resizable: false,
      skipTaskbar: true,
      fullscreenable: false,
      webPreferences: main.webPreferences,
    },
  }
}

/** What this module uses of a Menubar, so a test can drive it with a fake. */
export interface MenubarLike {
  on(event: 'ready' | 'before-load' | 'after-show', listener: () => void): unknown
  readonly window: BrowserWindow | undefined
  showWindow(): Promise<void>
  hideWindow(): void
}

export interface Popover {
  window(): BrowserWindow | null
  show(): void
  hide(): void
  /** pinned: blur no longer hides it. Returns the pin now in force. */
  setPinned(pinned: boolean): boolean
  pinned(): boolean
  /** kept open while `task` runs (a save dialog takes the focus), whatever the pin */
  holdOpen<T>(task: () => Promise<T>): Promise<T>
}

export function isEscape(input: Pick<Input, 'type' | 'key'>): boolean {
  return input.type === 'keyDown' && input.key === 'Escape'
}

export function createPopover(deps: {
  menubar: MenubarLike
  /** the work area of the display a rectangle is on (Electron's screen.getDisplayMatching) */
  workAreaOf: (bounds: Rect) => Rect
  /** every window main makes gets the same wiring (events, crash recovery, close-to-tray) */
  onWindow: (win: BrowserWindow) => void
  onError: (err: unknown) => void
}): Popover {
  const mb = deps.menubar
  let pinned = false
  /** tasks holding it open: menubar hides on blur unless the window is on top */
  let holds = 0
  const onTop = () => pinned || holds > 0
  // menubar can show its window only once its tray is set up (a link or the shortcut may come first)
  let ready = false
  let showWhenReady = false
  const show = () => {
    if (!ready) showWhenReady = true
    else void mb.showWindow().catch(deps.onError)
  }
  mb.on('ready', () => {
    ready = true
    if (showWhenReady) show()
  })
  mb.on('before-load', () => {
    const win = mb.window
    if (!win) return
    // menubar hides on blur unless the window is on top: that is the pin.
    win.setAlwaysOnTop(onTop())
    win.webContents.on('before-input-event', (_event, input) => {
      if (isEscape(input)) mb.hideWindow()
    })
    deps.onWindow(win)
  })
  mb.on('after-show', () => {
    const win = current()
    if (!win) return
    const bounds = win.getBounds()
    const { x, y } = clampToWorkArea(bounds, deps.workAreaOf(bounds))
    if (x !== bounds.x || y !== bounds.y) win.setPosition(x, y)
  })
  const current = () => {
    const win = mb.window
    return win && !win.isDestroyed() ? win : null
  }
  return {
    window: current,
    show,
    hide: () => mb.hideWindow(),
    setPinned(next) {
      pinned = next
      current()?.setAlwaysOnTop(onTop())
      return pinned
    },
    pinned: () => pinned,
    async holdOpen(task) {
      holds++
      current()?.setAlwaysOnTop(true)
      try {
        return await task()
      } finally {
        holds--
        current()?.setAlwaysOnTop(onTop())
      }
    },
  }
}

/**
 * The tray, and on macOS and Windows the popover on it. A desktop without a tray gets neither:
 * the window and the launcher stay the way in.
 */
export function startTray(deps: {
  platform: string
  createTray: (icon: NativeImage | string) => Tray
  buildMenu: (template: MenuItemConstructorOptions[]) => Menu
  icon: (look: TrayLook) => NativeImage | string
  onCommand: (command: TrayCommand) => void
  initial: TrayState
  /** null where there is no popover (Linux) */
  popover:
    | (Omit<Parameters<typeof popoverOptions>[0], 'tray' | 'tooltip'> & {
        menubar: (options: Partial<Options>) => MenubarLike
        onWindow: (win: BrowserWindow) => void
        workAreaOf: (bounds: Rect) => Rect
      })
    | null
  onError: (message: string, err: unknown) => void
}): { tray: TrayController | null; popover: Popover | null } {
  const withPopover = deps.popover !== null && popoverUsed(deps.platform, true)
  let made: Tray | null = null
  let tray: TrayController
  try {
    tray = createTrayController({
      createTray: (icon) => {
        made = deps.createTray(icon)
        return made
      },
      buildMenu: deps.buildMenu,
      icon: deps.icon,
      platform: deps.platform,
      onCommand: deps.onCommand,
      initial: deps.initial,
      popover: withPopover,
    })
  } catch (err) {
    deps.onError('no tray', err)
    return { tray: null, popover: null }
  }
  if (!made || !withPopover || !deps.popover) return { tray, popover: null }
  const { menubar, onWindow, workAreaOf, ...rest } = deps.popover
  const options = popoverOptions({ ...rest, tray: made, tooltip: buildTooltip(deps.initial) })
  const popover = createPopover({
    menubar: menubar(options),
    onWindow,
    workAreaOf,
    onError: (err) => deps.onError('popover not shown', err),
  })
  return { tray, popover }
}

/**
 * menubar, loaded only where there is a popover: it reaches for Electron's objects as it loads.
 * Null without one, or if it cannot load (the normal window is used then).
 */
export async function loadMenubar(platform: string): Promise<((options: Partial<Options>) => MenubarLike) | null> {
  if (!popoverUsed(platform, true)) return null
  try {
    return (await import('menubar')).menubar
  } catch {
    return null
  }
}
