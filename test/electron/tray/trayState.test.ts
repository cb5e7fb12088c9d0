// What the tray shows beyond the menu: the total (a setting), the pending count and offline or
// error, in the menu bar's title on macOS; and the popover's tray, whose menu moves to the right click.
import type { WalletView } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import { buildTitle, buildTooltip, buildTrayMenu, type TrayItem } from '../../../electron/main/services/tray'
import { createTrayController, type TRAY_LOOKS, trayIcon, trayLook } from '../../../electron/main/shell/tray'
import { INITIAL_TRAY_STATE, reduceTrayState } from '../../../electron/main/shell/trayState'
import { nativeImage } from '../shell/electronFake'

const wallets: WalletView[] = [
  { id: 'wal_a', label: 'Spending', balanceMsat: 1_234_000, createdAt: 1 },
  { id: 'wal_b', label: 'Savings', balanceMsat: 100_000_500, createdAt: 2 },
]
const connected = { accountLabel: 'Main', wallets, pendingCount: 2, online: true }
const texts = (items: TrayItem[]) =>
  items.map((i) => (i.kind === 'label' ? i.text : i.kind === 'action' ? i.label : '—'))

describe('tray total, pending and offline', () => {
  it('the title shows the total, the pending count and offline; nothing when not connected', () => {
    expect(buildTitle(connected)).toBe('101,234.5 sats · 2 pending')
    expect(buildTitle({ ...connected, pendingCount: 0, online: false })).toBe('101,234.5 sats · offline')
    expect(buildTitle({ ...connected, accountLabel: null })).toBe('')
  })

  it('with the total turned off no amount shows anywhere on the tray', () => {
    const off = { ...connected, online: false, showTotal: false }
    expect(buildTitle(off)).toBe('2 pending · offline')
    expect(buildTooltip(off)).toBe('Lightning Tray · 2 invoices pending · offline')
    const m = buildTrayMenu(off)
    expect(m.title).toBe(buildTitle(off))
    expect(texts(m.items).slice(0, 5)).toEqual([
      'Main',
      'Spending',
      'Savings',
      '2 invoices pending',
      'Offline: balances may be out of date',
    ])
    expect(JSON.stringify(m)).not.toMatch(/sat/)
  })

  it('follows the setting and the connection from the events main sends', () => {
    let s = reduceTrayState(INITIAL_TRAY_STATE, 'settings.updated', { trayTotal: false }, () => [])
    expect(s.showTotal).toBe(false)
    s = reduceTrayState(s, 'connection', { state: 'offline', reason: null, message: 'down' }, () => [])
    expect(s).toMatchObject({ online: false, showTotal: false })
    s = reduceTrayState(s, 'settings.updated', { trayTotal: true }, () => [])
    s = reduceTrayState(s, 'connection', { state: 'online', reason: null, message: null }, () => [])
    expect(s).toMatchObject({ online: true, showTotal: true })
  })
})

describe('tray error state', () => {
  const refused = { ...connected, online: false, error: 'key_refused' as const }
  const failing = { ...connected, online: false, error: 'service_error' as const }

  it('title, tooltip and menu say error with a short reason, and what it means', () => {
    expect(buildTitle(refused)).toBe('101,234.5 sats · 2 pending · error: key refused')
    expect(buildTooltip(refused)).toBe('Lightning Tray: 101,234.5 sats · 2 invoices pending · error: key refused')
    expect(buildTitle({ ...failing, showTotal: false })).toBe('2 pending · error: service error')
    expect(buildTooltip({ ...connected, online: false, error: 'key_not_allowed' })).toMatch(
      / · error: key not allowed$/,
    )
    const items = texts(buildTrayMenu(refused).items)
    expect(items.slice(3, 5)).toEqual(['2 invoices pending', 'Error: key refused; replace the key in Settings'])
    expect(items).not.toContain('Offline: balances may be out of date')
    expect(texts(buildTrayMenu(failing).items)).toContain('Error: the service is failing; balances may be out of date')
    // never both words at once
    expect(buildTooltip(failing)).not.toMatch(/offline/)
  })

  it('follows the connection event: error with its reason, then offline, then online', () => {
    const event = (state: 'online' | 'offline' | 'error', reason: 'key_refused' | null) => ({
      state,
      reason,
      message: state === 'online' ? null : 'words',
    })
    let s = reduceTrayState(INITIAL_TRAY_STATE, 'connection', event('error', 'key_refused'), () => [])
    expect(s).toMatchObject({ online: false, error: 'key_refused' })
    expect(trayLook(s)).toBe('error')
    s = reduceTrayState(s, 'connection', event('offline', null), () => [])
    expect(s).toMatchObject({ online: false, error: null })
    expect(trayLook(s)).toBe('offline')
    s = reduceTrayState(s, 'connection', event('online', null), () => [])
    expect(s).toMatchObject({ online: true, error: null })
    expect(trayLook(s)).toBe('normal')
  })
})

