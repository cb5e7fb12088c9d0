import { EVENT_NAMES, eventChannel, OP_NAMES, opChannel } from '@shared/channels'
import type { WalletView } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import type { TrayCommand } from '../../../electron/main/services/tray'
import { createEventSink } from '../../../electron/main/shell/events'
import { registerOpHandlers } from '../../../electron/main/shell/ipc'
import { APP_ORIGIN } from '../../../electron/main/shell/origins'
import { createTrayController } from '../../../electron/main/shell/tray'
import { INITIAL_TRAY_STATE, reduceTrayState } from '../../../electron/main/shell/trayState'
import { FakeWebContents } from './fakes'

function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  return {
    handlers,
    handle: (c: string, fn: (event: unknown, ...args: unknown[]) => unknown) => handlers.set(c, fn),
    removeHandler: (c: string) => handlers.delete(c),
  }
}

describe('ipc handlers', () => {
  it('route each op channel to the router with the sender’s trust; untrusted never reach it', async () => {
    const ipcMain = fakeIpcMain()
    const seen: unknown[][] = []
    const handled: string[] = []
    const dispose = registerOpHandlers(
      ipcMain as never,
      {
        handle: async (...a) => {
          seen.push(a)
          return { ok: true, value: null }
        },
      },
      [APP_ORIGIN],
      (n) => handled.push(n),
    )
    expect([...ipcMain.handlers.keys()]).toEqual(OP_NAMES.map(opChannel))
    const top = { url: `${APP_ORIGIN}/index.html`, parent: null }
    const call = (name: string, event: unknown, ...args: unknown[]) =>
      ipcMain.handlers.get(opChannel(name as never))?.(event, ...args)

    await call('settings.get', { senderFrame: top }, { a: 1 }, 'extra arg ignored')
    expect(seen).toEqual([['settings.get', { a: 1 }, { trusted: true, url: `${APP_ORIGIN}/index.html` }]])
    expect(handled).toEqual(['settings.get'])

    for (const event of [
      { senderFrame: { url: `${APP_ORIGIN}/index.html`, parent: top } },
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: null },
    ]) {
      expect(await call('accounts.list', event, {})).toEqual({
        ok: false,
        error: { code: 'forbidden', message: expect.any(String), retryable: false },
      })
    }
    expect(seen).toHaveLength(1)
    dispose()
    expect(ipcMain.handlers.size).toBe(0)
  })
})

describe('events to the page', () => {
  it('sends on the event channel; a navigate waits for the page, other events do not', () => {
    const sink = createEventSink()
    sink.emit('notice', { level: 'info', message: 'lost: the page reads state when it starts' })
    sink.emit('navigate', { to: 'receive' })
    sink.emit('navigate', { to: 'send', address: 'alice@sim.example' })
    const wc = new FakeWebContents()
    sink.attach(wc)
    expect(wc.sent).toEqual([
      { channel: eventChannel('navigate'), payload: { to: 'send', address: 'alice@sim.example' } },
    ])
    for (const name of EVENT_NAMES) sink.emit(name, { n: name } as never)
    expect(wc.sent.slice(1).map((m) => m.channel)).toEqual(EVENT_NAMES.map(eventChannel))
    wc.destroyed = true
    sink.emit('notice', { level: 'info', message: 'x' })
    expect(wc.sent).toHaveLength(1 + EVENT_NAMES.length)
  })
})

const wallet = (id: string, label: string, sat: number): WalletView => ({
  id,
  label,
  balanceMsat: sat * 1000,
  createdAt: 1,
})

