// Serves the renderer bundle on `app://bundle/…` from out/renderer, with the CSP header on every
// response. Paths are resolved inside the bundle folder only.
import { readFile, stat } from 'node:fs/promises'
import { extname, isAbsolute, join, relative, resolve } from 'node:path'
import type { CustomScheme } from 'electron'
import { APP_HOST, APP_ORIGIN, APP_SCHEME, isAppUrl } from './origins'

/**
 * Must be registered before the app is ready. `secure` makes it a secure context (camera access);
 * `corsEnabled` lets the page load its own `<script type="module" crossorigin>` (same origin; no
 * other origin gets CORS headers from the handler). `codeCache` lets V8 keep the bundle's compiled
 * code between loads, as it does for web pages (a custom scheme has none unless asked, and
 * compiling the bundle is part of every window's first screen).
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    supportFetchAPI: true,
    bypassCSP: false,
    corsEnabled: true,
    codeCache: true,
  },
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
}

/** The file a request maps to, or null when it is not an app URL or would leave the bundle folder. */
export function resolveBundlePath(rootDir: string, url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(u.pathname)
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  const root = resolve(rootDir)
  const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`)
  const rel = relative(root, file)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null
  return file
}

/**
 * Who asked: Electron sets `initiatorOrigin` on requests a page made (null for an opaque origin) and
 * leaves it out for those the browser started itself (the window's own load and reload). Only the
 * app's own pages may load the bundle; any other page that got to make a request here is refused.
 */
function fromAppOrBrowser(request: Request): boolean {
  const initiator = (request as Request & { initiatorOrigin?: string | null }).initiatorOrigin
  return initiator === undefined || (initiator !== null && isAppUrl(initiator, [APP_ORIGIN]))
}

export function createAppProtocolHandler(rootDir: string, csp: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!fromAppOrBrowser(request)) return new Response('Forbidden', { status: 403 })
    const file = resolveBundlePath(rootDir, request.url)
    if (!file || request.method !== 'GET') return new Response('Not found', { status: 404 })
    try {
      const info = await stat(file)
      const target = info.isDirectory() ? join(file, 'index.html') : file
      const body = await readFile(target)
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream',
          'Content-Security-Policy': csp,
          'X-Content-Type-Options': 'nosniff',
        },
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  }
}
