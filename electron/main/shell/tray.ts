// The tray icon and its menu. The menu's content is the tray service's pure model
// (services/tray); this only turns it into Electron objects and rebuilds it when the state changes.
import { join } from 'node:path'
import type { NavigateTarget } from '@shared/contract'
import type { Menu, MenuItemConstructorOptions, NativeImage, nativeImage, Tray } from 'electron'
import { buildTrayMenu, type TrayCommand, type TrayState, toMenuTemplate } from '../services/tray'

export type TrayLike = Pick<
  Tray,
  'setToolTip' | 'setContextMenu' | 'popUpContextMenu' | 'setTitle' | 'setImage' | 'on' | 'destroy' | 'isDestroyed'
>

/** Each look of the tray icon, by the start of its file names in resources/ (scripts/make-icons.ts). */
export const TRAY_LOOKS = { normal: 'tray', offline: 'trayOffline', error: 'trayError' } as const
export type TrayLook = keyof typeof TRAY_LOOKS

/** Offline and error show in the icon too: the menu and tooltip are seen only when asked for. */
export const trayLook = (state: TrayState): TrayLook => (state.error ? 'error' : state.online ? 'normal' : 'offline')

export interface TrayController {
  update(state: TrayState): void
  destroy(): void
}

export function createTrayController(deps: {
  createTray: (icon: NativeImage | string) => TrayLike
  buildMenu: (template: MenuItemConstructorOptions[]) => Menu
  /** the icon for each look; asked again only when the look changes */
  icon: (look: TrayLook) => NativeImage | string
  platform: string
  onCommand: (command: TrayCommand) => void
  initial: TrayState
  /** a left click opens the popover (menubar listens for it): the menu moves to the right click */
  popover?: boolean
}): TrayController {
  let look = trayLook(deps.initial)
  const tray = deps.createTray(deps.icon(look))
  let last = ''
  let menu: Menu | null = null
  const update = (state: TrayState) => {
    if (tray.isDestroyed()) return
    if (trayLook(state) !== look) {
      look = trayLook(state)
      tray.setImage(deps.icon(look))
    }
    const model = buildTrayMenu(state)
    // Rebuilding a native menu is not free and flickers on some desktops: only when it changed.
    const key = JSON.stringify(model)
    if (key === last) return
    last = key
    tray.setToolTip(model.tooltip)
    // only macOS draws text beside the icon
    if (deps.platform === 'darwin') tray.setTitle(model.title)
    menu = deps.buildMenu(toMenuTemplate(model, deps.onCommand) as MenuItemConstructorOptions[])
    // A context menu set on macOS would take the left click from the popover.
    if (!deps.popover) tray.setContextMenu(menu)
  }
  if (deps.popover) {
    tray.on('right-click', () => {
      if (menu && !tray.isDestroyed()) tray.popUpContextMenu(menu)
    })
  } else if (deps.platform !== 'darwin') {
    // A left click shows the window on Windows and Linux; on macOS a click opens the menu.
    tray.on('click', () => deps.onCommand({ kind: 'show', navigate: null }))
  }
  update(deps.initial)
  return {
    update,
    destroy: () => {
      if (!tray.isDestroyed()) tray.destroy()
    },
  }
}

/**
 * macOS wants a black "Template" image it tints itself; Windows picks tray@2x.png by itself on
 * HiDPI when given tray.png; Linux trays draw at 22–24 px, so they get the 32 px image.
 */
export function trayIcon(
  images: Pick<typeof nativeImage, 'createFromPath'>,
  dir: string,
  platform: string,
  look: TrayLook = 'normal',
): NativeImage {
  const name = TRAY_LOOKS[look]
  if (platform === 'darwin') {
    const image = images.createFromPath(join(dir, `${name}Template.png`))
    image.setTemplateImage(true)
    return image
  }
  return images.createFromPath(join(dir, platform === 'win32' ? `${name}.png` : `${name}@2x.png`))
}

/** What each tray command does, given the shell's ways of doing it. */
export function trayCommandRunner(to: {
  quit(): void
  lock(): void
  hideBalances(hide: boolean): void
  /** pauses or resumes every connected app (docs/nwc.md) */
  pauseApps(pause: boolean): void
  navigate(target: NavigateTarget): void
  show(): void
}): (command: TrayCommand) => void {
  return (c) => {
    if (c.kind === 'quit') to.quit()
    else if (c.kind === 'lock') to.lock()
    else if (c.kind === 'hideBalances') to.hideBalances(c.hide)
    else if (c.kind === 'pauseApps') to.pauseApps(c.pause)
    else if (c.navigate) to.navigate(c.navigate)
    else to.show()
  }
}
