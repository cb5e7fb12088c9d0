// The Electron entry: wires the shell (window, security, tray, menu, links, lifecycle) to the app
// that createApp builds. Every decision lives in a small module under ./shell; this file only
// connects Electron's objects to them.
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { APP_NAME, type Emit, type EventName, type Settings } from '@shared/contract'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  Notification,
  nativeImage,
  net,
  powerMonitor,
  protocol,
  screen,
  session,
  shell,
  systemPreferences,
  Tray,
} from 'electron'
import { createApp } from './app/createApp'
import { createLogger } from './log'
import { appProgram, createAutostart } from './services/autostart'
import { createElectronNotifier } from './services/notify'
import { HISTORY_SOURCE_URL, RATE_SOURCE_URL } from './services/rates'
import { createKeytarStore } from './services/secrets'
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './shell/appProtocol'
import { CSP, DEV_CSP } from './shell/csp'
import { connectDemoAccount, demoRateSources } from './shell/demo'
import { createDesktopSettings } from './shell/desktopSettings'
import { createEventSink } from './shell/events'
import { registerOpHandlers } from './shell/ipc'
import { createShutdown, quitWhenAllClosed, trayExpected } from './shell/lifecycle'
import { lightningLinkFromArgv, openLink, PROTOCOLS } from './shell/links'
import { watchForLock } from './shell/lockWatch'
import { buildAppMenuTemplate } from './shell/menu'
import { fileDialogs } from './shell/openFile'
import { APP_SCHEME, resolveAppUrls } from './shell/origins'
import { createOsCheck } from './shell/osCheck'
import { loadMenubar, type Popover, startTray } from './shell/popover'
import { watchPowerAndNetwork } from './shell/power'
import { guardWebContents, hardenSession, openAllowedExternal } from './shell/security'
import { claimSingleInstance, registerProtocolClient } from './shell/singleInstance'
import { type TrayController, trayCommandRunner, trayIcon } from './shell/tray'
import { countPending, INITIAL_TRAY_STATE, reduceTrayState } from './shell/trayState'
import { createMainWindow, isSeen, showWindow } from './shell/window'
import { wireWindow } from './shell/windowWiring'

/** keychain service name: one entry per account id under it */
const KEYCHAIN_SERVICE = 'Lightning Tray'
const APP_ID = 'org.lightningtray.app'

// Must happen before `ready`.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox()
const urls = resolveAppUrls({ isPackaged: app.isPackaged, devUrl: process.env.ELECTRON_RENDERER_URL })
const sessionRules = { trustedOrigins: urls.trustedOrigins, csp: urls.dev ? DEV_CSP : CSP }
// Every session, the default one and any made later, gets the permission rules and the CSP header.
app.on('session-created', (created) => hardenSession(created, sessionRules))
app.setName(APP_NAME)
if (process.platform === 'win32') app.setAppUserModelId(APP_ID)

let win: BrowserWindow | null = null
let tray: TrayController | null = null
let popover: Popover | null = null
/** the popover where there is one (macOS, Windows), else the normal window */
let showApp = () => showWindow(win)
const currentWindow = () => (popover ? popover.window() : win && !win.isDestroyed() ? win : null)
let quitting = false
/** links that arrived before the app was ready (macOS delivers them before `ready`) */
let onLink: ((link: string) => void) | null = null
const earlyLinks: string[] = []
const receiveLink = (link: string) => (onLink ? onLink(link) : earlyLinks.push(link))

if (
  claimSingleInstance(app, (argv) => {
    showApp()
    const link = lightningLinkFromArgv(argv)
    if (link) receiveLink(link)
  })
) {
  app.on('open-url', (event, url) => {
    event.preventDefault()
    receiveLink(url)
  })
  const first = lightningLinkFromArgv(process.argv)
  if (first) receiveLink(first)
  app
    .whenReady()
    .then(main)
    .catch((err: unknown) => {
      // Redacted like every other line: a library's error message may carry a key.
      createLogger().error('Lightning Tray could not start', { error: err })
      app.exit(1)
    })
}

