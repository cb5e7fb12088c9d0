import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindow } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { createAppProtocolHandler, resolveBundlePath } from '../../../electron/main/shell/appProtocol'
import { CSP, DEV_CSP } from '../../../electron/main/shell/csp'
import { APP_ORIGIN, APP_START_URL, resolveAppUrls } from '../../../electron/main/shell/origins'
import { hardenSession, isAllowedExternalUrl, isTrustedSender } from '../../../electron/main/shell/security'
import { createMainWindow } from '../../../electron/main/shell/window'
import { FakeBrowserWindow } from './fakes'
import { secureWebPreferences } from './securePreferences'

const trusted = [APP_ORIGIN]

function makeWindow(isPackaged = true) {
  const openExternal = vi.fn(async (_url: string) => {})
  const win = createMainWindow({
    BrowserWindow: FakeBrowserWindow as unknown as new (o: object) => BrowserWindow,
    preloadPath: '/app/out/preload/index.cjs',
    startUrl: APP_START_URL,
    trustedOrigins: trusted,
    openExternal,
    isPackaged,
  }) as unknown as FakeBrowserWindow
  return { win, openExternal }
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/)
      return [name as string, sources]
    }),
  )
}

describe('main window', () => {
  it('sets every webPreferences rule of the security section, and nothing else', () => {
    const { win } = makeWindow()
    // Exactly this object: a flag dropped (navigateOnDragDrop, safeDialogs…) or one added
    // (enableBlinkFeatures, partition, a second preload…) fails here.
    expect(win.options.webPreferences).toStrictEqual(
      secureWebPreferences({ preload: '/app/out/preload/index.cjs', devTools: false }),
    )
    expect(win.loaded).toEqual([APP_START_URL])
  })

  it('blocks navigation away from the app, allows it within', () => {
    const { win } = makeWindow()
    for (const kind of ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const) {
      expect(win.webContents.navigate(kind, 'https://evil.example/').defaultPrevented).toBe(true)
      expect(win.webContents.navigate(kind, 'file:///etc/passwd').defaultPrevented).toBe(true)
      expect(win.webContents.navigate(kind, 'app://other/index.html').defaultPrevented).toBe(true)
      expect(win.webContents.navigate(kind, 'javascript:alert(1)').defaultPrevented).toBe(true)
      expect(win.webContents.navigate(kind, `${APP_ORIGIN}/index.html#/send`).defaultPrevented).toBe(false)
    }
    const webview = new (class {
      defaultPrevented = false
      preventDefault() {
        this.defaultPrevented = true
      }
    })()
    win.webContents.emit('will-attach-webview', webview)
    expect(webview.defaultPrevented).toBe(true)
  })

  it('denies every new window and opens only https links outside', async () => {
    const { win, openExternal } = makeWindow()
    const handler = win.webContents.windowOpenHandler
    if (!handler) throw new Error('no window open handler')
    const urls = [
      'https://example.com/help',
      'http://example.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'lightning:lnbc1',
      'mailto:a@b.c',
      'https://user:pass@example.com/',
      `${APP_ORIGIN}/index.html`,
      'not a url',
    ]
    for (const url of urls) expect(handler({ url })).toEqual({ action: 'deny' })
    expect(openExternal.mock.calls.map((c) => c[0])).toEqual(['https://example.com/help'])
    expect(isAllowedExternalUrl('HTTPS://EXAMPLE.COM')).toBe(true)
  })

  it('has devtools only in development', () => {
    expect(makeWindow(true).win.options.webPreferences?.devTools).toBe(false)
    expect(makeWindow(false).win.options.webPreferences?.devTools).toBe(true)
  })
})

describe('CSP', () => {
  it('allows scripts only from the app: no inline, no eval, no remote sources', () => {
    const d = directives(CSP)
    expect(d.get('default-src')).toEqual(["'none'"])
    expect(d.get('script-src')).toEqual(["'self'"])
    expect(d.get('connect-src')).toEqual(["'self'"])
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
    expect(d.get('object-src')).toEqual(["'none'"])
    expect(d.get('base-uri')).toEqual(["'none'"])
    expect(CSP).not.toMatch(/unsafe-eval|unsafe-inline|wasm-unsafe-eval|strict-dynamic|\*|https?:|ws:/)
    for (const [name, sources] of d) {
      if (name.startsWith('script') || name === 'default-src' || name === 'worker-src')
        expect(sources.every((s) => s === "'self'" || s === "'none'")).toBe(true)
    }
  })

  it('relaxes only for the dev server, and never allows eval', () => {
    expect(DEV_CSP).not.toMatch(/unsafe-eval/)
    expect(directives(DEV_CSP).get('script-src')).toEqual(["'self'", "'unsafe-inline'"])
  })

  it('is set as a header on app pages only, replacing any other policy', () => {
    const calls: Record<string, unknown> = {}
    const session = {
      setPermissionRequestHandler: (fn: unknown) => {
        calls.request = fn
      },
      setPermissionCheckHandler: (fn: unknown) => {
        calls.check = fn
      },
      setDevicePermissionHandler: (fn: unknown) => {
        calls.device = fn
      },
      webRequest: {
        onHeadersReceived: (fn: unknown) => {
          calls.headers = fn
        },
      },
    }
    hardenSession(session as never, { trustedOrigins: trusted, csp: CSP })
    expect(typeof calls.request).toBe('function')
    expect(typeof calls.check).toBe('function')
    expect((calls.device as () => boolean)()).toBe(false)
    const onHeaders = calls.headers as (d: object, cb: (r: object) => void) => void
    const results: object[] = []
    onHeaders(
      {
        url: `${APP_ORIGIN}/index.html`,
        responseHeaders: { 'content-security-policy': ['script-src *'], 'X-Other': ['1'] },
      },
      (r) => results.push(r),
    )
    onHeaders({ url: 'https://api.example.com/v1/wallets', responseHeaders: { a: ['b'] } }, (r) => results.push(r))
    expect(results[0]).toEqual({ responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CSP] } })
    expect(results[1]).toEqual({})
  })
})

