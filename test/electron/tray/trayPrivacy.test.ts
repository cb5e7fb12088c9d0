// The tray with balances hidden and with the app locked: no digit of any amount in the menu-bar
// title, the tooltip or the menu, driven by the same events main sends the page; the menu's
// "Hide balances" check box and "Lock now" give their commands.
import type { EventName, WalletView } from '@shared/contract'
import { DEFAULT_LOCK, DEFAULT_SETTINGS } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import {
  buildTitle,
  buildTooltip,
  buildTrayMenu,
  type MenuTemplateItem,
  type TrayCommand,
  type TrayState,
  toMenuTemplate,
} from '../../../electron/main/services/tray'
import { createTrayController, trayCommandRunner } from '../../../electron/main/shell/tray'
import { INITIAL_TRAY_STATE, reduceTrayState } from '../../../electron/main/shell/trayState'

const wallets: WalletView[] = [
  { id: 'wal_a', label: 'Spending', balanceMsat: 1_234_000, createdAt: 1 },
  { id: 'wal_b', label: 'Savings', balanceMsat: 100_000_500, createdAt: 2 },
]
/** every way an amount of these wallets could be written */
const AMOUNTS = /1,?234|100,?000|101,?234|\bsats?\b/

function drive(events: Array<[EventName, unknown]>): TrayState {
  return events.reduce((s, [e, p]) => reduceTrayState(s, e, p, () => []), INITIAL_TRAY_STATE)
}
const connectedEvents: Array<[EventName, unknown]> = [
  ['accounts.updated', { accounts: [{ id: 'acc_1', label: 'Main' }], activeId: 'acc_1' }],
  ['wallets.updated', { wallets }],
]
/** the text of everything the tray shows */
const everything = (s: TrayState) => JSON.stringify([buildTitle(s), buildTooltip(s), buildTrayMenu(s)])

function macTray(initial: TrayState) {
  const shown = { title: '', tooltip: '', menus: [] as MenuTemplateItem[][] }
  const controller = createTrayController({
    createTray: () =>
      ({
        setToolTip: (x: string) => (shown.tooltip = x),
        setTitle: (x: string) => (shown.title = x),
        setContextMenu: () => {},
        popUpContextMenu: () => {},
        setImage: () => {},
        on: () => {},
        destroy: () => {},
        isDestroyed: () => false,
      }) as never,
    buildMenu: (template) => {
      shown.menus.push(template as MenuTemplateItem[])
      return { template } as never
    },
    icon: () => '/icons/tray.png',
    platform: 'darwin',
    onCommand: () => {},
    initial,
  })
  return { shown, controller }
}

describe('tray with balances hidden', () => {
  it('shows amounts before, and no digit of any amount once the setting says hide', () => {
    const visible = drive([...connectedEvents, ['settings.updated', DEFAULT_SETTINGS]])
    expect(everything(visible)).toMatch(AMOUNTS)
    const hidden = drive([...connectedEvents, ['settings.updated', { ...DEFAULT_SETTINGS, hideBalances: true }]])
    expect(hidden).toMatchObject({ hideAmounts: true, showTotal: true })
    expect(everything(hidden)).not.toMatch(AMOUNTS)
    // with nothing pending there is no digit at all
    expect(everything(hidden)).not.toMatch(/\d/)
    expect(buildTooltip(hidden)).toBe('Lightning Tray')
    expect(buildTitle({ ...hidden, pendingCount: 2 })).toBe('2 pending')
    const labels = buildTrayMenu(hidden).items.flatMap((i) => (i.kind === 'label' ? [i.text] : []))
    expect(labels[0]).toBe('Main')
  })

  it('the macOS title and tooltip follow the toggle both ways', () => {
    const { shown, controller } = macTray(drive(connectedEvents))
    expect(shown.title).toBe('101,234.5 sats')
    const hidden = reduceTrayState(
      drive(connectedEvents),
      'settings.updated',
      { ...DEFAULT_SETTINGS, hideBalances: true },
      () => [],
    )
    controller.update(hidden)
    expect([shown.title, shown.tooltip]).toEqual(['', 'Lightning Tray'])
    expect(JSON.stringify(shown.menus.at(-1))).not.toMatch(AMOUNTS)
    controller.update(reduceTrayState(hidden, 'settings.updated', DEFAULT_SETTINGS, () => []))
    expect(shown.title).toBe('101,234.5 sats')
  })

  it('offers a "Hide balances" check box that gives the opposite of its state', () => {
    const got: TrayCommand[] = []
    const template = (hideAmounts: boolean) =>
      toMenuTemplate(buildTrayMenu({ ...drive(connectedEvents), hideAmounts }), (c) => got.push(c))
    const off = template(false).find((i) => i.label === 'Hide balances')
    expect(off).toMatchObject({ type: 'checkbox', checked: false })
    off?.click?.()
    template(true)
      .find((i) => i.label === 'Hide balances')
      ?.click?.()
    expect(got).toEqual([
      { kind: 'hideBalances', hide: true },
      { kind: 'hideBalances', hide: false },
    ])
  })
})