async function main(): Promise<void> {
  const root = app.getAppPath()
  const openExternal = (url: string) => shell.openExternal(url)
  // Icons ship as extraResources (electron-builder.yml): outside the asar, plain files for the OS.
  const icons = app.isPackaged ? join(process.resourcesPath, 'icons') : join(root, 'resources')
  const iconPath = join(icons, 'icon.png')
  const preloadPath = join(root, 'out', 'preload', 'index.cjs')
  for (const scheme of PROTOCOLS)
    registerProtocolClient(app, {
      scheme,
      defaultApp: process.defaultApp === true,
      execPath: process.execPath,
      appPath: process.argv[1] ? resolve(process.argv[1]) : undefined,
    })
  protocol.handle(APP_SCHEME, createAppProtocolHandler(join(root, 'out', 'renderer'), CSP))
  hardenSession(session.defaultSession, sessionRules)
  // Every web contents, not just the main window's, gets the navigation and new-window rules.
  app.on('web-contents-created', (_e, contents) =>
    guardWebContents(contents, { trustedOrigins: urls.trustedOrigins, openExternal }),
  )

  // Events: to the page (navigate waits for it) and into the tray's state.
  const sink = createEventSink()
  let trayState = INITIAL_TRAY_STATE
  let core: ReturnType<typeof createApp> | null = null
  const pendingInvoices = () => core?.sync.list() ?? []
  const refreshTray = (event: EventName | null = null, payload: unknown = null) => {
    trayState = event
      ? reduceTrayState(trayState, event, payload, pendingInvoices)
      : { ...trayState, pendingCount: countPending(pendingInvoices()) }
    tray?.update(trayState)
  }
  const desktop = createDesktopSettings({
    platform: process.platform,
    globalShortcut,
    setLoginItemSettings: (s) => app.setLoginItemSettings(s),
    autostart: createAutostart({ env: process.env, home: homedir(), name: APP_NAME, ...appProgram(root) }),
    onShortcut: () => showApp(),
    onLockShortcut: () => core?.lock.lock('shortcut'),
    notice: (notice) => sink.emit('notice', notice),
  })
  const emit: Emit = (event, payload) => {
    sink.emit(event, payload)
    refreshTray(event, payload)
    if (event === 'settings.updated') void desktop.apply(payload as Settings)
  }
  showApp = () => (popover ? popover.show() : showWindow(ensureWindow()))
  const navigate = (target: Parameters<typeof sink.emit<'navigate'>>[1]) => {
    showApp()
    sink.emit('navigate', target)
  }

  core = createApp({
    userDataDir: app.getPath('userData'),
    secretStore: createKeytarStore(KEYCHAIN_SERVICE),
    notifier: createElectronNotifier(Notification, {
      onShowWindow: () => showApp(),
      onFailed: (error) => core?.log.warn('notification not shown', { error }),
    }),
    emit,
    appVersion: app.getVersion(),
    platform: process.platform,
    preview: false,
    // packaged: no event payload checked at run time (types are, at build), no plain-http LNURL
    isPackaged: app.isPackaged,
    ...fileDialogs(dialog, currentWindow, (ask) => (popover ? popover.holdOpen(ask) : ask())),
    rates: demoRateSources(process.env, app, { sourceUrl: RATE_SOURCE_URL, historyUrl: HISTORY_SOURCE_URL }),
    visible: () => isSeen(currentWindow()),
    popover: () => popover,
    openLink: openAllowedExternal(openExternal),
    clipboard,
    osCheck: createOsCheck(process.platform, systemPreferences),
  })
  const wallet = core
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
    () => refreshTray(),
  )

  const wire = (w: BrowserWindow, hideOnClose: boolean, onClosed = () => {}) =>
    wireWindow(w, {
      hideOnClose,
      sink,
      showMessageBox: (parent, options) => dialog.showMessageBox(parent, options),
      quit: () => app.quit(),
      isQuitting: () => quitting,
      hasTray: () => tray !== null,
      log: (message, fields) => wallet.log.warn(message, fields),
      onClosed,
      onShown: () => wallet.windowShown(),
    })

  function ensureWindow(): BrowserWindow {
    if (win && !win.isDestroyed()) return win
    const w = createMainWindow({
      BrowserWindow,
      preloadPath,
      iconPath,
      startUrl: urls.startUrl,
      trustedOrigins: urls.trustedOrigins,
      openExternal,
      isPackaged: app.isPackaged,
    })
    wire(w, true, () => {
      if (win === w) win = null
    })
    win = w
    return w
  }

  const onTrayCommand = trayCommandRunner({
    quit: () => app.quit(),
    lock: () => wallet.lock.lock('tray'),
    hideBalances: (hide) => void wallet.router.handle('settings.update', { hideBalances: hide }),
    navigate,
    show: () => showApp(),
  })

  const actions = { navigate, quit: () => app.quit() }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildAppMenuTemplate({ appName: APP_NAME, platform: process.platform, isPackaged: app.isPackaged, actions }),
    ),
  )

  if (trayExpected(process.platform, process.env)) {
    const menubar = await loadMenubar(process.platform)
    ;({ tray, popover } = startTray({
      platform: process.platform,
      createTray: (icon) => new Tray(icon),
      buildMenu: (template) => Menu.buildFromTemplate(template),
      icon: (look) => trayIcon(nativeImage, icons, process.platform, look),
      onCommand: onTrayCommand,
      initial: trayState,
      popover: menubar && {
        ...{ menubar, dir: root, startUrl: urls.startUrl, preloadPath, isPackaged: app.isPackaged },
        onWindow: (w) => wire(w, false),
        workAreaOf: (bounds) => screen.getDisplayMatching(bounds).workArea,
      },
      onError: (message, error) => wallet.log.warn(message, { error }),
    }))
  }

  if (!popover) ensureWindow()

  // Links: now that the window exists, act on them (and on any that came early).
  const notice = (level: 'info' | 'warning', message: string) => {
    showApp()
    sink.emit('notice', { level, message })
  }
  onLink = (link) => openLink(link, { navigate, notice })
  for (const link of earlyLinks.splice(0)) onLink(link)

  const stopPower = watchPowerAndNetwork({ powerMonitor, isOnline: () => net.isOnline(), target: wallet.sync })
  const stopLockWatch = watchForLock({ powerMonitor, lock: wallet.lock })

  app.on('activate', () => showApp())
  app.on('window-all-closed', () => {
    if (quitWhenAllClosed({ platform: process.platform, hasTray: tray !== null })) app.quit()
  })
  const shutdown = createShutdown(
    [
      { name: 'power hooks', run: () => [stopPower(), stopLockWatch()] },
      { name: 'ipc', run: unregisterIpc },
      // stops the sync loop (the ledger is written as it goes) and waits for background work
      { name: 'app', run: () => wallet.dispose() },
      { name: 'tray', run: () => tray?.destroy() },
      { name: 'shortcut', run: () => desktop.dispose() },
    ],
    { onError: (name, err) => wallet.log.warn('shutdown step failed', { step: name, error: err }) },
  )
  app.on('before-quit', (event) => {
    quitting = true
    if (shutdown.done) return
    event.preventDefault()
    void shutdown.run().then(() => app.quit())
  })

  if (await started) {
    emit('settings.updated', wallet.settings.current().settings)
    const demo = await connectDemoAccount(wallet.router, process.env, { isPackaged: app.isPackaged })
    if (typeof demo === 'object') sink.emit('notice', { level: 'error', message: `Demo account: ${demo.failed}` })
  }
}
