// The Electron security rules of docs/architecture.md, as small functions that take the Electron
// objects they act on, so a test can drive them with fakes.
import type {
  Event as ElectronEvent,
  HandlerDetails,
  IpcMainEvent,
  IpcMainInvokeEvent,
  Session,
  WebContents,
  WindowOpenHandlerResponse,
} from 'electron'
import { isAppUrl } from './origins'
import { permissionCheckHandler, permissionRequestHandler } from './permissions'

/** Schemes the app hands to the OS (a link in a memo or a help page). Nothing else leaves the app. */
export const EXTERNAL_SCHEMES: readonly string[] = ['https:']

export function isAllowedExternalUrl(url: string): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  // Credentials in a link are a phishing trick; refuse rather than open.
  return EXTERNAL_SCHEMES.includes(u.protocol) && !u.username && !u.password && u.hostname !== ''
}

/**
 * An IPC message is trusted when it comes from the main frame of one of the app's own pages.
 * A subframe, a page that navigated away, or a destroyed frame is refused.
 */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent | IpcMainEvent, 'senderFrame'>,
  trustedOrigins: readonly string[],
): boolean {
  try {
    const frame = event.senderFrame
    if (!frame) return false
    if (frame.parent !== null) return false
    return isAppUrl(frame.url, trustedOrigins)
  } catch {
    // Electron throws when a frame was disposed (navigated away, closed) before we looked.
    return false
  }
}

/** Navigation, new windows and webviews: everything that could take the window off the app. */
export function guardWebContents(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  opts: { trustedOrigins: readonly string[]; openExternal: (url: string) => unknown },
): void {
  const { trustedOrigins } = opts
  const stayInApp = (event: ElectronEvent, url: string) => {
    if (!isAppUrl(url, trustedOrigins)) event.preventDefault()
  }
  contents.on('will-navigate', (event) => stayInApp(event, event.url))
  contents.on('will-redirect', (event) => stayInApp(event, event.url))
  // Subframes (an iframe slipped in some other way) may not load anything either.
  contents.on('will-frame-navigate', (event) => stayInApp(event, event.url))
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(windowOpenHandler(opts.openExternal))
}

/** New windows are always denied; an allow-listed link opens in the person's browser instead. */
export function windowOpenHandler(
  openExternal: (url: string) => unknown,
): (details: Pick<HandlerDetails, 'url'>) => WindowOpenHandlerResponse {
  const open = openAllowedExternal(openExternal)
  return ({ url }) => {
    open(url)
    return { action: 'deny' }
  }
}

/** Opens an allow-listed link in the person's browser; any other is refused (false), nothing opened. */
export function openAllowedExternal(openExternal: (url: string) => unknown): (url: string) => boolean {
  return (url) => {
    if (!isAllowedExternalUrl(url)) return false
    void Promise.resolve(openExternal(url)).catch(() => {})
    return true
  }
}

/**
 * Session-wide rules: permission handlers, and the CSP header on every response for an app page
 * (the dev server's pages and `app://` alike; the <meta> tag in index.html is the second layer).
 */
export function hardenSession(
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'webRequest'
  >,
  opts: { trustedOrigins: readonly string[]; csp: string },
): void {
  session.setPermissionRequestHandler(permissionRequestHandler(opts.trustedOrigins))
  session.setPermissionCheckHandler(permissionCheckHandler(opts.trustedOrigins))
  // USB, HID, serial and Bluetooth devices: a wallet needs none.
  session.setDevicePermissionHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url, opts.trustedOrigins)) return callback({})
    const headers = { ...(details.responseHeaders ?? {}) }
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-security-policy') delete headers[k]
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [opts.csp] } })
  })
}
