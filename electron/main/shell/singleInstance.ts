// One running app: a second launch (a launcher click, a `lightning:` link) hands its command line to
// the first and exits.
import type { App } from 'electron'

/** Returns false when another instance holds the lock: the caller quits at once. */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on' | 'quit'>,
  onSecondInstance: (argv: readonly string[]) => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', (_event, argv) => onSecondInstance(Array.isArray(argv) ? argv : []))
  return true
}

/**
 * Registers the app as the `lightning:` handler. In development (`electron .`) the OS must be told
 * to start electron with the app's path, or the link would open a bare Electron.
 */
export function registerProtocolClient(
  app: Pick<App, 'setAsDefaultProtocolClient' | 'isDefaultProtocolClient'>,
  opts: { scheme: string; defaultApp: boolean; execPath: string; appPath: string | undefined },
): boolean {
  if (opts.defaultApp && opts.appPath) return app.setAsDefaultProtocolClient(opts.scheme, opts.execPath, [opts.appPath])
  return app.setAsDefaultProtocolClient(opts.scheme)
}
