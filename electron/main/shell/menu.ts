// The application menu as plain data. Roles give the standard edit shortcuts (copy/paste into the
// amount and address fields) and the platform's window items; the app's own items navigate.

import type { NavigateTarget } from '@shared/contract'
import type { MenuItemConstructorOptions } from 'electron'
import { mt } from '../services/i18n'

export interface AppMenuActions {
  navigate(target: NavigateTarget): void
  quit(): void
}

export function buildAppMenuTemplate(opts: {
  appName: string
  platform: NodeJS.Platform | string
  isPackaged: boolean
  actions: AppMenuActions
}): MenuItemConstructorOptions[] {
  const { actions } = opts
  const mac = opts.platform === 'darwin'
  const go = (label: string, target: NavigateTarget, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => actions.navigate(target),
  })
  const settings = go(mac ? mt('main.menu.settingsMac') : mt('main.menu.settings'), { to: 'settings' }, 'CmdOrCtrl+,')
  const quit: MenuItemConstructorOptions = {
    label: mac ? mt('main.menu.quitApp', { app: opts.appName }) : mt('main.tray.quit'),
    accelerator: 'CmdOrCtrl+Q',
    click: () => actions.quit(),
  }

  const template: MenuItemConstructorOptions[] = []
  if (mac) {
    template.push({
      label: opts.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        settings,
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        quit,
      ],
    })
  }
  template.push({
    label: mt('main.menu.wallet'),
    submenu: [
      go(mt('main.menu.home'), { to: 'home' }, 'CmdOrCtrl+1'),
      go(mt('main.menu.receive'), { to: 'receive' }, 'CmdOrCtrl+Shift+R'),
      go(mt('main.menu.send'), { to: 'send' }, 'CmdOrCtrl+Shift+S'),
      go(mt('main.menu.withdraw'), { to: 'withdraw' }),
      go(mt('main.menu.scan'), { to: 'scan' }),
      go(mt('main.menu.transactions'), { to: 'transactions' }, 'CmdOrCtrl+T'),
      ...(mac ? [] : [{ type: 'separator' } as const, settings, { type: 'separator' } as const, quit]),
    ],
  })
  template.push(editMenu())
  template.push({ label: mt('main.menu.view'), submenu: viewItems(opts.isPackaged) })
  template.push({
    role: 'windowMenu',
  })
  return template
}

const editMenu = (): MenuItemConstructorOptions => ({
  label: mt('main.menu.edit'),
  submenu: [
    { role: 'undo' },
    { role: 'redo' },
    { type: 'separator' },
    { role: 'cut' },
    { role: 'copy' },
    { role: 'paste' },
    { role: 'selectAll' },
  ],
})

function viewItems(isPackaged: boolean): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ]
  // Reload and devtools are for development; in a packaged app a reload mid-payment helps no one.
  if (!isPackaged) view.unshift({ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' })
  return view
}