function fakeTray() {
  const t = {
    tooltip: '',
    title: null as string | null,
    contextMenus: [] as unknown[],
    popped: [] as unknown[],
    images: [] as unknown[],
    listeners: new Map<string, () => void>(),
    destroyed: false,
  }
  const tray = {
    setToolTip: (x: string) => {
      t.tooltip = x
    },
    setTitle: (x: string) => {
      t.title = x
    },
    setContextMenu: (m: unknown) => t.contextMenus.push(m),
    popUpContextMenu: (m: unknown) => t.popped.push(m),
    setImage: (i: unknown) => t.images.push(i),
    on: (e: string, fn: () => void) => t.listeners.set(e, fn),
    destroy: () => {
      t.destroyed = true
    },
    isDestroyed: () => t.destroyed,
  }
  return { t, tray }
}

describe('tray controller', () => {
  it('with a popover: no context menu (it would take the left click on macOS), the menu on right click', () => {
    const { t, tray } = fakeTray()
    const controller = createTrayController({
      createTray: () => tray as never,
      buildMenu: (template) => ({ template }) as never,
      icon: (look) => `/icons/${look}Template.png`,
      platform: 'darwin',
      onCommand: () => {},
      initial: INITIAL_TRAY_STATE,
      popover: true,
    })
    expect(t.contextMenus).toEqual([])
    expect([...t.listeners.keys()]).toEqual(['right-click'])
    controller.update(connected)
    expect(t.title).toBe('101,234.5 sats · 2 pending')
    t.listeners.get('right-click')?.()
    const menu = t.popped[0] as { template: Array<{ label?: string }> }
    expect(menu.template[0]?.label).toBe('Main: 101,234.5 sats')
    controller.destroy()
    t.listeners.get('right-click')?.()
    expect(t.popped).toHaveLength(1)
  })

  it('without a popover (Linux): the context menu as before, and no title (only macOS draws one)', () => {
    const { t, tray } = fakeTray()
    createTrayController({
      createTray: () => tray as never,
      buildMenu: (template) => ({ template }) as never,
      icon: (look) => `/icons/${look}@2x.png`,
      platform: 'linux',
      onCommand: () => {},
      initial: connected,
    })
    expect(t.contextMenus).toHaveLength(1)
    expect(t.title).toBeNull()
    expect([...t.listeners.keys()]).toEqual(['click'])
  })

  it('the icon looks offline while offline, set again only when the look changes', () => {
    const { t, tray } = fakeTray()
    const made: unknown[] = []
    const controller = createTrayController({
      createTray: (icon) => {
        made.push(icon)
        return tray as never
      },
      buildMenu: (template) => ({ template }) as never,
      icon: (look) => `/icons/${look}@2x.png`,
      platform: 'linux',
      onCommand: () => {},
      initial: { ...connected, online: false },
    })
    expect(made).toEqual(['/icons/offline@2x.png'])
    expect(t.images).toEqual([])
    controller.update(connected)
    controller.update({ ...connected, pendingCount: 5 })
    expect(t.images).toEqual(['/icons/normal@2x.png'])
    controller.update({ ...connected, online: false })
    expect(t.images).toEqual(['/icons/normal@2x.png', '/icons/offline@2x.png'])
    controller.update({ ...connected, online: false, error: 'service_error' })
    controller.update({ ...connected, online: false, error: 'key_refused' })
    expect(t.images).toEqual(['/icons/normal@2x.png', '/icons/offline@2x.png', '/icons/error@2x.png'])
  })

  it("each platform gets each look's own file; macOS's as a template image", () => {
    const file = (platform: string, look: keyof typeof TRAY_LOOKS) =>
      trayIcon(nativeImage as never, '/r', platform, look) as unknown as { path: string; template: boolean }
    expect(file('darwin', 'offline')).toMatchObject({ path: '/r/trayOfflineTemplate.png', template: true })
    expect(file('win32', 'offline')).toMatchObject({ path: '/r/trayOffline.png', template: false })
    expect(file('linux', 'offline').path).toBe('/r/trayOffline@2x.png')
    expect(file('linux', 'normal').path).toBe('/r/tray@2x.png')
    expect(file('darwin', 'normal')).toMatchObject({ path: '/r/trayTemplate.png', template: true })
    expect(file('darwin', 'error')).toMatchObject({ path: '/r/trayErrorTemplate.png', template: true })
    expect(file('win32', 'error')).toMatchObject({ path: '/r/trayError.png', template: false })
    expect(file('linux', 'error').path).toBe('/r/trayError@2x.png')
  })
})
