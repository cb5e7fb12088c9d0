// The renderer's Content-Security-Policy, one string for every place that needs it: the header
// main sets on app pages, the <meta> in renderer/index.html, and the browser preview.
// Scripts only from the app itself: no remote scripts, no inline scripts, no eval.

const PRODUCTION: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  // The QR scanner shows the camera stream in a <video>.
  'media-src': ["'self'", 'blob:', 'mediastream:'],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'none'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
}

function serialise(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')
}

/** The policy of the packaged app and the production build. */
export const CSP = serialise(PRODUCTION)

/**
 * `electron-vite dev` only (never packaged): Vite's React refresh preamble is an inline script
 * and HMR talks over a websocket, so the dev server page needs both.
 */
export const DEV_CSP = serialise({
  ...PRODUCTION,
  'script-src': ["'self'", "'unsafe-inline'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'", 'ws:'],
})
