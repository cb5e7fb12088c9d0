// The tray icon and its menu. The menu's content is the tray service's pure model
// (services/tray); this only turns it into Electron objects and rebuilds it when the state changes.
import { join } from 'node:path'
import type { Menu, MenuItemConstructorOptions, NativeImage, nativeImage, Tray } from 'electron'
import { buildTrayMenu, type TrayCommand, type TrayState, toMenuTemplate } from '../services/tray'

export type TrayLike = Pick<Tray, 'setToolTip' | 'setContextMenu' | 'on' | 'destroy' | 'isDestroyed'>

export interface TrayController {
  update(state: TrayState): void
  destroy(): void
}

export function createTrayController(deps: {
  createTray: (icon: NativeImage | string) => TrayLike
  buildMenu: (template: MenuItemConstructorOptions[]) => Menu
  icon: NativeImage | string
  platform: string
  onCommand: (command: TrayCommand) => void
  initial: TrayState
}): TrayController {
  const tray = deps.createTray(deps.icon)
  let last = ''
  const update = (state: TrayState) => {
    if (tray.isDestroyed()) return
    const model = buildTrayMenu(state)
    // Rebuilding a native menu is not free and flickers on some desktops: only when it changed.
    const key = JSON.stringify(model)
    if (key === last) return
    last = key
    tray.setToolTip(model.tooltip)
    tray.setContextMenu(deps.buildMenu(toMenuTemplate(model, deps.onCommand) as MenuItemConstructorOptions[]))
  }
  // A left click shows the window on Windows and Linux; on macOS a click opens the menu.
  if (deps.platform !== 'darwin') tray.on('click', () => deps.onCommand({ kind: 'show', navigate: null }))
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
): NativeImage {
  if (platform === 'darwin') {
    const image = images.createFromPath(join(dir, 'trayTemplate.png'))
    image.setTemplateImage(true)
    return image
  }
  return images.createFromPath(join(dir, platform === 'win32' ? 'tray.png' : 'tray@2x.png'))
}
