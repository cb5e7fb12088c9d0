// Start at login on Linux: an XDG autostart entry (~/.config/autostart/<name>.desktop, or under
// $XDG_CONFIG_HOME) that desktops read at login. macOS and Windows use app.setLoginItemSettings.
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'

export const AUTOSTART_FILE = 'lightning-tray.desktop'

export interface Autostart {
  readonly path: string
  enabled(): Promise<boolean>
  set(enabled: boolean): Promise<void>
}

/**
 * The Exec value: the program quoted as the Desktop Entry spec asks (inside double quotes `"`, `` ` ``,
 * `$` and `\` are escaped with a backslash; `%` is written `%%` since it starts a field code).
 */
export function desktopExec(program: string, args: readonly string[] = []): string {
  const quote = (arg: string) => `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`).replace(/%/g, '%%')}"`
  return [program, ...args].map(quote).join(' ')
}

export function desktopEntry(opts: { name: string; program: string; args?: readonly string[] }): string {
  // a name with a line break would add keys of its own
  const name = opts.name.replace(/[\r\n]/g, ' ')
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${name}`,
    `Exec=${desktopExec(opts.program, opts.args)}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n')
}

export function createAutostart(opts: {
  env: Record<string, string | undefined>
  home: string
  name: string
  /** the program to start: $APPIMAGE for an AppImage (its mount point changes), else execPath */
  program: string
  args?: readonly string[]
  fs?: Pick<typeof fsp, 'mkdir' | 'writeFile' | 'rm' | 'readFile'>
}): Autostart {
  const fs = opts.fs ?? fsp
  const config = opts.env.XDG_CONFIG_HOME?.startsWith('/') ? opts.env.XDG_CONFIG_HOME : join(opts.home, '.config')
  const dir = join(config, 'autostart')
  const path = join(dir, AUTOSTART_FILE)
  const text = desktopEntry(opts)
  return {
    path,
    async enabled() {
      try {
        return (await fs.readFile(path, 'utf8')) === text
      } catch {
        return false
      }
    },
    async set(enabled) {
      if (!enabled) return fs.rm(path, { force: true })
      await fs.mkdir(dir, { recursive: true })
      await fs.writeFile(path, text, { encoding: 'utf8', mode: 0o644 })
    },
  }
}

/** What starts this app: an AppImage by its own path, a dev build as electron with the app's folder. */
export function appProgram(
  appPath: string,
  env: Record<string, string | undefined> = process.env,
  execPath = process.execPath,
  defaultApp = process.defaultApp === true,
): { program: string; args: string[] } {
  if (env.APPIMAGE) return { program: env.APPIMAGE, args: [] }
  return { program: execPath, args: defaultApp ? [appPath] : [] }
}