describe('isTrustedSender', () => {
  const top = { url: `${APP_ORIGIN}/index.html`, parent: null }
  it('accepts the app’s main frame only', () => {
    expect(isTrustedSender({ senderFrame: top } as never, trusted)).toBe(true)
    expect(isTrustedSender({ senderFrame: { url: `${APP_ORIGIN}/x.html`, parent: top } } as never, trusted)).toBe(false)
    expect(isTrustedSender({ senderFrame: { url: 'https://evil.example/', parent: null } } as never, trusted)).toBe(
      false,
    )
    expect(isTrustedSender({ senderFrame: { url: 'file:///tmp/x.html', parent: null } } as never, trusted)).toBe(false)
    expect(isTrustedSender({ senderFrame: { url: 'app://bundle.evil/x', parent: null } } as never, trusted)).toBe(false)
    expect(isTrustedSender({ senderFrame: null } as never, trusted)).toBe(false)
    const disposed = {
      get senderFrame() {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed')
      },
    }
    expect(isTrustedSender(disposed as never, trusted)).toBe(false)
  })
})

describe('app URLs', () => {
  it('trusts the dev server only in an unpackaged app', () => {
    expect(resolveAppUrls({ isPackaged: true, devUrl: 'http://localhost:5173' })).toEqual({
      startUrl: APP_START_URL,
      trustedOrigins: [APP_ORIGIN],
      dev: false,
    })
    expect(resolveAppUrls({ isPackaged: false, devUrl: 'http://localhost:5173/' })).toEqual({
      startUrl: 'http://localhost:5173/',
      trustedOrigins: ['http://localhost:5173'],
      dev: true,
    })
    expect(resolveAppUrls({ isPackaged: false, devUrl: 'javascript:1' }).startUrl).toBe(APP_START_URL)
  })
})

describe('app:// protocol', () => {
  it('serves files inside the bundle with the CSP header and refuses to leave it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'lt-bundle-'))
    try {
      await writeFile(join(root, 'index.html'), '<!doctype html><p>hi')
      await writeFile(join(tmpdir(), 'lt-secret.txt'), 'secret')
      const handle = createAppProtocolHandler(root, CSP)
      const ok = await handle(new Request(`${APP_ORIGIN}/index.html`))
      expect(ok.status).toBe(200)
      expect(ok.headers.get('content-security-policy')).toBe(CSP)
      expect(ok.headers.get('content-type')).toMatch(/text\/html/)
      expect(ok.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await ok.text()).toContain('hi')
      expect((await handle(new Request(`${APP_ORIGIN}/`))).status).toBe(200)
      for (const bad of [
        `${APP_ORIGIN}/../lt-secret.txt`,
        `${APP_ORIGIN}/%2e%2e/lt-secret.txt`,
        `${APP_ORIGIN}/..%2flt-secret.txt`,
        'app://other/index.html',
        `${APP_ORIGIN}/missing.js`,
      ]) {
        expect((await handle(new Request(bad))).status).toBe(404)
      }
      expect(resolveBundlePath(root, `${APP_ORIGIN}/%2e%2e%2flt-secret.txt`)).toBeNull()
      expect((await handle(new Request(`${APP_ORIGIN}/index.html`, { method: 'POST', body: 'x' }))).status).toBe(404)
      // Electron's initiatorOrigin: the app's own page and the browser itself (absent) only.
      const from = (initiatorOrigin: string | null) =>
        handle(Object.assign(new Request(`${APP_ORIGIN}/index.html`), { initiatorOrigin }))
      expect((await from(APP_ORIGIN)).status).toBe(200)
      for (const other of ['https://evil.example', 'app://bundle.evil', 'file://', 'null', null])
        expect((await from(other)).status, String(other)).toBe(403)
    } finally {
      await rm(root, { recursive: true, force: true })
      await rm(join(tmpdir(), 'lt-secret.txt'), { force: true })
    }
  })
})

describe('CSP in the renderer page', () => {
  it('the built page carries the same policy; only the dev server swaps in the dev one', async () => {
    const { readFile } = await import('node:fs/promises')
    const html = await readFile(join(__dirname, '../../../renderer/index.html'), 'utf8')
    expect(html).toContain(`content="${CSP}"`)
    // exactly one CSP <meta>, carrying exactly the policy, before the first script
    const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>/g)]
    expect(metas.map((m) => m[1])).toEqual([CSP])
    expect(metas[0]?.index).toBeLessThan(html.indexOf('<script'))
    const { devCsp } = await import('../../../electron.vite.config')
    const plugin = devCsp()
    expect(plugin.apply).toBe('serve')
    const transform = plugin.transformIndexHtml as (html: string) => string
    expect(transform(html)).toContain(`content="${DEV_CSP}"`)
    expect(transform(html)).not.toContain(`content="${CSP}"`)
  })
})