describe('tray', () => {
  it('follows wallets, accounts, connection and pending invoices', () => {
    const pending = [{ status: 'pending' }, { status: 'paid' }, { status: 'pending' }] as never[]
    let s = reduceTrayState(
      INITIAL_TRAY_STATE,
      'accounts.updated',
      {
        accounts: [{ id: 'a1', label: 'Main' }],
        activeId: 'a1',
      },
      () => pending,
    )
    expect(s).toMatchObject({ accountLabel: 'Main', pendingCount: 2 })
    s = reduceTrayState(s, 'wallets.updated', { wallets: [wallet('w1', 'Spending', 1500)] }, () => [])
    expect(s).toMatchObject({ wallets: [{ id: 'w1' }], pendingCount: 0 })
    s = reduceTrayState(s, 'connection', { state: 'offline', reason: null, message: null }, () => [])
    expect(s.online).toBe(false)
    s = reduceTrayState(s, 'accounts.updated', { accounts: [{ id: 'a2', label: 'Other' }], activeId: 'a2' }, () => [])
    expect(s).toMatchObject({ accountLabel: 'Other', wallets: [] })
  })

  it('keeps the wallets when the active account is renamed, drops them for another account of the same name', () => {
    const accounts = (label: string) => [
      { id: 'a1', label },
      { id: 'a2', label: 'api.example.com' },
    ]
    let s = reduceTrayState(
      INITIAL_TRAY_STATE,
      'accounts.updated',
      { accounts: accounts('api.example.com'), activeId: 'a1' },
      () => [],
    )
    s = reduceTrayState(s, 'wallets.updated', { wallets: [wallet('w1', 'Spending', 1500)] }, () => [])
    // A rename sends no new balances: the tray must not fall to 0 sats until a balance moves.
    s = reduceTrayState(s, 'accounts.updated', { accounts: accounts('Main'), activeId: 'a1' }, () => [])
    expect(s).toMatchObject({ accountLabel: 'Main', wallets: [{ id: 'w1' }] })
    s = reduceTrayState(s, 'accounts.updated', { accounts: accounts('api.example.com'), activeId: 'a1' }, () => [])
    // Two accounts on one service share the default name: a switch must not show a1's balances as a2's.
    s = reduceTrayState(s, 'accounts.updated', { accounts: accounts('api.example.com'), activeId: 'a2' }, () => [])
    expect(s).toMatchObject({ accountLabel: 'api.example.com', wallets: [] })
  })

  it('builds the native menu from the model, rebuilds only on change, and routes clicks', () => {
    const trays: Array<{ tooltip: string; menus: unknown[]; listeners: Map<string, () => void>; destroyed: boolean }> =
      []
    const commands: TrayCommand[] = []
    const controller = createTrayController({
      createTray: () => {
        const t = { tooltip: '', menus: [] as unknown[], listeners: new Map<string, () => void>(), destroyed: false }
        trays.push(t)
        return {
          setToolTip: (x: string) => {
            t.tooltip = x
          },
          setContextMenu: (m: unknown) => t.menus.push(m),
          on: (e: string, fn: () => void) => t.listeners.set(e, fn),
          destroy: () => {
            t.destroyed = true
          },
          isDestroyed: () => t.destroyed,
        } as never
      },
      buildMenu: (template) => ({ template }) as never,
      icon: (look) => `/icons/${look}.png`,
      platform: 'linux',
      onCommand: (c) => commands.push(c),
      initial: INITIAL_TRAY_STATE,
    })
    const t = trays[0]
    if (!t) throw new Error('no tray')
    expect(t.tooltip).toBe('Lightning Tray: not connected')
    expect(t.menus).toHaveLength(1)
    const state = { accountLabel: 'Main', wallets: [wallet('w1', 'Spending', 1500)], pendingCount: 1, online: true }
    controller.update(state)
    controller.update({ ...state })
    expect(t.menus).toHaveLength(2)
    expect(t.tooltip).toMatch(/1,500 sat.*1 invoice pending/)
    const menu = t.menus[1] as { template: Array<{ label?: string; click?: () => void }> }
    menu.template.find((i) => i.label === 'Send…')?.click?.()
    t.listeners.get('click')?.()
    expect(commands).toEqual([
      { kind: 'show', navigate: { to: 'send' } },
      { kind: 'show', navigate: null },
    ])
    controller.destroy()
    controller.destroy()
    controller.update({ ...state, pendingCount: 3 })
    expect(t.destroyed).toBe(true)
    expect(t.menus).toHaveLength(2)
  })
})
