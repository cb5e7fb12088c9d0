// The tray popover: the real `menubar` library driven through a fake `electron` (put in Node's
// require cache, where menubar looks for it), so what is checked is what menubar really does with
// our options: the window it makes, where it puts it, blur, Escape and the pin.
import { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPopover,
  type MenubarLike,
  POPOVER_HEIGHT,
  POPOVER_WIDTH,
  popoverOptions,
  popoverUsed,
} from '../../../electron/main/shell/popover'
import { clampToWorkArea, type Rect } from '../../../electron/main/shell/popoverPosition'
import { FakeBrowserWindow } from './fakes'
import { secureWebPreferences } from './securePreferences'

class PopoverWindow extends FakeBrowserWindow {
  static made: PopoverWindow[] = []
  onTop = false
  bounds: Rect = { x: 0, y: 0, width: 0, height: 0 }
  constructor(options: ConstructorParameters<typeof FakeBrowserWindow>[0]) {
    super(options)
    this.bounds = { x: 0, y: 0, width: options.width ?? 0, height: options.height ?? 0 }
    PopoverWindow.made.push(this)
  }
  setAlwaysOnTop(v: boolean) {
    this.onTop = v
  }
  isAlwaysOnTop() {
    return this.onTop
  }
  setVisibleOnAllWorkspaces() {}
  setPosition(x: number, y: number) {
    this.bounds = { ...this.bounds, x, y }
  }
  getSize() {
    return [this.bounds.width, this.bounds.height]
  }
  getBounds() {
    return { ...this.bounds }
  }
}

class FakeTray extends EventEmitter {
  tooltip = ''
  constructor(public bounds: Rect) {
    super()
  }
  setToolTip(t: string) {
    this.tooltip = t
  }
  getBounds() {
    return this.bounds
  }
}

/** one display of 1920×1080 at `offset`, its work area short of a taskbar on `side` */
function display(side: 'top' | 'bottom' | 'left' | 'right', offset = { x: 0, y: 0 }) {
  const bar = 40
  const bounds = { ...offset, width: 1920, height: 1080 }
  const workArea = {
    x: offset.x + (side === 'left' ? bar : 0),
    y: offset.y + (side === 'top' ? bar : 0),
    width: 1920 - (side === 'left' || side === 'right' ? bar : 0),
    height: 1080 - (side === 'top' || side === 'bottom' ? bar : 0),
  }
  return { bounds, workArea }
}
let shown = display('bottom')
const fakeElectron = {
  app: Object.assign(new EventEmitter(), { isReady: () => true, getAppPath: () => '/app' }),
  BrowserWindow: PopoverWindow,
  Tray: FakeTray,
  screen: {
    getDisplayMatching: () => shown,
    getDisplayNearestPoint: () => shown,
    getCursorScreenPoint: () => ({ x: 0, y: 0 }),
  },
}

const require = createRequire(import.meta.url)
const realPlatform = process.platform
let menubar: (options: unknown) => MenubarLike & EventEmitter
beforeAll(() => {
  // menubar reads the platform as it loads and as it shows: Windows, where every taskbar side exists.
  Object.defineProperty(process, 'platform', { value: 'win32' })
  const electronPath = require.resolve('electron', { paths: [require.resolve('menubar')] })
  require.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: fakeElectron,
  } as never
  menubar = require('menubar').menubar
})
afterAll(() => {
  Object.defineProperty(process, 'platform', { value: realPlatform })
})

const base = {
  dir: '/app',
  startUrl: 'app://bundle/index.html',
  preloadPath: '/app/out/preload/index.cjs',
  isPackaged: true,
  tooltip: 'Lightning Tray: not connected',
}

async function openPopover(trayBounds: Rect) {
  const tray = new FakeTray(trayBounds)
  const mb = menubar(popoverOptions({ ...base, tray: tray as never }))
  const windows: unknown[] = []
  const errors: unknown[] = []
  const popover = createPopover({
    menubar: mb,
    workAreaOf: () => shown.workArea,
    onWindow: (w) => windows.push(w),
    onError: (e) => errors.push(e),
  })
  // preloadWindow: the window is made and loaded before any click
  await new Promise<void>((resolve) => mb.once('after-create-window', resolve))
  const win = PopoverWindow.made.at(-1) as PopoverWindow
  return { tray, mb, popover, win, windows, errors }
}
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms))

