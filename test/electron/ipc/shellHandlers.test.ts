// window.pin: pins the popover where there is one, only reports the pin when asked without one,
// and says "not available" where there is no popover.
import { describe, expect, it } from 'vitest'
import { shellHandlers } from '../../../electron/main/ipc/shell'

describe('window.pin', () => {
  it('sets and reports the popover pin', async () => {
    let pinned = false
    const popover = {
      setPinned: (p: boolean) => {
        pinned = p
        return pinned
      },
      pinned: () => pinned,
    }
    const h = shellHandlers({ popover: () => popover })
    expect(await h['window.pin']({})).toEqual({ pinned: false, available: true })
    expect(await h['window.pin']({ pinned: true })).toEqual({ pinned: true, available: true })
    expect(pinned).toBe(true)
    // asking again does not unpin it
    expect(await h['window.pin']({})).toEqual({ pinned: true, available: true })
    expect(await h['window.pin']({ pinned: false })).toEqual({ pinned: false, available: true })
  })

  it('is not available without a popover (Linux, a desktop without a tray, the preview)', async () => {
    expect(await shellHandlers({})['window.pin']({ pinned: true })).toEqual({ pinned: false, available: false })
    expect(await shellHandlers({ popover: () => null })['window.pin']({ pinned: true })).toEqual({
      pinned: false,
      available: false,
    })
  })
})
