// The application menu as plain data. Roles give the standard edit shortcuts (copy/paste into the
// amount and address fields) and the platform's window items; the app's own items navigate.

import type { NavigateTarget } from '@shared/contract'
import type { MenuItemConstructorOptions } from 'electron'

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
  const settings = go(mac ? 'Settings…' : 'Settings', { to: 'settings' }, 'CmdOrCtrl+,')
  const quit: MenuItemConstructorOptions = {
    label: mac ? `Quit ${opts.appName}` : 'Quit',
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
    label: 'Wallet',
    submenu: [
      go('Home', { to: 'home' }, 'CmdOrCtrl+1'),
      go('Receive…', { to: 'receive' }, 'CmdOrCtrl+Shift+R'),
      go('Send…', { to: 'send' }, 'CmdOrCtrl+Shift+S'),
      go('Withdraw link…', { to: 'withdraw' }),
      go('Scan QR code…', { to: 'scan' }),
      go('Transactions', { to: 'transactions' }, 'CmdOrCtrl+T'),
      ...(mac ? [] : [{ type: 'separator' } as const, settings, { type: 'separator' } as const, quit]),
    ],
  })
  template.push(EDIT_MENU)
  template.push({ label: 'View', submenu: viewItems(opts.isPackaged) })
  template.push({
    role: 'windowMenu',
  })
  return template
}

const EDIT_MENU: MenuItemConstructorOptions = {
  label: 'Edit',
  submenu: [
    { role: 'undo' },
    { role: 'redo' },
    { type: 'separator' },
    { role: 'cut' },
    { role: 'copy' },
    { role: 'paste' },
    { role: 'selectAll' },
  ],
}

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
