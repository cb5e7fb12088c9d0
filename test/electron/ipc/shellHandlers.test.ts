// window.pin: pins the popover where there is one, only reports the pin when asked without one,
// and says "not available" where there is no popover; link.open hands only https links to the browser.

import { describe, expect, it } from 'vitest'
import { shellHandlers } from '../../../electron/main/ipc/shell'
import { openAllowedExternal } from '../../../electron/main/shell/security'

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

describe('link.open', () => {
  it('opens an https link and refuses any other, checked in main whatever the renderer sent', async () => {
    const opened: string[] = []
    const h = shellHandlers({ openLink: openAllowedExternal((url) => opened.push(url)) })
    expect(await h['link.open']({ url: 'https://tickets.example/t/12' })).toEqual({ opened: true })
    for (const url of [
      'javascript:alert(1)',
      'http://tickets.example/t/12',
      'file:///etc/passwd',
      'https://pay.example@evil.example/',
      'not a url',
    ])
      await expect(h['link.open']({ url })).rejects.toMatchObject({ code: 'invalid_input' })
    expect(opened).toEqual(['https://tickets.example/t/12'])
  })

  it('opens nothing without a browser to hand it to', async () => {
    await expect(shellHandlers({})['link.open']({ url: 'https://tickets.example/' })).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })
})