describe('tray while locked', () => {
  const lockedEvents: Array<[EventName, unknown]> = [
    ...connectedEvents,
    ['settings.updated', { ...DEFAULT_SETTINGS, lock: DEFAULT_LOCK }],
    ['lock.changed', { set: true, locked: true, failures: 0, retryAt: null, osCheck: false }],
  ]

  it('says locked and nothing else: no amount, no wallet, not even the pending count', () => {
    const s = { ...drive(lockedEvents), pendingCount: 3, online: false }
    expect(buildTooltip(s)).toBe('Lightning Tray: locked')
    expect(buildTitle(s)).toBe('')
    const m = buildTrayMenu(s)
    expect(m.items.map((i) => (i.kind === 'label' ? i.text : i.kind === 'action' ? i.label : '—'))).toEqual([
      'Locked',
      '—',
      'Unlock…',
      'Quit',
    ])
    expect(everything(s)).not.toMatch(/\d|Spending|Savings|Main/)
  })

  it('offers "Lock now" once a lock is set, and the shell locks on it', () => {
    const unlocked = drive([
      ...lockedEvents,
      ['lock.changed', { set: true, locked: false, failures: 0, retryAt: null, osCheck: false }],
    ])
    expect(everything(unlocked)).toMatch(AMOUNTS)
    const got: string[] = []
    const run = trayCommandRunner({
      quit: () => got.push('quit'),
      lock: () => got.push('lock'),
      hideBalances: (hide) => got.push(`hide ${hide}`),
      pauseApps: (pause) => got.push(`pause ${pause}`),
      navigate: (t) => got.push(`go ${t.to}`),
      show: () => got.push('show'),
    })
    const template = toMenuTemplate(buildTrayMenu(unlocked), run)
    const labels = template.map((i) => i.label)
    expect(labels.slice(-4)).toEqual(['Hide balances', 'Lock now', 'Open Lightning Tray', 'Quit'])
    for (const item of template.slice(-4)) item.click?.()
    expect(got).toEqual(['hide true', 'lock', 'show', 'quit'])
    expect(buildTrayMenu(drive(connectedEvents)).items.some((i) => i.kind === 'action' && i.action === 'lock')).toBe(
      false,
    )
  })

  it('offers "Pause connected apps" while an app is connected, checked while paused', () => {
    const app = { status: 'active' }
    const apps = (paused: boolean, status = 'active') => [
      'nwc.updated',
      { connections: [{ ...app, status }], settings: { paused } },
    ]
    const pauseItem = (s: TrayState) =>
      buildTrayMenu(s).items.find((i) => i.kind === 'action' && i.action === 'pauseApps')
    expect(pauseItem(drive(connectedEvents))).toBeUndefined()
    expect(pauseItem(drive([...connectedEvents, apps(false, 'revoked')] as never))).toBeUndefined()
    expect(pauseItem(drive([...connectedEvents, apps(false)] as never))).toMatchObject({ checked: false })
    const paused = drive([...connectedEvents, apps(true)] as never)
    expect(pauseItem(paused)).toMatchObject({ label: 'Pause connected apps', checked: true })
    const got: string[] = []
    const run = trayCommandRunner({
      ...{ quit: () => {}, lock: () => {}, hideBalances: () => {}, navigate: () => {}, show: () => {} },
      pauseApps: (pause) => got.push(`pause ${pause}`),
    })
    toMenuTemplate(buildTrayMenu(paused), run)
      .find((i) => i.label === 'Pause connected apps')
      ?.click?.()
    expect(got).toEqual(['pause false'])
  })
})
