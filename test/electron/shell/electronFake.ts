// A fake `electron` module for loading the real main entry (electron/main/index.ts) in Node.
// Each object records what the entry asked of it; tests drive its events.
import { EventEmitter } from 'node:events'
import { FakeBrowserWindow, FakeEvent, FakeWebContents } from './fakes'

export const calls: Array<[string, ...unknown[]]> = []
const record = (name: string, ...args: unknown[]) => calls.push([name, ...args])

class FakeApp extends EventEmitter {
  isPackaged = false
  userData = ''
  appPath = ''
  ready!: () => void
  readyPromise = new Promise<void>((r) => {
    this.ready = r
  })
  quitRequests = 0
  exited: number | null = null
  whenReady() {
    return this.readyPromise
  }
  sandboxed = false
  enableSandbox() {
    this.sandboxed = true
  }
  requestSingleInstanceLock() {
    return true
  }
  setName(n: string) {
    record('app.setName', n)
  }
  setAppUserModelId(id: string) {
    record('app.setAppUserModelId', id)
  }
  commandLine = {
    appendSwitch: (name: string, value?: string) => record('app.commandLine.appendSwitch', name, value),
  }
  getAppPath() {
    return this.appPath
  }
  getPath(name: string) {
    if (name !== 'userData') throw new Error(`unexpected getPath(${name})`)
    return this.userData
  }
  getVersion() {
    return '9.9.9'
  }
  setAsDefaultProtocolClient(...args: unknown[]) {
    record('app.setAsDefaultProtocolClient', ...args)
    return true
  }
  isDefaultProtocolClient() {
    return false
  }
  /** like Electron: `before-quit` first; quitting happens only if nobody prevented it */
  quit() {
    this.quitRequests++
    const e = new FakeEvent()
    this.emit('before-quit', e)
    if (!e.defaultPrevented) record('app.quitted')
  }
  exit(code: number) {
    this.exited = code
  }
  loginItem: unknown = null
  setLoginItemSettings(settings: unknown) {
    this.loginItem = settings
  }
}

export const app = new FakeApp()

export const ipcMain = {
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
  handle(channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`)
    this.handlers.set(channel, fn)
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel)
  },
}

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (req: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]) {
    this.privileged.push(...schemes)
    record('protocol.registerSchemesAsPrivileged', app.listenerCount('ready'))
  },
  handle(scheme: string, fn: (req: Request) => Promise<Response>) {
    this.handlers.set(scheme, fn)
  },
}

/** A session as the shell sees it: the handlers it was given. */
export function fakeSession() {
  const s = {
    requestHandler: null as unknown,
    checkHandler: null as unknown,
    headersHandler: null as unknown,
    deviceHandler: null as unknown,
    setDevicePermissionHandler(fn: unknown) {
      s.deviceHandler = fn
    },
    setPermissionRequestHandler(fn: unknown) {
      s.requestHandler = fn
    },
    setPermissionCheckHandler(fn: unknown) {
      s.checkHandler = fn
    },
    webRequest: {
      onHeadersReceived(fn: unknown) {
        s.headersHandler = fn
      },
    },
  }
  return s
}

export const session = { defaultSession: fakeSession() }

/** `showMessageBox` answers with `nextResponse` (0 = first button). */
export const dialog = {
  shown: [] as Array<{ window: unknown; options: Record<string, unknown> }>,
  nextResponse: 0,
  async showMessageBox(window: unknown, options: Record<string, unknown>) {
    dialog.shown.push({ window, options })
    return { response: dialog.nextResponse, checkboxChecked: false }
  },
}

export const shell = { opened: [] as string[], openExternal: async (url: string) => void shell.opened.push(url) }

export class Tray extends EventEmitter {
  static instances: Tray[] = []
  tooltip = ''
  menu: { template: Array<{ label?: string; click?: () => void }> } | null = null
  destroyed = false
  constructor(public icon: unknown) {
    super()
    Tray.instances.push(this)
  }
  setToolTip(t: string) {
    this.tooltip = t
  }
  setContextMenu(m: Tray['menu']) {
    this.menu = m
  }
  setImage(icon: unknown) {
    this.icon = icon
  }
  isDestroyed() {
    return this.destroyed
  }
  destroy() {
    this.destroyed = true
  }
}

export const Menu = {
  applicationMenu: null as unknown,
  buildFromTemplate: (template: unknown[]) => ({ template }),
  setApplicationMenu(m: unknown) {
    this.applicationMenu = m
  },
}

export const nativeImage = {
  createFromPath: (path: string) => ({
    path,
    template: false,
    setTemplateImage(v: boolean) {
      this.template = v
    },
  }),
}

/** Like Electron: `register` answers false for a shortcut another app holds, throws on nonsense. */
export const globalShortcut = {
  registered: new Map<string, () => void>(),
  taken: new Set<string>(),
  register(accelerator: string, fn: () => void) {
    if (!/^[\w+]+$/.test(accelerator)) throw new Error(`Error processing argument: ${accelerator}`)
    if (globalShortcut.taken.has(accelerator)) return false
    globalShortcut.registered.set(accelerator, fn)
    return true
  },
  unregister(accelerator: string) {
    globalShortcut.registered.delete(accelerator)
  },
}

/** the clipboard counts its reads: the offer must read it only as a window is shown */
export const clipboard = {
  text: '',
  reads: 0,
  async readText() {
    clipboard.reads++
    return clipboard.text
  },
}

export const net = { online: true, isOnline: () => net.online }

/** sleep, wake and screen lock are emitted by the test; the idle time is whatever it sets */
export const powerMonitor = Object.assign(new EventEmitter(), {
  idleSeconds: 0,
  getSystemIdleTime: () => powerMonitor.idleSeconds,
})

/** Touch ID, off unless a test turns it on (only macOS asks it at all) */
export const systemPreferences = {
  touchId: false,
  passes: true,
  canPromptTouchID: () => systemPreferences.touchId,
  promptTouchID: async (_reason: string) => {
    if (!systemPreferences.passes) throw new Error('Touch ID was cancelled')
  },
}

export class Notification extends EventEmitter {
  static shown: Notification[] = []
  static isSupported() {
    return true
  }
  constructor(public opts: Record<string, unknown> & { title: string; body: string }) {
    super()
  }
  show() {
    Notification.shown.push(this)
  }
}

/** Like Electron, a new window's web contents is announced on the app before anything loads. */
export class BrowserWindow extends FakeBrowserWindow {
  constructor(options: ConstructorParameters<typeof FakeBrowserWindow>[0]) {
    super(options)
    app.emit('web-contents-created', new FakeEvent(), this.webContents)
  }
}

/** Web contents the main window did not make (a devtools page, a webview that slipped in). */
export function otherWebContents(): FakeWebContents {
  const contents = new FakeWebContents()
  app.emit('web-contents-created', new FakeEvent(), contents)
  return contents
}

const electron = {
  app,
  ipcMain,
  protocol,
  session,
  shell,
  Tray,
  Menu,
  nativeImage,
  net,
  powerMonitor,
  systemPreferences,
  Notification,
  BrowserWindow,
  dialog,
  globalShortcut,
  clipboard,
}
export default electron
