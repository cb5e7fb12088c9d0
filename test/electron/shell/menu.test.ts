import type { NavigateTarget } from '@shared/contract'
import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { buildAppMenuTemplate } from '../../../electron/main/shell/menu'

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])])
}

function build(platform: string, isPackaged = true) {
  const navigated: NavigateTarget[] = []
  let quits = 0
  const template = buildAppMenuTemplate({
    appName: 'Lightning Tray',
    platform,
    isPackaged,
    actions: { navigate: (t) => navigated.push(t), quit: () => quits++ },
  })
  const click = (label: string) => {
    const item = flatten(template).find((i) => i.label === label)
    if (!item?.click) throw new Error(`no item ${label}`)
    ;(item.click as () => void)()
  }
  return { template, navigated, click, quits: () => quits }
}

describe('application menu', () => {
  it('has the app menu first on macOS, with settings and quit there', () => {
    const { template, click, quits } = build('darwin')
    expect(template.map((m) => m.label ?? m.role)).toEqual(['Lightning Tray', 'Wallet', 'Edit', 'View', 'windowMenu'])
    const appMenu = template[0]?.submenu as MenuItemConstructorOptions[]
    expect(appMenu.map((i) => i.role ?? i.label)).toContain('Settings…')
    click('Quit Lightning Tray')
    expect(quits()).toBe(1)
  })

  it('puts settings and quit in the Wallet menu elsewhere', () => {
    for (const platform of ['linux', 'win32']) {
      const { template, click, navigated, quits } = build(platform)
      expect(template.map((m) => m.label ?? m.role)).toEqual(['Wallet', 'Edit', 'View', 'windowMenu'])
      click('Settings')
      click('Quit')
      expect(navigated).toEqual([{ to: 'settings' }])
      expect(quits()).toBe(1)
    }
  })

  it('navigates to each screen', () => {
    const { click, navigated } = build('linux')
    for (const label of ['Home', 'Receive…', 'Send…', 'Withdraw link…', 'Scan QR code…', 'Transactions']) click(label)
    expect(navigated.map((t) => t.to)).toEqual(['home', 'receive', 'send', 'withdraw', 'scan', 'transactions'])
  })

  it('gives the standard edit roles, so paste works in the address field', () => {
    const roles = flatten(build('linux').template).map((i) => i.role)
    for (const r of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']) expect(roles).toContain(r)
  })

  it('offers reload and devtools only in development', () => {
    const packaged = flatten(build('linux', true).template).map((i) => i.role)
    expect(packaged).not.toContain('reload')
    expect(packaged).not.toContain('toggleDevTools')
    const dev = flatten(build('linux', false).template).map((i) => i.role)
    expect(dev).toContain('reload')
    expect(dev).toContain('toggleDevTools')
  })

  it('has no two items with the same accelerator', () => {
    for (const platform of ['darwin', 'linux']) {
      const accels = flatten(build(platform).template)
        .map((i) => i.accelerator)
        .filter(Boolean)
      expect(new Set(accels).size).toBe(accels.length)
    }
  })
})
