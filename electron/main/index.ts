// The Electron entry: wires the shell (window, security, tray, menu, links, lifecycle) to the app
// that createApp builds. Every decision lives in a small module under ./shell; this file only
// connects Electron's objects to them.
import { join, resolve } from 'node:path'
import { APP_NAME, type Emit, type EventName } from '@shared/contract'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  nativeImage,
  net,
  powerMonitor,
  protocol,
  session,
  shell,
  Tray,
} from 'electron'
import { createApp } from './app/createApp'
import { createLogger } from './log'
import { createElectronNotifier } from './services/notify'
import { RATE_SOURCE_URL } from './services/rates'
import { createKeytarStore } from './services/secrets'
import type { TrayCommand } from './services/tray'
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './shell/appProtocol'
import { CSP, DEV_CSP } from './shell/csp'
import { connectDemoAccount } from './shell/demo'
import { createEventSink } from './shell/events'
import { registerOpHandlers } from './shell/ipc'
import { closeAction, createShutdown, quitWhenAllClosed, trayExpected } from './shell/lifecycle'
import { lightningLinkFromArgv, linkAction, PROTOCOL } from './shell/links'
import { buildAppMenuTemplate } from './shell/menu'
import { APP_SCHEME, resolveAppUrls } from './shell/origins'
import { watchPowerAndNetwork } from './shell/power'
import { superviseRenderer } from './shell/recovery'
import { createSaveFile } from './shell/saveFile'
import { guardWebContents, hardenSession } from './shell/security'
import { claimSingleInstance, registerProtocolClient } from './shell/singleInstance'
import { createTrayController, type TrayController, trayIcon } from './shell/tray'
import { countPending, INITIAL_TRAY_STATE, reduceTrayState } from './shell/trayState'
import { createMainWindow, showWindow } from './shell/window'

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
let quitting = false
/** links that arrived before the app was ready (macOS delivers them before `ready`) */
let onLink: ((link: string) => void) | null = null
const earlyLinks: string[] = []
const receiveLink = (link: string) => (onLink ? onLink(link) : earlyLinks.push(link))

if (
  claimSingleInstance(app, (argv) => {
    showWindow(win)
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

  registerProtocolClient(app, {
    scheme: PROTOCOL,
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
  const emit: Emit = (event, payload) => {
    sink.emit(event, payload)
    refreshTray(event, payload)
  }
  const navigate = (target: Parameters<typeof sink.emit<'navigate'>>[1]) => {
    showWindow(ensureWindow())
    sink.emit('navigate', target)
  }

  core = createApp({
    userDataDir: app.getPath('userData'),
    secretStore: createKeytarStore(KEYCHAIN_SERVICE),
    notifier: createElectronNotifier(Notification, {
      onShowWindow: () => showWindow(ensureWindow()),
      onFailed: (error) => core?.log.warn('notification not shown', { error }),
    }),
    emit,
    appVersion: app.getVersion(),
    platform: process.platform,
    preview: false,
    // a packaged app does not check event payloads at run time (their types are checked at build)
    checkEvents: !app.isPackaged,
    saveFile: createSaveFile((options) => (win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options))),
    rates: { sourceUrl: RATE_SOURCE_URL },
    visible: () => win?.isVisible() === true && !win.isMinimized(),
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
    {
      handle: async (name, input, sender) => {
        await started
        return wallet.router.handle(name, input, sender)
      },
    },
    urls.trustedOrigins,
    () => refreshTray(),
  )

  function ensureWindow(): BrowserWindow {
    if (win && !win.isDestroyed()) return win
    const w = createMainWindow({
      BrowserWindow,
      preloadPath: join(root, 'out', 'preload', 'index.cjs'),
      iconPath,
      startUrl: urls.startUrl,
      trustedOrigins: urls.trustedOrigins,
      openExternal,
      isPackaged: app.isPackaged,
    })
    w.webContents.on('did-finish-load', () => sink.attach(w.webContents))
    w.webContents.on('did-start-loading', () => sink.detach())
    superviseRenderer({
      contents: w.webContents,
      notice: (message) => sink.emit('notice', { level: 'warning', message }),
      askAfterRepeatedFailure: async ({ message, detail }) => {
        const options = {
          type: 'error' as const,
          message,
          detail,
          buttons: ['Reload', 'Quit'],
          defaultId: 0,
          cancelId: 0,
        }
        const { response } = await dialog.showMessageBox(w, options)
        return response === 1 ? 'quit' : 'reload'
      },
      quit: () => app.quit(),
      isQuitting: () => quitting,
      log: (message, fields) => wallet.log.warn(message, fields),
    })
    w.on('close', (event) => {
      if (closeAction({ quitting, hasTray: tray !== null }) === 'hide') {
        event.preventDefault()
        w.hide()
      }
    })
    w.on('closed', () => {
      sink.detach()
      if (win === w) win = null
    })
    win = w
    return w
  }

  const onTrayCommand = (command: TrayCommand) => {
    if (command.kind === 'quit') return app.quit()
    if (command.navigate) navigate(command.navigate)
    else showWindow(ensureWindow())
  }

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildAppMenuTemplate({
        appName: APP_NAME,
        platform: process.platform,
        isPackaged: app.isPackaged,
        actions: { navigate, quit: () => app.quit() },
      }),
    ),
  )

  if (trayExpected(process.platform, process.env)) {
    try {
      tray = createTrayController({
        createTray: (icon) => new Tray(icon),
        buildMenu: (template) => Menu.buildFromTemplate(template),
        icon: trayIcon(nativeImage, icons, process.platform),
        platform: process.platform,
        onCommand: onTrayCommand,
        initial: trayState,
      })
    } catch (err) {
      // No tray on this desktop: the window and the launcher stay the way in.
      wallet.log.warn('no tray', { error: err })
      tray = null
    }
  }

  ensureWindow()

  // Links: now that the window exists, act on them (and on any that came early).
  onLink = (link) => {
    const action = linkAction(link)
    if (action.kind === 'navigate') navigate(action.target)
    else {
      showWindow(ensureWindow())
      sink.emit('notice', { level: action.level, message: action.message })
    }
  }
  for (const link of earlyLinks.splice(0)) onLink(link)

  const stopPower = watchPowerAndNetwork({ powerMonitor, isOnline: () => net.isOnline(), target: wallet.sync })

  app.on('activate', () => showWindow(ensureWindow()))
  app.on('window-all-closed', () => {
    if (quitWhenAllClosed({ platform: process.platform, hasTray: tray !== null })) app.quit()
  })
  const shutdown = createShutdown(
    [
      { name: 'power hooks', run: stopPower },
      { name: 'ipc', run: unregisterIpc },
      // stops the sync loop (the ledger is written as it goes) and waits for background work
      { name: 'app', run: () => wallet.dispose() },
      { name: 'tray', run: () => tray?.destroy() },
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
    const demo = await connectDemoAccount(wallet.router, process.env, { isPackaged: app.isPackaged })
    if (typeof demo === 'object') sink.emit('notice', { level: 'error', message: `Demo account: ${demo.failed}` })
  }
}