describe('popover', () => {
  it('is used on macOS and Windows when there is a tray, never on Linux', () => {
    expect(popoverUsed('darwin', true)).toBe(true)
    expect(popoverUsed('win32', true)).toBe(true)
    expect(popoverUsed('linux', true)).toBe(false)
    expect(popoverUsed('darwin', false)).toBe(false)
  })

  it('menubar makes a frameless 380×600 window with exactly the main window’s webPreferences', async () => {
    const { win, windows, tray } = await openPopover({ x: 1800, y: 1045, width: 24, height: 24 })
    expect(win.options).toEqual({
      title: 'Lightning Tray',
      width: POPOVER_WIDTH,
      height: POPOVER_HEIGHT,
      show: false,
      frame: false,
      resizable: false,
      skipTaskbar: true,
      fullscreenable: false,
      webPreferences: secureWebPreferences({ preload: base.preloadPath, devTools: false }),
    })
    expect([POPOVER_WIDTH, POPOVER_HEIGHT]).toEqual([380, 600])
    expect(win.loaded).toEqual(['app://bundle/index.html'])
    expect(windows).toEqual([win])
    expect(tray.tooltip).toBe(base.tooltip)
    expect(win.visible).toBe(false)
  })

  it('asked to show before menubar is ready (a link at start), it shows once ready', async () => {
    const tray = new FakeTray({ x: 1800, y: 1045, width: 24, height: 24 })
    const mb = menubar(popoverOptions({ ...base, tray: tray as never }))
    const errors: unknown[] = []
    const popover = createPopover({
      menubar: mb,
      workAreaOf: () => shown.workArea,
      onWindow: () => {},
      onError: (e) => errors.push(e),
    })
    popover.show()
    await new Promise<void>((resolve) => mb.once('after-show', resolve))
    expect(popover.window()?.isVisible()).toBe(true)
    expect(errors).toEqual([])
  })

  it('a tray click shows it by the icon; blur hides it unless pinned; Escape hides it', async () => {
    shown = display('bottom')
    const { tray, popover, win } = await openPopover({ x: 1800, y: 1045, width: 24, height: 24 })
    tray.emit('click', {}, tray.bounds)
    await tick()
    expect(win.visible).toBe(true)
    // Windows, bottom taskbar: bottom right of the work area
    expect(win.bounds).toMatchObject({ x: 1920 - 380, y: 1040 - 600 })
    win.emit('blur')
    await tick(150)
    expect(win.visible).toBe(false)

    expect(popover.setPinned(true)).toBe(true)
    expect(win.onTop).toBe(true)
    popover.show()
    await tick()
    win.emit('blur')
    await tick(150)
    expect(win.visible).toBe(true)

    const key = (type: string, k: string) => win.webContents.emit('before-input-event', {}, { type, key: k })
    key('keyDown', 'a')
    key('keyUp', 'Escape')
    expect(win.visible).toBe(true)
    key('keyDown', 'Escape')
    expect(win.visible).toBe(false)
    expect(popover.setPinned(false)).toBe(false)
    expect(win.onTop).toBe(false)
  })

  it('stays open while a save dialog runs, then follows the pin again', async () => {
    shown = display('bottom')
    const { tray, popover, win } = await openPopover({ x: 1800, y: 1045, width: 24, height: 24 })
    tray.emit('click', {}, tray.bounds)
    await tick()
    let answer: (v: string) => void = () => {}
    const held = popover.holdOpen(() => new Promise<string>((r) => (answer = r)))
    expect(win.onTop).toBe(true)
    win.emit('blur')
    await tick(150)
    expect(win.visible).toBe(true)
    // pinning and unpinning meanwhile does not drop the hold
    popover.setPinned(true)
    popover.setPinned(false)
    expect(win.onTop).toBe(true)
    answer('/home/p/vouchers.pdf')
    expect(await held).toBe('/home/p/vouchers.pdf')
    expect(win.onTop).toBe(false)
    win.emit('blur')
    await tick(150)
    expect(win.visible).toBe(false)
    // a failed task lets go too
    await expect(popover.holdOpen(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(win.onTop).toBe(false)
  })

  it('stays inside the work area whatever the taskbar side, corner or display offset', async () => {
    const cases: Array<[ReturnType<typeof display>, Rect]> = [
      [display('bottom'), { x: 1890, y: 1050, width: 24, height: 24 }],
      [display('top'), { x: 1890, y: 8, width: 24, height: 24 }],
      // an icon near the top left corner: menubar's own position would be off screen to the left
      [display('top'), { x: 4, y: 8, width: 24, height: 24 }],
      [display('left'), { x: 8, y: 1050, width: 24, height: 24 }],
      [display('right'), { x: 1890, y: 1050, width: 24, height: 24 }],
      [display('bottom', { x: -1920, y: 0 }), { x: -30, y: 1050, width: 24, height: 24 }],
      [display('top', { x: 1920, y: -1080 }), { x: 1925, y: -1072, width: 24, height: 24 }],
    ]
    for (const [d, icon] of cases) {
      shown = d
      const { tray, win, mb } = await openPopover(icon)
      tray.emit('click', {}, icon)
      await tick()
      const b = win.bounds
      const a = d.workArea
      expect(b.x, JSON.stringify({ d, icon, b })).toBeGreaterThanOrEqual(a.x)
      expect(b.y).toBeGreaterThanOrEqual(a.y)
      expect(b.x + b.width).toBeLessThanOrEqual(a.x + a.width)
      expect(b.y + b.height).toBeLessThanOrEqual(a.y + a.height)
      mb.hideWindow()
    }
  })
})

describe('clampToWorkArea', () => {
  const area = { x: 100, y: 50, width: 1000, height: 700 }
  it('moves a window that sticks out on any side back in by the least distance', () => {
    const w = (x: number, y: number) => ({ x, y, width: 380, height: 600 })
    expect(clampToWorkArea(w(300, 100), area)).toEqual({ x: 300, y: 100 })
    expect(clampToWorkArea(w(-90, 100), area)).toEqual({ x: 100, y: 100 })
    expect(clampToWorkArea(w(900, 100), area)).toEqual({ x: 720, y: 100 })
    expect(clampToWorkArea(w(300, 0), area)).toEqual({ x: 300, y: 50 })
    expect(clampToWorkArea(w(300, 400), area)).toEqual({ x: 300, y: 150 })
    expect(clampToWorkArea(w(-5000, 9000), area)).toEqual({ x: 100, y: 150 })
  })
  it('puts a window bigger than the area at its top left, and rounds', () => {
    expect(clampToWorkArea({ x: 500, y: 500, width: 2000, height: 900 }, area)).toEqual({ x: 100, y: 50 })
    expect(clampToWorkArea({ x: 300.6, y: 100.4, width: 380, height: 600 }, area)).toEqual({ x: 301, y: 100 })
  })
})
