// The shell's registrars, run once Electron is ready: protocols and session rules, the app core,
// IPC, the menu and tray, links, power and lock watches, and the ordered shutdown. index.ts calls
// `startShell`; each registrar here connects Electron's objects to the small modules beside it.
import { join, resolve } from 'node:path'
import { APP_NAME, type EventPayload } from '@shared/contract'
import { app, ipcMain, Menu, nativeImage, net, powerMonitor, protocol, screen, session, shell, Tray } from 'electron'
import { mt } from '../services/i18n'
import { createAppProtocolHandler } from './appProtocol'
import type { SessionRules } from './boot'
import { type Core, createCore } from './core'
import { CSP } from './csp'
import { connectDemoAccount } from './demo'
import { registerOpHandlers } from './ipc'
import { createShutdown, quitWhenAllClosed, trayExpected } from './lifecycle'
import { openLink, PROTOCOLS } from './links'
import { watchForLock } from './lockWatch'
import { buildAppMenuTemplate } from './menu'
import { APP_SCHEME, type AppUrls } from './origins'
import { loadMenubar, startTray } from './popover'
import { watchPowerAndNetwork } from './power'
import { guardWebContents, hardenSession } from './security'
import { registerProtocolClient } from './singleInstance'
import { trayCommandRunner, trayIcon } from './tray'
import type { Windows } from './windows'

export interface Boot {
  urls: AppUrls
  sessionRules: SessionRules
  windows: Windows
  /** links that came before the app was ready go to this handler, then each as it comes */
  deliverLinks: (handler: (link: string) => void) => void
}

export async function startShell(boot: Boot): Promise<void> {
  const { urls, windows } = boot
  const root = app.getAppPath()
  const openExternal = (url: string) => shell.openExternal(url)
  // Icons ship as extraResources (electron-builder.yml): outside the asar, plain files for the OS.
  const icons = app.isPackaged ? join(process.resourcesPath, 'icons') : join(root, 'resources')
  registerProtocols(root, boot, openExternal)
  const core = createCore(root, windows, openExternal)
  const { wallet, sink } = core
  const preloadPath = join(root, 'out', 'preload', 'index.cjs')
  const log = (message: string, fields: Record<string, unknown>) => wallet.log.warn(message, fields)
  windows.open({
    sink,
    urls,
    preloadPath,
    iconPath: join(icons, 'icon.png'),
    openExternal,
    log,
    windowShown: () => wallet.windowShown(),
  })
  // The window opens at once; messages wait until settings are loaded and the sync loop runs.
  const started = wallet.start().then(
    () => true,
    (err: unknown) => {
      wallet.log.error('start-up failed', { error: err })
      return false
    },
  )
  const unregisterIpc = registerOpHandlers(
    ipcMain,
    { handle: (name, input, sender) => started.then(() => wallet.router.handle(name, input, sender)) },
    urls.trustedOrigins,
    () => core.refreshTray(),
  )
  const navigate = (target: EventPayload<'navigate'>) => {
    windows.showApp()
    sink.emit('navigate', target)
  }
  await registerMenuAndTray({ root, icons, preloadPath, urls, windows, core, navigate })
  if (!windows.popover()) windows.ensureWindow()
  // Links: now that the window exists, act on them (and on any that came early).
  const notice = (level: 'info' | 'warning', message: string) => {
    windows.showApp()
    sink.emit('notice', { level, message })
  }
  boot.deliverLinks((link) => openLink(link, { navigate, notice }))
  registerLifecycle(windows, core, unregisterIpc)
  if (await started) {
    core.emit('settings.updated', wallet.settings.current().settings)
    const demo = await connectDemoAccount(wallet.router, process.env, { isPackaged: app.isPackaged })
    if (typeof demo === 'object') sink.emit('notice', { level: 'error', message: `Demo account: ${demo.failed}` })
  }
}

