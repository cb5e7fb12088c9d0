// Loads the real main entry with `electron` faked, against the simulator over loopback: the
// wiring of window, security, IPC, demo account, links, tray, close-to-tray and quit.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { OP_NAMES, opChannel } from '@shared/channels'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CSP } from '../../../electron/main/shell/csp'
import { APP_ORIGIN, APP_START_URL } from '../../../electron/main/shell/origins'
import { recoveryMessages } from '../../../electron/main/shell/recovery'
import { BOLT11_SPEC } from '../../shared/fixtures/bolt11Spec'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import * as electron from './electronFake'
import { FakeBrowserWindow, FakeEvent } from './fakes'
import { secureWebPreferences } from './securePreferences'

vi.mock('electron', async () => await import('./electronFake'))

const root = resolve(__dirname, '../../..')
let sim: SimulatorHandle
let userData = ''
const savedArgv = process.argv
const savedEnv = { ...process.env }

const trustedEvent = () => ({ senderFrame: { url: `${APP_ORIGIN}/index.html`, parent: null } })
async function invoke(name: string, input: unknown, event: unknown = trustedEvent()) {
  const handler = electron.ipcMain.handlers.get(opChannel(name as never))
  if (!handler) throw new Error(`no handler for ${name}`)
  return (await handler(event, input)) as { ok: boolean; value?: unknown; error?: { code: string } }
}
const mainWindow = () => FakeBrowserWindow.instances[0] as FakeBrowserWindow
/** everything the entry wrote to stderr (its log lines) */
let stderr = ''
const stderrWrite = process.stderr.write.bind(process.stderr)

beforeAll(async () => {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    stderr += String(chunk)
    return (stderrWrite as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest)
  })
  sim = await startSimulator({ port: 0, host: '127.0.0.1', seed: 'demo' })
  userData = await mkdtemp(join(tmpdir(), 'lt-main-'))
  electron.app.userData = userData
  electron.app.appPath = root
  process.env.LT_DEMO_BASE_URL = sim.url
  process.env.LT_DEMO_API_KEY = sim.keys.secret
  process.env.LT_TRAY = 'on'
  // start at login writes its autostart entry here, not into the real ~/.config
  process.env.XDG_CONFIG_HOME = join(userData, 'config')
  delete process.env.ELECTRON_RENDERER_URL
  process.argv = [...savedArgv, 'lightning:Alice@Sim.Example']
  await import('../../../electron/main/index')
  electron.app.ready()
  // started, demo account connected
  await vi.waitFor(
    async () => {
      const list = await invoke('accounts.list', {})
      expect((list.value as { accounts: unknown[] }).accounts).toHaveLength(1)
    },
    { timeout: 20_000, interval: 50 },
  )
}, 60_000)

afterAll(async () => {
  vi.restoreAllMocks()
  process.argv = savedArgv
  process.env = savedEnv
  await sim?.close()
  if (userData) await rm(userData, { recursive: true, force: true })
})

