// Browser preview bridge (dev-only: nothing under electron/ imports this, so it is never packaged).
// Serves the production renderer build and carries `window.wallet` calls over loopback to the same
// router main uses. Guarded by a random token, a Host check (DNS rebinding) and an Origin check.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { OP_NAMES } from '@shared/channels'
import type { Result } from '@shared/errors'
import { createAppProtocolHandler } from '../../electron/main/shell/appProtocol'
import { CSP } from '../../electron/main/shell/csp'
import { APP_ORIGIN } from '../../electron/main/shell/origins'
import { BRIDGE_PATH, bridgeScript, TOKEN_HEADER } from './bridgeScript'
import type { EventHub } from './events'

/** The part of createApp's result the bridge needs. */
export interface PreviewApp {
  router: { handle(name: string, input: unknown, sender?: { trusted: boolean; url: string }): Promise<Result<unknown>> }
}

export interface PreviewServerOptions {
  app: PreviewApp
  /** the hub whose `emit` was given to createApp (see boot.ts); without it the event stream stays silent */
  events?: EventHub
  rendererDir?: string
  port?: number
  host?: string
  /** default true; false serves the files as they are (the benchmark's floor page) */
  bridge?: boolean
}

export interface PreviewServer {
  /** full URL to open, with the token in the fragment */
  url: string
  /** the origin alone, e.g. http://127.0.0.1:41234 */
  origin: string
  token: string
  close(): Promise<void>
}

const MAX_BODY = 1024 * 1024
const opNames: ReadonlySet<string> = new Set(OP_NAMES)

const fail = (code: 'forbidden' | 'invalid_input' | 'not_found' | 'internal', message: string): Result<never> => ({
  ok: false,
  error: { code, message, retryable: false },
})

/**
 * The page's first classic script (not a module), which the bridge can travel in: it runs before
 * any other script of the page, so `window.wallet` exists for all of them.
 */
