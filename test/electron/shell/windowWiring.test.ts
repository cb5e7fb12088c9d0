// Close-to-tray is for the normal window only: menubar lets go of a popover on `close` whatever
// happens next, so a popover that only hid would be lost and a second one made.
import { describe, expect, it } from 'vitest'
import { createEventSink } from '../../../electron/main/shell/events'
import { loadMenubar } from '../../../electron/main/shell/popover'
import { wireWindow } from '../../../electron/main/shell/windowWiring'
import { FakeBrowserWindow, FakeEvent } from './fakes'

function wired(hideOnClose: boolean) {
  const w = new FakeBrowserWindow({})
  let closed = 0
  wireWindow(w as never, {
    sink: createEventSink(),
    showMessageBox: async () => ({ response: 0 }),
    quit: () => {},
    isQuitting: () => false,
    hasTray: () => true,
    log: () => {},
    onClosed: () => closed++,
    hideOnClose,
  })
  w.visible = true
  const event = new FakeEvent()
  w.emit('close', event)
  w.emit('closed')
  return { w, event, closed }
}

describe('wireWindow', () => {
  it('the normal window hides on close while there is a tray', () => {
    const { w, event } = wired(true)
    expect(event.defaultPrevented).toBe(true)
    expect(w.visible).toBe(false)
  })
  it('the popover really closes', () => {
    const { w, event, closed } = wired(false)
    expect(event.defaultPrevented).toBe(false)
    expect(w.visible).toBe(true)
    expect(closed).toBe(1)
  })
})

describe('loadMenubar', () => {
  it('is not loaded on Linux, and a menubar that cannot load means no popover rather than no app', async () => {
    expect(await loadMenubar('linux')).toBeNull()
    // here `electron` is the npm package without its binary: requiring it throws, as a broken install would
    expect(await loadMenubar('win32')).toBeNull()
  })
})

describe('the clipboard offer reaches the page', () => {
  it('a window calls onShown as it is shown, and an offer made before the page loaded waits for it', () => {
    const w = new FakeBrowserWindow({})
    const sink = createEventSink()
    let shown = 0
    wireWindow(w as never, {
      sink,
      showMessageBox: async () => ({ response: 0 }),
      quit: () => {},
      isQuitting: () => false,
      hasTray: () => true,
      log: () => {},
      onClosed: () => {},
      onShown: () => shown++,
      hideOnClose: true,
    })
    w.show()
    w.show()
    expect(shown).toBe(1)
    sink.emit('clipboard.offer', { kind: 'address', value: 'alice@example.com' })
    expect(w.webContents.sent).toEqual([])
    w.webContents.emit('did-finish-load')
    expect(w.webContents.sent).toEqual([
      { channel: 'wallet:event:clipboard.offer', payload: { kind: 'address', value: 'alice@example.com' } },
    ])
  })
})
