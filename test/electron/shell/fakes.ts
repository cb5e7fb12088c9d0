// Small stand-ins for the Electron objects the shell touches. They record what the shell asked for.
import { EventEmitter } from 'node:events'
import type { BrowserWindowConstructorOptions } from 'electron'

export class FakeEvent {
  defaultPrevented = false
  constructor(public url = '') {}
  preventDefault() {
    this.defaultPrevented = true
  }
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null
  sent: Array<{ channel: string; payload: unknown }> = []
  destroyed = false
  reloads = 0
  crashes = 0
  reload() {
    this.reloads++
  }
  /** Electron ends the renderer and then emits `render-process-gone`; a test emits that itself. */
  forcefullyCrashRenderer() {
    this.crashes++
  }
  setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
    this.windowOpenHandler = fn
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload })
  }
  isDestroyed() {
    return this.destroyed
  }
  /** Emits a navigation-style event the way Electron 45 does: one Event with `url`. */
  navigate(kind: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', url: string): FakeEvent {
    const e = new FakeEvent(url)
    this.emit(kind, e, url)
    return e
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = []
  webContents = new FakeWebContents()
  loaded: string[] = []
  visible = false
  minimized = false
  focused = 0
  destroyed = false
  constructor(public options: BrowserWindowConstructorOptions) {
    super()
    FakeBrowserWindow.instances.push(this)
  }
  loadURL(url: string) {
    this.loaded.push(url)
    return Promise.resolve()
  }
  show() {
    // as Electron: 'show' when a hidden window becomes visible
    const was = this.visible
    this.visible = true
    if (!was) this.emit('show')
  }
  hide() {
    this.visible = false
  }
  isVisible() {
    return this.visible
  }
  isMinimized() {
    return this.minimized
  }
  restore() {
    this.minimized = false
  }
  focus() {
    this.focused++
  }
  isDestroyed() {
    return this.destroyed
  }
  destroy() {
    this.destroyed = true
    this.emit('closed')
  }
}
