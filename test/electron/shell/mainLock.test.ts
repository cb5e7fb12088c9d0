// The real main entry, `electron` faked, against the simulator: the app lock and hidden balances as
// the shell wires them. It locks from the tray, on screen lock, on sleep and from its shortcut; while
// locked IPC refuses money and the window gets nothing that carries it; the tray and notifications
// show no amount while locked or while balances are hidden (the tray's own check box).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { opChannel } from '@shared/channels'
import { DEFAULT_LOCK, eventsWhileLocked } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { APP_START_URL } from '../../../electron/main/shell/origins'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import * as electron from './electronFake'
import { FakeBrowserWindow } from './fakes'

vi.mock('electron', async () => await import('./electronFake'))

const PASSPHRASE = 'the tray is not a safe'
const root = resolve(__dirname, '../../..')
let sim: SimulatorHandle
let userData = ''
const savedEnv = { ...process.env }

type Answer = { ok: boolean; value?: unknown; error?: { code: string } }
async function invoke(name: string, input: unknown = {}): Promise<Answer> {
  const handler = electron.ipcMain.handlers.get(opChannel(name as never))
  if (!handler) throw new Error(`no handler for ${name}`)
  return (await handler({ senderFrame: { url: APP_START_URL, parent: null } }, input)) as Answer
}
const tray = () => electron.Tray.instances[0] as electron.Tray
const sent = () => (FakeBrowserWindow.instances[0] as FakeBrowserWindow).webContents.sent
const menuItem = (label: string) => tray().menu?.template.find((i) => i.label === label)
const locked = async () => ((await invoke('lock.status')).value as { locked: boolean }).locked
async function unlock() {
  const r = await invoke('lock.unlock', { passphrase: PASSPHRASE })
  expect(r).toMatchObject({ ok: true, value: { outcome: 'unlocked' } })
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', seed: 'demo' })
  userData = await mkdtemp(join(tmpdir(), 'lt-mainlock-'))
  electron.app.userData = userData
  electron.app.appPath = root
  process.env.LT_DEMO_BASE_URL = sim.url
  process.env.LT_DEMO_API_KEY = sim.keys.secret
  process.env.LT_TRAY = 'on'
  process.env.XDG_CONFIG_HOME = join(userData, 'config')
  delete process.env.ELECTRON_RENDERER_URL
  await import('../../../electron/main/index')
  electron.app.ready()
  await vi.waitFor(
    async () => expect(((await invoke('accounts.list')).value as { accounts: unknown[] }).accounts).toHaveLength(1),
    { timeout: 20_000, interval: 50 },
  )
  FakeBrowserWindow.instances[0]?.webContents.emit('did-finish-load')
  await invoke('wallets.list')
  await vi.waitFor(() => expect(tray().tooltip).toMatch(/^Lightning Tray: [\d,.]+ sats/))
}, 60_000)

afterAll(async () => {
  process.env = savedEnv
  await sim?.close()
  if (userData) await rm(userData, { recursive: true, force: true })
})

