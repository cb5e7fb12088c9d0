// Start at login on Linux: the XDG autostart entry, written and removed under a temporary HOME.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  AUTOSTART_FILE,
  appProgram,
  createAutostart,
  desktopEntry,
  desktopExec,
} from '../../../../electron/main/services/autostart'

let home: string
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'lt-home-'))
})
afterEach(async () => {
  await rm(home, { recursive: true, force: true })
})

describe('autostart entry', () => {
  it('writes ~/.config/autostart/lightning-tray.desktop on, removes it off, and says which', async () => {
    const a = createAutostart({ env: {}, home, name: 'Lightning Tray', program: '/opt/Lightning Tray/lightning-tray' })
    expect(a.path).toBe(join(home, '.config', 'autostart', AUTOSTART_FILE))
    expect(await a.enabled()).toBe(false)
    await a.set(false) // nothing to remove: no error
    await a.set(true)
    expect(await a.enabled()).toBe(true)
    expect(await readFile(a.path, 'utf8')).toBe(
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=Lightning Tray',
        'Exec="/opt/Lightning Tray/lightning-tray"',
        'Terminal=false',
        'X-GNOME-Autostart-enabled=true',
        '',
      ].join('\n'),
    )
    expect((await stat(a.path)).mode & 0o777).toBe(0o644)
    await a.set(true) // again: same file
    await a.set(false)
    expect(await a.enabled()).toBe(false)
    expect(await readdir(join(home, '.config', 'autostart'))).toEqual([])
  })

  it('uses an absolute $XDG_CONFIG_HOME, ignores a relative one', () => {
    const name = 'Lightning Tray'
    const program = '/x'
    expect(createAutostart({ env: { XDG_CONFIG_HOME: '/cfg' }, home, name, program }).path).toBe(
      join('/cfg', 'autostart', AUTOSTART_FILE),
    )
    expect(createAutostart({ env: { XDG_CONFIG_HOME: 'cfg' }, home, name, program }).path).toBe(
      join(home, '.config', 'autostart', AUTOSTART_FILE),
    )
  })

  it('an entry that differs from the one this app writes does not count as on', async () => {
    const a = createAutostart({ env: {}, home, name: 'Lightning Tray', program: '/new/path' })
    await createAutostart({ env: {}, home, name: 'Lightning Tray', program: '/old/path' }).set(true)
    expect(await a.enabled()).toBe(false)
  })

  it('quotes the program and its arguments as the Desktop Entry spec asks', () => {
    expect(desktopExec('/a b/app', ['/dir with "q"', '$HOME', '50%', 'back\\slash', '`x`'])).toBe(
      '"/a b/app" "/dir with \\"q\\"" "\\$HOME" "50%%" "back\\\\slash" "\\`x\\`"',
    )
    // a line break in the name cannot add a key of its own
    expect(desktopEntry({ name: 'A\nExec=evil', program: '/x' })).toContain('Name=A Exec=evil\n')
  })

  it('starts an AppImage by its own path and a development build as electron with the app folder', () => {
    expect(appProgram('/src/app', { APPIMAGE: '/home/p/LT.AppImage' }, '/tmp/.mount/lt', false)).toEqual({
      program: '/home/p/LT.AppImage',
      args: [],
    })
    expect(appProgram('/src/app', {}, '/usr/lib/electron', true)).toEqual({
      program: '/usr/lib/electron',
      args: ['/src/app'],
    })
    expect(appProgram('/src/app', {}, '/opt/lt/lightning-tray', false)).toEqual({
      program: '/opt/lt/lightning-tray',
      args: [],
    })
  })
})
