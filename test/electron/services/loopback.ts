// Misbehaving servers on 127.0.0.1 for the HTTP tests: a plain server that records what reached
// it, a proxy in front of the simulator that rewrites its answers, a body streamed far past any
// cap, and a throwaway TLS certificate for an https service.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
}

export interface Loopback {
  url: string
  port: number
  /** every request that reached this server */
  seen: Seen[]
  close(): Promise<void>
}

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void

/** A server on 127.0.0.1 (https with `tls`); `handler` gets the n-th request, counting from 0. */
export async function serve(handler: Handler, tls?: { key: string; cert: string }): Promise<Loopback> {
  const seen: Seen[] = []
  const sockets = new Set<Socket>()
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    handler(req, res, seen.length - 1)
  }
  const server = tls ? createHttpsServer(tls, onRequest) : createServer(onRequest)
  server.on(tls ? 'secureConnection' : 'connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}

export interface Upstream {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * A loopback proxy in front of the simulator: each request goes to the simulator, and `answer`
 * decides what the caller gets back (the n-th request counts from 0). For what the simulator's
 * faults cannot do: an answer that stalls mid-body, a Retry-After header, a redirect or a huge
 * body after the service has acted.
 */
export function proxyTo(target: string, answer: (res: ServerResponse, up: Upstream, n: number) => void) {
  const up = new URL(target)
  return serve((req, res, n) => {
    const fwd = httpRequest(
      { host: up.hostname, port: up.port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        const chunks: Buffer[] = []
        r.on('data', (c: Buffer) => chunks.push(c))
        r.on('end', () =>
          answer(res, { status: r.statusCode ?? 500, headers: r.headers, body: Buffer.concat(chunks) }, n),
        )
      },
    )
    req.pipe(fwd)
  })
}

/**
 * The simulator's headers and the first `part` of its body, then nothing more, the connection
 * kept open. `status` replaces the simulator's status.
 */
export const stallingProxy = (target: string, o: { part?: number; status?: number } = {}) =>
  proxyTo(target, (res, up) => {
    res.writeHead(o.status ?? up.status, up.headers)
    res.flushHeaders()
    res.write(up.body.subarray(0, Math.floor(up.body.length * (o.part ?? 0.5))))
  })

/** 50 MB: far past the cap, and far more than the memory the tests allow the client to use. */
export const HUGE_BYTES = 50 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, '7')

/**
 * Sends `total` bytes of '7' (a JSON number without end) from one reused chunk, waiting for
 * the socket to drain so the server itself holds no more than a chunk; stops when the client
 * hangs up. Resolves with the bytes written.
 */
export function streamHuge(res: ServerResponse, status: number, o: { contentLength?: boolean } = {}): Promise<number> {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(o.contentLength ? { 'content-length': String(HUGE_BYTES) } : {}),
  })
  return new Promise((resolve) => {
    let sent = 0
    let closed = false
    res.on('close', () => {
      closed = true
      resolve(sent)
    })
    const pump = () => {
      while (!closed && sent < HUGE_BYTES) {
        sent += CHUNK.length
        if (!res.write(CHUNK)) return void res.once('drain', pump)
      }
      if (!closed) res.end()
    }
    pump()
  })
}

/** A self-signed certificate for 127.0.0.1, made with the openssl command for this run. */
export function throwawayCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lt-tls-'))
  try {
    const key = join(dir, 'key.pem')
    const cert = join(dir, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-days',
        '1',
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
