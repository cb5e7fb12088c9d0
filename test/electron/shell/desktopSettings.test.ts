// The global shortcut and start at login, applied from settings: each only when it changed, and a
// shortcut that cannot be registered says so once.
import { describe, expect, it } from 'vitest'
import { createDesktopSettings, shortcutRefused } from '../../../electron/main/shell/desktopSettings'

function setup(platform = 'darwin') {
  const registered = new Map<string, () => void>()
  const taken = new Set(['CommandOrControl+Shift+T'])
  const log: string[] = []
  const notices: Array<{ level: string; message: string }> = []
  let pressed = 0
  let failAutostart = false
  const desktop = createDesktopSettings({
    platform,
    globalShortcut: {
      register: (accel: string, fn: () => void) => {
        log.push(`register ${accel}`)
        if (accel.includes('Nonsense')) throw new Error('Error processing argument')
        if (taken.has(accel)) return false
        registered.set(accel, fn)
        return true
      },
      unregister: (accel: string) => {
        log.push(`unregister ${accel}`)
        registered.delete(accel)
      },
    },
    setLoginItemSettings: (s) => log.push(`login ${s.openAtLogin}`),
    autostart: {
      set: async (on) => {
        if (failAutostart) throw new Error('EACCES')
        log.push(`autostart ${on}`)
      },
    },
    onShortcut: () => pressed++,
    notice: (n) => notices.push(n),
  })
  return {
    desktop,
    registered,
    log,
    notices,
    pressed: () => pressed,
    failAutostart: () => {
      failAutostart = true
    },
  }
}

describe('desktop settings', () => {
  it('registers the shortcut, swaps it on change, drops it for none and on dispose', async () => {
    const t = setup()
    await t.desktop.apply({ shortcut: '', openAtLogin: false })
    expect(t.log).toEqual(['login false'])
    await t.desktop.apply({ shortcut: 'CommandOrControl+Shift+L', openAtLogin: false })
    t.registered.get('CommandOrControl+Shift+L')?.()
    expect(t.pressed()).toBe(1)
    await t.desktop.apply({ shortcut: 'CommandOrControl+Shift+L', openAtLogin: false })
    await t.desktop.apply({ shortcut: 'Alt+Space', openAtLogin: false })
    await t.desktop.apply({ shortcut: '', openAtLogin: false })
    expect(t.log).toEqual([
      'login false',
      'register CommandOrControl+Shift+L',
      'unregister CommandOrControl+Shift+L',
      'register Alt+Space',
      'unregister Alt+Space',
    ])
    await t.desktop.apply({ shortcut: 'Alt+Space', openAtLogin: false })
    t.desktop.dispose()
    expect(t.registered.size).toBe(0)
    expect(t.notices).toEqual([])
  })

  it('a shortcut another app holds, or one the system cannot read, is a notice once, not an error', async () => {
    const t = setup()
    await t.desktop.apply({ shortcut: 'CommandOrControl+Shift+T', openAtLogin: false })
    await t.desktop.apply({ shortcut: 'CommandOrControl+Shift+T', openAtLogin: false })
    expect(t.notices).toEqual([{ level: 'warning', message: shortcutRefused('CommandOrControl+Shift+T', 'taken') }])
    expect(t.notices[0]?.message).toMatch(/another app or the system already uses it.*Settings/)
    await t.desktop.apply({ shortcut: 'Nonsense+Key', openAtLogin: false })
    expect(t.notices[1]).toEqual({ level: 'warning', message: shortcutRefused('Nonsense+Key', 'invalid') })
    // nothing was registered, so nothing is unregistered
    t.desktop.dispose()
    expect(t.log.filter((l) => l.startsWith('unregister'))).toEqual([])
  })

  it('start at login: the login item on macOS and Windows, the autostart entry on Linux', async () => {
    for (const platform of ['darwin', 'win32']) {
      const t = setup(platform)
      await t.desktop.apply({ shortcut: '', openAtLogin: true })
      await t.desktop.apply({ shortcut: '', openAtLogin: true })
      await t.desktop.apply({ shortcut: '', openAtLogin: false })
      expect(t.log).toEqual(['login true', 'login false'])
    }
    const linux = setup('linux')
    await linux.desktop.apply({ shortcut: '', openAtLogin: true })
    await linux.desktop.apply({ shortcut: '', openAtLogin: false })
    expect(linux.log).toEqual(['autostart true', 'autostart false'])
  })

  it('an autostart entry that cannot be written is a notice, and is tried again next time', async () => {
    const t = setup('linux')
    t.failAutostart()
    await t.desktop.apply({ shortcut: '', openAtLogin: true })
    expect(t.notices).toEqual([{ level: 'warning', message: 'Lightning Tray could not be set to start at login.' }])
    await t.desktop.apply({ shortcut: '', openAtLogin: true })
    expect(t.notices).toHaveLength(2)
  })
})

describe('the lock shortcut', () => {
  function lockSetup() {
    const registered = new Map<string, () => void>()
    const notices: string[] = []
    let opened = 0
    let locked = 0
    const desktop = createDesktopSettings({
      platform: 'linux',
      globalShortcut: {
        register: (accel: string, fn: () => void) => {
          if (registered.has(accel)) return false
          registered.set(accel, fn)
          return true
        },
        unregister: (accel: string) => void registered.delete(accel),
      },
      setLoginItemSettings: () => {},
      autostart: { set: async () => {} },
      onShortcut: () => opened++,
      onLockShortcut: () => locked++,
      notice: (n) => notices.push(n.message),
    })
    return { desktop, registered, notices, counts: () => [opened, locked] }
  }
  const apply = (d: ReturnType<typeof lockSetup>['desktop'], open: string, lock: string) =>
    d.apply({ shortcut: open, openAtLogin: false, lock: { shortcut: lock } })

  it('registers beside the open shortcut; each key locks or opens; swapped and dropped like the other', async () => {
    const t = lockSetup()
    await apply(t.desktop, 'Alt+L', 'Alt+K')
    t.registered.get('Alt+K')?.()
    t.registered.get('Alt+L')?.()
    expect(t.counts()).toEqual([1, 1])
    await apply(t.desktop, 'Alt+L', 'Alt+J')
    expect([...t.registered.keys()].sort()).toEqual(['Alt+J', 'Alt+L'])
    await apply(t.desktop, 'Alt+L', '')
    expect([...t.registered.keys()]).toEqual(['Alt+L'])
    t.desktop.dispose()
    expect(t.registered.size).toBe(0)
    expect(t.notices).toEqual([])
  })

  it('the same keys for both: opening keeps them and the lock shortcut is refused in words', async () => {
    const t = lockSetup()
    await apply(t.desktop, 'Alt+L', 'Alt+L')
    expect([...t.registered.keys()]).toEqual(['Alt+L'])
    t.registered.get('Alt+L')?.()
    expect(t.counts()).toEqual([1, 0])
    expect(t.notices).toEqual([shortcutRefused('Alt+L', 'taken', 'lock')])
    expect(t.notices[0]).toMatch(/^The lock shortcut Alt\+L could not be set up/)
    // the open shortcut moves away: the lock takes the keys it was refused before
    await apply(t.desktop, 'Alt+O', 'Alt+L')
    t.registered.get('Alt+L')?.()
    expect(t.counts()).toEqual([1, 1])
  })
})