describe('app lock in the shell (electron faked)', () => {
  it('the tray offers "Lock now" once a lock is set; it locks, and IPC then refuses money', async () => {
    expect(menuItem('Lock now')).toBeUndefined()
    expect(await invoke('lock.set', { passphrase: PASSPHRASE })).toMatchObject({ ok: true, value: { set: true } })
    await vi.waitFor(() => expect(menuItem('Lock now')).toBeDefined())
    const before = sent().length
    menuItem('Lock now')?.click?.()
    expect(await locked()).toBe(true)
    expect(tray().tooltip).toBe('Lightning Tray: locked')
    expect(tray().menu?.template.map((i) => i.label)).toEqual(['Locked', undefined, 'Unlock…', 'Quit'])
    expect(await invoke('wallets.list')).toMatchObject({ ok: false, error: { code: 'locked' } })
    expect((await invoke('settings.get')).ok).toBe(true)
    expect(
      sent()
        .slice(before)
        .map((m) => m.channel),
    ).toEqual(['wallet:event:lock.changed'])
  })

  it('while locked, a payment is synced and announced without its amount; the window gets none of it', async () => {
    const before = sent().length
    const shown = electron.Notification.shown.length
    const walletId = sim.keys.wallets[0]?.id as string
    await sim.control.payInbound(walletId, 4_321, 'rent for 9876')
    electron.powerMonitor.emit('resume') // the loop reads at once
    await vi.waitFor(() => expect(electron.Notification.shown.length).toBeGreaterThan(shown), { timeout: 10_000 })
    const note = electron.Notification.shown.at(-1)
    expect(note?.opts.title).toBe('Payment received')
    expect(`${note?.opts.title}\n${note?.opts.body}`).not.toMatch(/\d/)
    const channels = sent()
      .slice(before)
      .map((m) => m.channel.replace('wallet:event:', ''))
    expect(channels.filter((c) => eventsWhileLocked[c as keyof typeof eventsWhileLocked] === 'withheld')).toEqual([])
    expect(tray().tooltip).toBe('Lightning Tray: locked')
    await unlock()
    // the tray is given the balances again, the new payment included
    await vi.waitFor(() => expect(tray().tooltip).toMatch(/^Lightning Tray: [\d,.]+ sats/))
  })

  it('locks when the screen locks and when the computer sleeps', async () => {
    electron.powerMonitor.emit('lock-screen')
    expect(await locked()).toBe(true)
    await unlock()
    electron.powerMonitor.emit('suspend')
    expect(await locked()).toBe(true)
    await unlock()
  })

  it('locks from its own global shortcut, set in the lock settings', async () => {
    const lockKeys = 'CommandOrControl+Shift+K'
    const r = await invoke('settings.update', { lock: { ...DEFAULT_LOCK, shortcut: lockKeys } })
    expect(r.ok).toBe(true)
    await vi.waitFor(() => expect(electron.globalShortcut.registered.has(lockKeys)).toBe(true))
    electron.globalShortcut.registered.get(lockKeys)?.()
    expect(await locked()).toBe(true)
    await unlock()
  })

  it('"Hide balances" in the tray: no digit of an amount on the tray or in a notification', async () => {
    const item = menuItem('Hide balances') as { type?: string; checked?: boolean; click?: () => void }
    expect(item).toMatchObject({ type: 'checkbox', checked: false })
    item.click?.()
    await vi.waitFor(() => expect(tray().tooltip).toBe('Lightning Tray'))
    expect(menuItem('Hide balances')).toMatchObject({ checked: true })
    expect(JSON.stringify(tray().menu?.template)).not.toMatch(/\d|sats?\b/)
    expect(((await invoke('settings.get')).value as { hideBalances: boolean }).hideBalances).toBe(true)
    const shown = electron.Notification.shown.length
    const walletId = sim.keys.wallets[0]?.id as string
    await sim.control.payInbound(walletId, 1_111, 'tip 2222')
    electron.powerMonitor.emit('resume')
    await vi.waitFor(() => expect(electron.Notification.shown.length).toBeGreaterThan(shown), { timeout: 10_000 })
    const note = electron.Notification.shown.at(-1)
    expect([note?.opts.title, note?.opts.body?.startsWith('To ')]).toEqual(['Payment received', true])
    expect(`${note?.opts.title}\n${note?.opts.body}`).not.toMatch(/\d/)
    // showing them again needs the passphrase (a lock is set): the window opens on Home, where it
    // is asked, and says so; the tray keeps them hidden meanwhile
    const before = sent().length
    menuItem('Hide balances')?.click?.()
    await vi.waitFor(() =>
      expect(
        sent()
          .slice(before)
          .map((m) => m.channel),
      ).toEqual(expect.arrayContaining(['wallet:event:navigate', 'wallet:event:notice'])),
    )
    const notice = sent()
      .slice(before)
      .find((m) => m.channel === 'wallet:event:notice')
    expect(JSON.stringify(notice)).toContain('Showing balances needs the app’s passphrase')
    expect(((await invoke('settings.get')).value as { hideBalances: boolean }).hideBalances).toBe(true)
    expect(tray().tooltip).toBe('Lightning Tray')
    expect(await invoke('settings.update', { hideBalances: false, passphrase: PASSPHRASE })).toMatchObject({ ok: true })
    await vi.waitFor(() => expect(tray().tooltip).toMatch(/^Lightning Tray: [\d,.]+ sats/))
  })
})
