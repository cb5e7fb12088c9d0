// Which web permissions the app's page gets. Only what its own features use, and only for the app's
// own main frame (app://bundle, or the dev server in development):
// - `clipboard-sanitized-write`: the Copy buttons and Withdraw's "Copy image" (navigator.clipboard.write*)
// - `clipboard-read`: Send's "Paste" and Scan's "Paste image from clipboard" (navigator.clipboard.read*)
// - `media` with video only: the QR scanner's camera (getUserMedia({ video, audio: false }))
// Everything else (microphone, screen capture, notifications from pages, geolocation, MIDI,
// openExternal, the deprecated synchronous paste, …) is refused, as is any subframe or other origin.
// Electron asks both handlers: a check first, then a request when the check said no.
import { isAppUrl } from './origins'

type RequestDetails = {
  requestingUrl?: string
  isMainFrame?: boolean
  securityOrigin?: string
  mediaTypes?: ReadonlyArray<'video' | 'audio'>
}
type CheckDetails = {
  requestingUrl?: string
  isMainFrame?: boolean
  securityOrigin?: string
  embeddingOrigin?: string
  mediaType?: 'video' | 'audio' | 'unknown'
}

/** Granted without asking the person, to the app's main frame only. */
export const APP_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write', 'clipboard-read', 'media']

const optionalAppUrl = (url: string | undefined, trusted: readonly string[]) =>
  url === undefined || isAppUrl(url, trusted)

export function permissionRequestHandler(trustedOrigins: readonly string[]) {
  return (_wc: unknown, permission: string, callback: (granted: boolean) => void, details: RequestDetails) => {
    const fromApp =
      details.isMainFrame === true &&
      isAppUrl(details.requestingUrl ?? '', trustedOrigins) &&
      optionalAppUrl(details.securityOrigin, trustedOrigins)
    callback(fromApp && allowed(permission, details.mediaTypes))
  }
}

export function permissionCheckHandler(trustedOrigins: readonly string[]) {
  return (_wc: unknown, permission: string, requestingOrigin: string, details: CheckDetails): boolean => {
    const fromApp =
      details.isMainFrame === true &&
      details.embeddingOrigin === undefined &&
      isAppUrl(requestingOrigin, trustedOrigins) &&
      optionalAppUrl(details.requestingUrl, trustedOrigins) &&
      optionalAppUrl(details.securityOrigin, trustedOrigins)
    return fromApp && allowed(permission, details.mediaType === undefined ? undefined : [details.mediaType])
  }
}

/** Camera only: a media request that also (or only) wants the microphone, or says not what, is refused. */
function allowed(permission: string, mediaTypes: ReadonlyArray<string> | undefined): boolean {
  if (!APP_PERMISSIONS.includes(permission)) return false
  if (permission !== 'media') return true
  return mediaTypes !== undefined && mediaTypes.length > 0 && mediaTypes.every((t) => t === 'video')
}
