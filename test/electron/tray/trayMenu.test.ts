import type { WalletView } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import {
  buildTooltip,
  buildTrayMenu,
  type MenuTemplateItem,
  type TrayCommand,
  type TrayItem,
  toMenuTemplate,
  trayCommand,
} from '../../../electron/main/services/tray'

const wallets: WalletView[] = [
  { id: 'wal_a', label: 'Spending', balanceMsat: 1_234_000, createdAt: 1 },
  { id: 'wal_b', label: 'Savings', balanceMsat: 100_000_500, createdAt: 2 },
]
const connected = { accountLabel: 'Main', wallets, pendingCount: 2, online: true }

const actions = (items: TrayItem[]) => items.flatMap((i) => (i.kind === 'action' ? [i.action] : []))
const texts = (items: TrayItem[]) =>
  items.map((i) => (i.kind === 'label' ? i.text : i.kind === 'action' ? i.label : '—'))

describe('buildTooltip', () => {
  it('shows the total balance, exact to the msat, and the pending count', () => {
    expect(buildTooltip(connected)).toBe('Lightning Tray: 101,234.5 sats · 2 invoices pending')
  })
  it('says one invoice, offline, or not connected', () => {
    expect(buildTooltip({ ...connected, pendingCount: 1, online: false })).toBe(
      'Lightning Tray: 101,234.5 sats · 1 invoice pending · offline',
    )
    expect(buildTooltip({ ...connected, pendingCount: 0 })).toBe('Lightning Tray: 101,234.5 sats')
    expect(buildTooltip({ ...connected, accountLabel: null })).toBe('Lightning Tray: not connected')
  })
})

describe('buildTrayMenu', () => {
  it('lists each wallet with its balance, the pending count and the quick actions in order', () => {
    const m = buildTrayMenu(connected)
    expect(m.tooltip).toBe(buildTooltip(connected))
    expect(texts(m.items)).toEqual([
      'Main: 101,234.5 sats',
      'Spending: 1,234 sats',
      'Savings: 100,000.5 sats',
      '2 invoices pending',
      '—',
      'Receive…',
      'Send…',
      'Withdraw link…',
      '—',
      'Hide balances',
      'Open Lightning Tray',
      'Quit',
    ])
    expect(actions(m.items)).toEqual([
      'wallet',
      'wallet',
      'receive',
      'send',
      'withdraw',
      'hideBalances',
      'open',
      'quit',
    ])
    const walletItems = m.items.filter((i) => i.kind === 'action' && i.action === 'wallet')
    expect(walletItems.map((i) => (i.kind === 'action' ? i.walletId : null))).toEqual(['wal_a', 'wal_b'])
  })

  it('leaves a hidden wallet off the list but keeps its balance in the total', () => {
    const m = buildTrayMenu({ ...connected, wallets: [wallets[0]!, { ...wallets[1]!, hidden: true }] })
    expect(texts(m.items).slice(0, 3)).toEqual(['Main: 101,234.5 sats', 'Spending: 1,234 sats', '2 invoices pending'])
    expect(m.tooltip).toBe('Lightning Tray: 101,234.5 sats · 2 invoices pending')
  })

  it('changes when a balance or the pending count changes (so the shell rebuilds it)', () => {
    const before = JSON.stringify(buildTrayMenu(connected))
    const richer = { ...connected, wallets: [{ ...wallets[0]!, balanceMsat: 2_234_000 }, wallets[1]!] }
    expect(JSON.stringify(buildTrayMenu(richer))).not.toBe(before)
    expect(texts(buildTrayMenu(richer).items)[1]).toBe('Spending: 2,234 sats')
    expect(texts(buildTrayMenu({ ...connected, pendingCount: 0 }).items)).toContain('No invoices pending')
    expect(JSON.stringify(buildTrayMenu({ ...connected }))).toBe(before)
  })

  it('offers only Open and Quit when no account is connected', () => {
    const m = buildTrayMenu({ accountLabel: null, wallets: [], pendingCount: 0, online: true })
    expect(actions(m.items)).toEqual(['open', 'quit'])
    expect(texts(m.items)[0]).toBe('Not connected')
  })

  it('warns that balances may be stale while offline', () => {
    expect(texts(buildTrayMenu({ ...connected, online: false }).items)).toContain(
      'Offline: balances may be out of date',
    )
  })
})

describe('tray commands', () => {
  it('maps each action to a screen, the window, or quitting', () => {
    expect(trayCommand('receive')).toEqual({ kind: 'show', navigate: { to: 'receive' } })
    expect(trayCommand('send')).toEqual({ kind: 'show', navigate: { to: 'send' } })
    expect(trayCommand('withdraw')).toEqual({ kind: 'show', navigate: { to: 'withdraw' } })
    expect(trayCommand('wallet', 'wal_b')).toEqual({
      kind: 'show',
      navigate: { to: 'transactions', walletId: 'wal_b' },
    })
    expect(trayCommand('open')).toEqual({ kind: 'show', navigate: null })
    expect(trayCommand('quit')).toEqual({ kind: 'quit' })
  })

  it('turns the model into a menu template whose clicks give those commands', () => {
    const got: TrayCommand[] = []
    const template: MenuTemplateItem[] = toMenuTemplate(buildTrayMenu(connected), (c) => got.push(c))
    expect(template[0]).toEqual({ label: 'Main: 101,234.5 sats', enabled: false })
    expect(template[4]).toEqual({ type: 'separator' })
    for (const item of template) item.click?.()
    expect(got).toEqual([
      { kind: 'show', navigate: { to: 'transactions', walletId: 'wal_a' } },
      { kind: 'show', navigate: { to: 'transactions', walletId: 'wal_b' } },
      { kind: 'show', navigate: { to: 'receive' } },
      { kind: 'show', navigate: { to: 'send' } },
      { kind: 'show', navigate: { to: 'withdraw' } },
      { kind: 'hideBalances', hide: true },
      { kind: 'show', navigate: null },
      { kind: 'quit' },
    ])
  })
})