/** The lightning: links, the app's own scheme, and the rules every session and web contents gets. */
function registerProtocols(
  root: string,
  boot: Pick<Boot, 'urls' | 'sessionRules'>,
  openExternal: (url: string) => Promise<void>,
) {
  for (const scheme of PROTOCOLS)
    registerProtocolClient(app, {
      scheme,
      defaultApp: process.defaultApp === true,
      execPath: process.execPath,
      appPath: process.argv[1] ? resolve(process.argv[1]) : undefined,
    })
  protocol.handle(APP_SCHEME, createAppProtocolHandler(join(root, 'out', 'renderer'), CSP))
  hardenSession(session.defaultSession, boot.sessionRules)
  // Every web contents, not just the main window's, gets the navigation and new-window rules.
  app.on('web-contents-created', (_e, contents) =>
    guardWebContents(contents, { trustedOrigins: boot.urls.trustedOrigins, openExternal }),
  )
}

async function registerMenuAndTray(o: {
  root: string
  icons: string
  preloadPath: string
  urls: AppUrls
  windows: Windows
  core: Core
  navigate: (target: EventPayload<'navigate'>) => void
}) {
  const { windows, navigate } = o
  const wallet = o.core.wallet
  const actions = { navigate, quit: () => app.quit() }
  const setMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildAppMenuTemplate({ appName: APP_NAME, platform: process.platform, isPackaged: app.isPackaged, actions }),
      ),
    )
  setMenu()
  // another language: the menu is built again; the tray follows from the settings event itself
  o.core.onLanguageChanged(setMenu)
  if (!trayExpected(process.platform, process.env)) return
  const onCommand = trayCommandRunner({
    quit: () => app.quit(),
    lock: () => wallet.lock.lock('tray'),
    hideBalances: (hide) =>
      void wallet.router.handle('settings.update', { hideBalances: hide }).then((r) => {
        // showing them needs the app's passphrase when one is set: asked in the window, on Home
        if (r.ok || r.error.code !== 'needs_passphrase') return
        navigate({ to: 'home' })
        o.core.sink.emit('notice', { level: 'info', message: mt('main.tray.showNeedsPassphrase') })
      }),
    pauseApps: (paused) => void wallet.router.handle('nwc.settings', { paused }),
    navigate,
    show: () => windows.showApp(),
  })
  const menubar = await loadMenubar(process.platform)
  windows.setTray(
    startTray({
      platform: process.platform,
      createTray: (icon) => new Tray(icon),
      buildMenu: (template) => Menu.buildFromTemplate(template),
      icon: (look) => trayIcon(nativeImage, o.icons, process.platform, look),
      onCommand,
      initial: o.core.trayState(),
      popover: menubar && {
        ...{ menubar, dir: o.root, startUrl: o.urls.startUrl, preloadPath: o.preloadPath, isPackaged: app.isPackaged },
        onWindow: (w) => windows.wire(w, false),
        workAreaOf: (bounds) => screen.getDisplayMatching(bounds).workArea,
      },
      onError: (message, error) => wallet.log.warn(message, { error }),
    }),
  )
}

/** Power and lock watches, activate and all-closed, and the ordered shutdown before quitting. */
function registerLifecycle(windows: Windows, core: Core, unregisterIpc: () => void) {
  const { wallet, desktop } = core
  const stopPower = watchPowerAndNetwork({ powerMonitor, isOnline: () => net.isOnline(), target: wallet.sync })
  const stopLockWatch = watchForLock({ powerMonitor, lock: wallet.lock })
  app.on('activate', () => windows.showApp())
  app.on('window-all-closed', () => {
    if (quitWhenAllClosed({ platform: process.platform, hasTray: windows.tray() !== null })) app.quit()
  })
  const shutdown = createShutdown(
    [
      { name: 'power hooks', run: () => [stopPower(), stopLockWatch()] },
      { name: 'ipc', run: unregisterIpc },
      // stops the sync loop (the ledger is written as it goes) and waits for background work
      { name: 'app', run: () => wallet.dispose() },
      { name: 'tray', run: () => windows.tray()?.destroy() },
      { name: 'shortcut', run: () => desktop.dispose() },
    ],
    { onError: (name, err) => wallet.log.warn('shutdown step failed', { step: name, error: err }) },
  )
  app.on('before-quit', (event) => {
    windows.quitting()
    if (shutdown.done) return
    event.preventDefault()
    void shutdown.run().then(() => app.quit())
  })
}