export function bridgeCarrier(html: string): string | null {
  return /<script\b(?![^>]*\btype=["']?module)[^>]*\bsrc=["']([^"']+)["']/i.exec(html)?.[1] ?? null
}

/** Puts the bridge script before the app's first script, so `window.wallet` exists when the app starts. */
export function injectBridge(html: string): string {
  const tag = `<script src="${BRIDGE_PATH}"></script>`
  const at = html.search(/<script\b/i)
  if (at >= 0) return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`
  const head = html.search(/<\/head>/i)
  if (head >= 0) return `${html.slice(0, head)}${tag}\n${html.slice(head)}`
  return tag + html
}

export async function startPreviewServer(opts: PreviewServerOptions): Promise<PreviewServer> {
  const rendererDir = resolve(opts.rendererDir ?? 'out/renderer')
  const host = opts.host ?? '127.0.0.1'
  const token = randomBytes(32).toString('hex')
  const tokenBytes = Buffer.from(token)
  const streams = new Set<ServerResponse>()
  let allowedHosts = new Set<string>()
  let allowedOrigins = new Set<string>()

  const tokenOk = (given: string | undefined | null) => {
    if (typeof given !== 'string') return false
    const bytes = Buffer.from(given)
    return bytes.length === tokenBytes.length && timingSafeEqual(bytes, tokenBytes)
  }

  const send = (res: ServerResponse, status: number, body: string | Buffer, type: string, extra = {}) => {
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      ...extra,
    })
    res.end(body)
  }
  const sendJson = (res: ServerResponse, status: number, body: unknown) =>
    send(res, status, JSON.stringify(body), 'application/json; charset=utf-8')

  /** Host (DNS rebinding) and Origin (cross-site pages) checks, for every request. */
  const sameOrigin = (req: IncomingMessage) => {
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) return false
    const origin = req.headers.origin
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) return false
    const site = req.headers['sec-fetch-site']
    return site === undefined || site === 'same-origin' || site === 'none'
  }

  /** The body as text, or null when it is over MAX_BODY (read to the end, so a 413 can be sent). */
  const readBody = (req: IncomingMessage) =>
    new Promise<string | null>((done, reject) => {
      if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) {
        req.resume()
        return done(null)
      }
      const chunks: Buffer[] = []
      let size = 0
      req.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= MAX_BODY) chunks.push(chunk)
        else if (size > 8 * MAX_BODY) req.destroy()
      })
      req.on('end', () => done(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')))
      req.on('error', reject)
    })

  const rpc = async (req: IncomingMessage, res: ServerResponse, name: string, url: string) => {
    if (req.method !== 'POST') return sendJson(res, 405, fail('invalid_input', 'Use POST.'))
    if (!opNames.has(name)) {
      return sendJson(res, 404, fail('not_found', `There is no operation named "${name.slice(0, 80)}".`))
    }
    const text = await readBody(req)
    if (text === null) return sendJson(res, 413, fail('invalid_input', 'That request is too large.'))
    let input: unknown
    try {
      input = text === '' ? undefined : JSON.parse(text)
    } catch {
      return sendJson(res, 400, fail('invalid_input', 'The request body is not valid JSON.'))
    }
    // The router validates input and never throws; the catch is a last guard for the bridge itself.
    const result = await opts.app.router
      .handle(name, input, { trusted: true, url })
      .catch(() => fail('internal', 'Something went wrong in the app. Try again.'))
    sendJson(res, 200, result)
  }

  const events = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    })
    res.write('retry: 2000\n\n')
    streams.add(res)
    const unsubscribe =
      opts.events?.subscribe((event) => {
        res.write(`data: ${JSON.stringify(event)}\n\n`)
      }) ?? (() => {})
    // a comment line now and then keeps idle proxies and the browser from dropping the stream
    const ping = setInterval(() => res.write(':\n\n'), 15_000)
    req.on('close', () => {
      clearInterval(ping)
      unsubscribe()
      streams.delete(res)
    })
  }

  // Files come from the same handler that serves app://bundle/ in the packaged app (path checks,
  // types, CSP header); the preview only adds the bridge. It travels at the head of the page's first
  // classic script (the app's early.js), not as a script of its own: Electron's preload costs the
  // page no fetch, and a blocking fetch of its own put one more round trip before the app's
  // first balance (npm run bench). A page with no classic script gets a script tag.
  const bundle = createAppProtocolHandler(rendererDir, CSP)
  /** paths of scripts that carry the bridge */
  const carriers = new Set<string>()
  const file = async (res: ServerResponse, pathname: string) => {
    const answer = await bundle(new Request(`${APP_ORIGIN}${pathname}`))
    const headers: Record<string, string> = {}
    answer.headers.forEach((value, key) => {
      headers[key] = value
    })
    let body: string | Buffer = Buffer.from(await answer.arrayBuffer())
    const type = String(headers['content-type'])
    if (answer.ok && type.startsWith('text/html') && opts.bridge !== false) {
      const html = body.toString('utf8')
      const carrier = bridgeCarrier(html)
      if (carrier) carriers.add(new URL(carrier, `http://preview.invalid${pathname}`).pathname)
      else body = injectBridge(html)
    } else if (answer.ok && carriers.has(pathname)) {
      body = Buffer.concat([Buffer.from(`${bridgeScript};\n`), body])
    }
    send(res, answer.status, body, headers['content-type'] ?? 'text/plain', headers)
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview.invalid')
    const guarded = url.pathname.startsWith('/__rpc/') || url.pathname === '/__events'
    if (!sameOrigin(req)) return sendJson(res, 403, fail('forbidden', 'This address only answers its own pages.'))
    if (guarded) {
      const given = url.pathname === '/__events' ? url.searchParams.get('token') : req.headers[TOKEN_HEADER]
      if (!tokenOk(Array.isArray(given) ? given[0] : given)) {
        return sendJson(res, 403, fail('forbidden', 'Open the preview with the address it printed (with its token).'))
      }
    }
    const work = async () => {
      if (url.pathname.startsWith('/__rpc/')) {
        const name = decodeURIComponent(url.pathname.slice('/__rpc/'.length))
        return rpc(req, res, name, `${origin}/`)
      }
      if (url.pathname === '/__events') return events(req, res)
      if (req.method !== 'GET') return send(res, 405, 'Method not allowed', 'text/plain')
      if (url.pathname === BRIDGE_PATH) return send(res, 200, bridgeScript, 'text/javascript; charset=utf-8')
      return file(res, url.pathname)
    }
    work().catch(() => {
      if (!res.headersSent) sendJson(res, 500, fail('internal', 'The preview server failed on that request.'))
      else res.destroy()
    })
  })

  await new Promise<void>((done, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => done())
  })
  const port = (server.address() as AddressInfo).port
  const hostNames = new Set(['127.0.0.1', 'localhost', host.toLowerCase()])
  allowedHosts = new Set([...hostNames].map((h) => `${h}:${port}`))
  allowedOrigins = new Set([...hostNames].map((h) => `http://${h}:${port}`))
  const origin = `http://${host}:${port}`

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    async close() {
      for (const stream of streams) stream.end()
      streams.clear()
      await new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
    },
  }
}
