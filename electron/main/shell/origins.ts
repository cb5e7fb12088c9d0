// Where the app's own pages come from. The packaged app serves the renderer bundle from a
// privileged custom scheme (`app://bundle/`) instead of file://: every file:// page would share
// one opaque origin with the whole disk, while `app://bundle` is an origin the checks can name.

export const APP_SCHEME = 'app'
export const APP_HOST = 'bundle'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_START_URL = `${APP_ORIGIN}/index.html`

export interface AppUrls {
  /** what the main window loads */
  startUrl: string
  /** origins whose pages may talk to main, navigate within the app and ask for the camera */
  trustedOrigins: readonly string[]
  /** true when running against the Vite dev server */
  dev: boolean
}

/**
 * The dev server URL (set by `electron-vite dev`) is honoured only in an unpackaged app: a packaged
 * app must not load, or trust, whatever an environment variable points at.
 */
export function resolveAppUrls(opts: { isPackaged: boolean; devUrl?: string | undefined }): AppUrls {
  const dev = !opts.isPackaged && !!opts.devUrl && originOf(opts.devUrl) !== null
  if (dev && opts.devUrl) {
    return { startUrl: opts.devUrl, trustedOrigins: [originOf(opts.devUrl) as string], dev: true }
  }
  return { startUrl: APP_START_URL, trustedOrigins: [APP_ORIGIN], dev: false }
}

/** `scheme://host[:port]` of a URL, or null when it has none (file:, data:, about:, garbage). */
export function originOf(url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol === `${APP_SCHEME}:`) return u.host ? `${APP_SCHEME}://${u.host}` : null
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  return u.origin
}

export function isAppUrl(url: string, trustedOrigins: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== null && trustedOrigins.includes(origin)
}