describe('main entry (electron faked)', () => {
  it('registers the app:// scheme as privileged before ready, and serves the bundle with the CSP', async () => {
    expect(electron.protocol.privileged).toStrictEqual([
      {
        scheme: 'app',
        privileges: {
          standard: true,
          secure: true,
          supportFetchAPI: true,
          bypassCSP: false,
          corsEnabled: true,
          codeCache: true,
        },
      },
    ])
    // registered before the entry waited for `ready` (no listener of its own yet)
    expect(electron.calls.find((c) => c[0] === 'protocol.registerSchemesAsPrivileged')).toEqual([
      'protocol.registerSchemesAsPrivileged',
      0,
    ])
    const handler = electron.protocol.handlers.get('app')
    if (!handler) throw new Error('no app: handler')
    // the bundle handler itself: a page of another origin gets nothing
    const foreign = Object.assign(new Request(APP_START_URL), { initiatorOrigin: 'https://evil.example' })
    expect((await handler(foreign)).status).toBe(403)
    const missing = await handler(new Request(`${APP_ORIGIN}/no-such-file.js`))
    expect(missing.status).toBe(404)
    const schemes = electron.calls.filter((c) => c[0] === 'app.setAsDefaultProtocolClient').map((c) => c[1])
    expect(schemes).toEqual(['lightning', 'bitcoin', 'nostr+walletauth', 'nostrnwc'])
  })

  it('hardens the default session and every session made later: permissions and the CSP header', () => {
    expect(electron.app.sandboxed).toBe(true)
    const later = electron.fakeSession()
    electron.app.emit('session-created', later)
    for (const s of [electron.session.defaultSession, later]) {
      expect((s.deviceHandler as () => boolean)()).toBe(false)
      const ask = (permission: string, details: object) => {
        let granted: boolean | undefined
        ;(s.requestHandler as (...a: unknown[]) => void)(null, permission, (g: boolean) => (granted = g), details)
        return granted
      }
      const check = (permission: string, origin: string, details: object) =>
        (s.checkHandler as (...a: unknown[]) => boolean)(null, permission, origin, details)
      const app = { requestingUrl: APP_START_URL, isMainFrame: true }
      expect(ask('clipboard-sanitized-write', app)).toBe(true)
      expect(ask('media', { ...app, mediaTypes: ['video'] })).toBe(true)
      expect(ask('media', { ...app, mediaTypes: ['video', 'audio'] })).toBe(false)
      expect(ask('geolocation', app)).toBe(false)
      expect(ask('clipboard-read', { ...app, requestingUrl: 'https://evil.example/' })).toBe(false)
      expect(check('clipboard-read', APP_ORIGIN, app)).toBe(true)
      expect(check('notifications', APP_ORIGIN, app)).toBe(false)
      const results: object[] = []
      ;(s.headersHandler as (d: object, cb: (r: object) => void) => void)(
        { url: APP_START_URL, responseHeaders: { 'Content-Security-Policy': ["script-src 'unsafe-inline'"] } },
        (r) => results.push(r),
      )
      expect(results).toEqual([{ responseHeaders: { 'Content-Security-Policy': [CSP] } }])
    }
  })

  it('opens one sandboxed window with the built preload on the app URL', () => {
    expect(FakeBrowserWindow.instances).toHaveLength(1)
    const w = mainWindow()
    // unpackaged here; the packaged app's window has none (mainPackaged.test.ts)
    expect(w.options.webPreferences).toStrictEqual(
      secureWebPreferences({ preload: join(root, 'out', 'preload', 'index.cjs'), devTools: true }),
    )
    expect(w.loaded).toEqual([APP_START_URL])
    expect(w.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
  })

  it('guards every web contents, not only the main window’s: navigation, new windows, webviews', async () => {
    const other = electron.otherWebContents()
    for (const kind of ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const) {
      expect(other.navigate(kind, 'https://evil.example/').defaultPrevented).toBe(true)
      expect(other.navigate(kind, `${APP_ORIGIN}/index.html#/send`).defaultPrevented).toBe(false)
    }
    const webview = new FakeEvent()
    other.emit('will-attach-webview', webview, {}, {})
    expect(webview.defaultPrevented).toBe(true)
    const opened = electron.shell.opened.length
    expect(other.windowOpenHandler?.({ url: 'https://example.com/help' })).toEqual({ action: 'deny' })
    expect(other.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    await vi.waitFor(() => expect(electron.shell.opened.slice(opened)).toEqual(['https://example.com/help']))
  })

  it('handles exactly the contract’s op channels, from the app’s main frame only', async () => {
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual(OP_NAMES.map(opChannel).sort())
    const info = await invoke('app.info', {})
    expect(info).toMatchObject({ ok: true, value: { name: 'Lightning Tray', version: '9.9.9', preview: false } })
    const sub = { senderFrame: { url: `${APP_ORIGIN}/index.html`, parent: { url: APP_START_URL } } }
    expect(await invoke('app.info', {}, sub)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const foreign = { senderFrame: { url: 'https://evil.example/', parent: null } }
    expect(await invoke('accounts.list', {}, foreign)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(await invoke('wallets.get', { walletId: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('connected the demo account with the key in memory, and never sends the key to the page', async () => {
    const list = await invoke('accounts.list', {})
    expect(list.value).toMatchObject({
      accounts: [{ label: 'Demo (local simulator)', baseUrl: sim.url, storage: 'memory' }],
    })
    expect(JSON.stringify(list)).not.toContain(sim.keys.secret)
    const wallets = await invoke('wallets.list', {})
    expect(wallets.ok).toBe(true)
    expect((wallets.value as { wallets: unknown[] }).wallets.length).toBeGreaterThan(0)
    expect(JSON.stringify(mainWindow().webContents.sent)).not.toContain(sim.keys.secret)
  })

  it('delivers the start-up lightning: link once the page has loaded', () => {
    const w = mainWindow()
    const navigations = () => w.webContents.sent.filter((m) => m.channel === 'wallet:event:navigate')
    expect(navigations()).toEqual([])
    w.webContents.emit('did-finish-load')
    expect(navigations().map((m) => m.payload)).toEqual([{ to: 'send', address: 'alice@sim.example' }])
  })

  it('a second launch with a link focuses the window and navigates', () => {
    const w = mainWindow()
    w.hide()
    const before = w.focused
    electron.app.emit('second-instance', new FakeEvent(), ['lightning-tray', 'lightning:bob@sim.example'], '/')
    expect(w.isVisible()).toBe(true)
    expect(w.focused).toBeGreaterThan(before)
    expect(w.webContents.sent.at(-1)).toEqual({
      channel: 'wallet:event:navigate',
      payload: { to: 'send', address: 'bob@sim.example' },
    })
    // a real invoice opens Send with it; one that cannot be decoded is a link that could not be read
    electron.app.emit('open-url', new FakeEvent(), `lightning:${BOLT11_SPEC.coffee60s}`)
    expect(w.webContents.sent.at(-1)).toEqual({
      channel: 'wallet:event:navigate',
      payload: { to: 'send', address: BOLT11_SPEC.coffee60s },
    })
    electron.app.emit('open-url', new FakeEvent(), 'lightning:lnbc1invoice')
    expect(w.webContents.sent.at(-1)).toMatchObject({ channel: 'wallet:event:notice', payload: { level: 'warning' } })
  })

  it('keeps the tray menu up to date with the balance from the model', async () => {
    const tray = electron.Tray.instances[0]
    if (!tray) throw new Error('no tray')
    await invoke('wallets.list', {})
    await vi.waitFor(() => expect(tray.tooltip).toMatch(/^Lightning Tray: .*sat/))
    const labels = tray.menu?.template.map((i) => i.label) ?? []
    expect(labels).toContain('Receive…')
    expect(labels).toContain('Quit')
    // the tray's Receive opens the window on the Receive screen
    mainWindow().hide()
    tray.menu?.template.find((i) => i.label === 'Receive…')?.click?.()
    expect(mainWindow().isVisible()).toBe(true)
    expect(mainWindow().webContents.sent.at(-1)).toEqual({
      channel: 'wallet:event:navigate',
      payload: { to: 'receive' },
    })
  })

  it('a settlement notifies natively; clicking it shows the window on that transaction', async () => {
    const wallets = (await invoke('wallets.list', {})).value as { wallets: Array<{ id: string }> }
    const walletId = wallets.wallets[0]?.id as string
    const created = await invoke('invoices.create', { walletId, amountSat: 1234, memo: 'coffee <b>x</b>' })
    expect(created.ok).toBe(true)
    const inv = created.value as { id: string; paymentRequest: string }
    const tray = electron.Tray.instances[0] as electron.Tray
    await vi.waitFor(() => expect(tray.tooltip).toMatch(/1 invoice pending/))
    await sim.control.settleInvoice(inv.id)
    expect(await invoke('invoices.check', { id: inv.id })).toMatchObject({ ok: true, value: { status: 'paid' } })
    const note = electron.Notification.shown.at(-1)
    // The memo's markup never reaches the notification daemon. (The wallet line names the wallet
    // as the watcher knows it, by id until it has listed the wallets.)
    expect(Object.keys(note?.opts ?? {}).sort()).toEqual(['body', 'title'])
    expect(note?.opts.title).toBe('Received 1,234 sats')
    expect(note?.opts.body).toMatch(/^coffee x\nTo [^\n<>&]+$/)
    const w = mainWindow()
    w.hide()
    note?.emit('click')
    expect(w.isVisible()).toBe(true)
    expect(w.webContents.sent.at(-1)).toEqual({
      channel: 'wallet:event:navigate',
      payload: { to: 'transaction', walletId, lnTxId: inv.id, txId: null },
    })
    expect(w.webContents.sent.some((m) => m.channel === 'wallet:event:invoice.updated')).toBe(true)
    await vi.waitFor(() => expect(tray.tooltip).not.toMatch(/pending/))
  })

  it('hostile memos reach the native notification as inert text', async () => {
    const wallets = (await invoke('wallets.list', {})).value as { wallets: Array<{ id: string }> }
    const wallet = wallets.wallets[0] as { id: string }
    const memos: Array<[string, string]> = [
      ['<a href="https://evil.example/">Claim your refund</a>', 'Claim your refund'],
      ['<img src="https://evil.example/track.png" alt="">paid', 'paid'],
      ['&amp; &lt;b&gt;bold&lt;/b&gt;', '\uFF06amp; \uFF06lt;b\uFF06gt;bold\uFF06lt;/b\uFF06gt;'],
      ['<b>1 < 2</b> & 3 > 2', '1 \u2039 2 \uFF06 3 \u203A 2'],
      ['A'.repeat(639), `${'A'.repeat(119)}…`],
    ]
    for (const [memo, shown] of memos) {
      const created = await invoke('invoices.create', { walletId: wallet.id, amountSat: 21, memo })
      expect(created.ok).toBe(true)
      const id = (created.value as { id: string }).id
      await sim.control.settleInvoice(id)
      expect(await invoke('invoices.check', { id })).toMatchObject({ ok: true, value: { status: 'paid' } })
      const note = electron.Notification.shown.at(-1)
      expect(Object.keys(note?.opts ?? {}).sort()).toEqual(['body', 'title'])
      expect(note?.opts.title).toBe('Received 21 sats')
      const [first, second, ...more] = (note?.opts.body ?? '').split('\n')
      expect([first, more]).toEqual([shown, []])
      expect(second).toMatch(/^To [^<>&]+$/)
    }
  })

  it('waking from sleep makes the sync loop read the service at once', async () => {
    const wallets = (await invoke('wallets.list', {})).value as { wallets: Array<{ id: string }> }
    const created = await invoke('invoices.create', { walletId: wallets.wallets[0]?.id, amountSat: 5, memo: '' })
    expect(created.ok).toBe(true)
    sim.control.resetRequests()
    electron.powerMonitor.emit('resume')
    await vi.waitFor(() => expect(sim.control.requests({ method: 'GET' }).length).toBeGreaterThan(0), { timeout: 5000 })
  })

  it('the tray and the page say offline while the service is down, and not once it is back', async () => {
    const tray = electron.Tray.instances[0] as electron.Tray
    const sent = mainWindow().webContents.sent
    const port = Number(new URL(sim.url).port)
    await sim.close()
    // the sync loop (it has an invoice to watch) meets the outage when the computer wakes
    electron.powerMonitor.emit('resume')
    await vi.waitFor(() => expect(tray.tooltip).toMatch(/offline/), { timeout: 10_000 })
    expect(tray.menu?.template.map((i) => i.label)).toContain('Offline: balances may be out of date')
    expect((tray.icon as { path: string }).path).toMatch(/\/trayOffline@2x\.png$/)
    expect(sent.filter((m) => m.channel === 'wallet:event:connection').map((m) => m.payload)).toEqual([
      { state: 'offline', reason: null, message: expect.stringMatching(/cannot be reached/) },
    ])
    sim = await startSimulator({ port, host: '127.0.0.1', seed: 'demo' })
    electron.powerMonitor.emit('resume')
    await vi.waitFor(() => expect(tray.tooltip).not.toMatch(/offline/), { timeout: 10_000 })
    expect((tray.icon as { path: string }).path).toMatch(/\/tray@2x\.png$/)
    expect(sent.filter((m) => m.channel === 'wallet:event:connection').at(-1)?.payload).toEqual({
      state: 'online',
      reason: null,
      message: null,
    })
  })

  it('the tray and the page say error while the service answers 5xx, and not once it recovers', async () => {
    const tray = electron.Tray.instances[0] as electron.Tray
    const sent = mainWindow().webContents.sent
    const connection = () => sent.filter((m) => m.channel === 'wallet:event:connection').map((m) => m.payload)
    const before = connection().length
    sim.control.injectFault({ path: /^\/v1\/wallets$/, kind: 'status', status: 502 })
    electron.powerMonitor.emit('resume')
    await vi.waitFor(() => expect(tray.tooltip).toMatch(/ · error: service error$/), { timeout: 10_000 })
    expect(tray.menu?.template.map((i) => i.label)).toContain(
      'Error: the service is failing; balances may be out of date',
    )
    expect((tray.icon as { path: string }).path).toMatch(/\/trayError@2x\.png$/)
    expect(connection().slice(before)).toEqual([
      {
        state: 'error',
        reason: 'service_error',
        message: expect.stringMatching(/answering with errors/),
      },
    ])
    sim.control.clearFaults()
    electron.powerMonitor.emit('resume')
    await vi.waitFor(() => expect(tray.tooltip).not.toMatch(/error/), { timeout: 10_000 })
    expect((tray.icon as { path: string }).path).toMatch(/\/tray@2x\.png$/)
    expect(connection().slice(before).at(-1)).toEqual({ state: 'online', reason: null, message: null })
  })

  it('settings carry out the global shortcut and start at login; Linux has no popover to pin', async () => {
    expect(await invoke('window.pin', { pinned: true })).toEqual({
      ok: true,
      value: { pinned: false, available: false },
    })
    const entry = join(userData, 'config', 'autostart', 'lightning-tray.desktop')
    const accel = 'CommandOrControl+Shift+L'
    expect((await invoke('settings.update', { shortcut: accel, openAtLogin: true })).ok).toBe(true)
    await vi.waitFor(() => expect(electron.globalShortcut.registered.has(accel)).toBe(true))
    await vi.waitFor(async () => expect(await readFile(entry, 'utf8')).toMatch(/^Exec=".+"/m))
    const w = mainWindow()
    w.hide()
    electron.globalShortcut.registered.get(accel)?.()
    expect(w.visible).toBe(true)
    // a shortcut another app holds: the page hears why, and the old one is let go
    electron.globalShortcut.taken.add('Alt+Space')
    expect((await invoke('settings.update', { shortcut: 'Alt+Space' })).ok).toBe(true)
    await vi.waitFor(() =>
      expect(w.webContents.sent.filter((m) => m.channel === 'wallet:event:notice').at(-1)?.payload).toEqual({
        level: 'warning',
        message: expect.stringMatching(/Alt\+Space could not be set up: another app/),
      }),
    )
    expect([...electron.globalShortcut.registered.keys()]).toEqual([])
    // a malformed shortcut never reaches Electron
    expect((await invoke('settings.update', { shortcut: 'Ctrl+\n' })).error?.code).toBe('invalid_input')
    expect((await invoke('settings.update', { shortcut: '', openAtLogin: false })).ok).toBe(true)
    await vi.waitFor(async () => expect(await readFile(entry, 'utf8').catch(() => 'gone')).toBe('gone'))
  })

  it('a crashed or hung page is reloaded with a notice; after three in a minute the person is asked', async () => {
    const w = mainWindow()
    const wc = w.webContents
    const notices = () => wc.sent.filter((m) => m.channel === 'wallet:event:notice').map((m) => m.payload)
    const before = notices().length
    wc.emit('render-process-gone', new FakeEvent(), { reason: 'crashed', exitCode: 1 })
    expect(wc.reloads).toBe(1)
    wc.emit('did-start-loading')
    wc.emit('did-finish-load')
    expect(notices().slice(before)).toEqual([{ level: 'warning', message: recoveryMessages().crashed }])
    // a hang: ended after the grace period, then reloaded like a crash
    vi.useFakeTimers()
    try {
      wc.emit('unresponsive')
      vi.advanceTimersByTime(10_000)
    } finally {
      vi.useRealTimers()
    }
    expect([wc.crashes, wc.reloads]).toEqual([1, 2])
    wc.emit('render-process-gone', new FakeEvent(), { reason: 'killed', exitCode: 9 })
    expect(wc.reloads).toBe(2)
    wc.emit('did-finish-load')
    expect(notices().at(-1)).toEqual({ level: 'warning', message: recoveryMessages().hung })
    wc.emit('render-process-gone', new FakeEvent(), { reason: 'oom', exitCode: 1 })
    expect(wc.reloads).toBe(3)
    // the fourth within the minute: no reload of its own, a question instead
    electron.dialog.nextResponse = 0
    wc.emit('render-process-gone', new FakeEvent(), { reason: 'crashed', exitCode: 1 })
    expect(electron.dialog.shown).toHaveLength(1)
    expect(electron.dialog.shown[0]?.window).toBe(w)
    expect(electron.dialog.shown[0]?.options).toMatchObject({
      message: recoveryMessages().repeated.message,
      buttons: ['Reload', 'Quit'],
    })
    // "Reload" starts a new count
    await vi.waitFor(() => expect(wc.reloads).toBe(4))
  })

  it('a shown window reads the clipboard once and offers an invoice on it; the setting off reads nothing', async () => {
    const w = mainWindow()
    const offers = () => w.webContents.sent.filter((m) => m.channel === 'wallet:event:clipboard.offer')
    const showAgain = () => {
      w.hide()
      w.show()
    }
    electron.clipboard.text = BOLT11_SPEC.coffee60s
    const before = electron.clipboard.reads
    showAgain()
    await vi.waitFor(() => expect(offers()).toHaveLength(1))
    expect(electron.clipboard.reads).toBe(before + 1)
    expect(offers()[0]?.payload).toEqual({ kind: 'invoice', value: BOLT11_SPEC.coffee60s })
    // focusing an already visible window is no new opening: nothing read
    electron.app.emit('activate')
    expect(electron.clipboard.reads).toBe(before + 1)
    expect((await invoke('settings.update', { offerClipboard: false })).ok).toBe(true)
    electron.clipboard.text = 'alice@sim.example'
    showAgain()
    await new Promise((r) => setTimeout(r, 50))
    expect(electron.clipboard.reads).toBe(before + 1)
    expect(offers()).toHaveLength(1)
    expect(stderr).not.toContain(BOLT11_SPEC.coffee60s.slice(0, 40))
    expect((await invoke('settings.update', { offerClipboard: true })).ok).toBe(true)
  })

  it('closing the window hides it while a tray exists', () => {
    const w = mainWindow()
    w.show()
    const close = new FakeEvent()
    w.emit('close', close)
    expect(close.defaultPrevented).toBe(true)
    expect(w.isVisible()).toBe(false)
  })

  it('quits gracefully: shutdown first (watcher, IPC, tray), then the real quit', async () => {
    const tray = electron.Tray.instances[0] as electron.Tray
    electron.app.quit()
    await vi.waitFor(() => expect(electron.calls.some((c) => c[0] === 'app.quitted')).toBe(true))
    expect(electron.app.quitRequests).toBe(2)
    expect(tray.destroyed).toBe(true)
    expect(electron.ipcMain.handlers.size).toBe(0)
    // once quitting, closing the window really closes it
    const close = new FakeEvent()
    mainWindow().emit('close', close)
    expect(close.defaultPrevented).toBe(false)
    // and a renderer that goes away while quitting is left alone
    const reloads = mainWindow().webContents.reloads
    mainWindow().webContents.emit('render-process-gone', new FakeEvent(), { reason: 'crashed', exitCode: 1 })
    expect(mainWindow().webContents.reloads).toBe(reloads)
  })

  it('wrote its log lines to stderr, and the demo key in none of them', () => {
    expect(stderr).toMatch(/ INFO app started /)
    expect(stderr).toMatch(/ WARN renderer gone /)
    expect(stderr).not.toContain(sim.keys.secret)
  })
})
