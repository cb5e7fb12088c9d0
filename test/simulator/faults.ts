// Fault injection per route and the request log. Faults act before the handler by default
// (nothing happens on the server); `when: 'after'` lets the handler run first and then spoils
// the answer, which is how a client meets a payment of unknown outcome.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from './http'

export type FaultKind = 'latency' | 'status' | 'malformed' | 'truncated' | 'reset' | 'wrongShape'

export interface FaultSpec {
  method?: string
  /** a RegExp tested against the path (no query), or a string the path must contain */
  path: RegExp | string
  kind: FaultKind
  status?: number
  ms?: number
  /** how many requests it hits; default: all */
  times?: number
  /** 'before' (default): the handler never runs; 'after': it runs, then its answer is spoiled */
  when?: 'before' | 'after'
  /** for 'status': a raw body instead of the error shape (e.g. a proxy's HTML page) */
  body?: string
}

export interface RequestLogEntry {
  method: string
  path: string
  status: number
  /** wall-clock milliseconds */
  at: number
  fault?: FaultKind
}

export const MALFORMED_BODY = '{"id": "wal_broken", "balance": 12'
export const WRONG_SHAPE_BODY = '[{"unexpected": true, "id": null}]'

export const LOG_LIMIT = 20_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export class Faults {
  private list: Array<FaultSpec & { left: number }> = []
  log: RequestLogEntry[] = []

  /** keeps the newest entries only, so a long demo run does not grow without bound */
  record(e: RequestLogEntry): void {
    this.log.push(e)
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT)
  }

  add(f: FaultSpec): void {
    if (typeof f.path !== 'string' && !(f.path instanceof RegExp))
      throw new TypeError('fault path must be a string or RegExp')
    this.list.push({ ...f, left: f.times ?? Number.POSITIVE_INFINITY })
  }

  clear(): void {
    this.list = []
  }

  active(): FaultSpec[] {
    return this.list.map(({ left: _l, ...f }) => f)
  }

  /** Takes the first fault matching this request, counting it down. */
  take(method: string, path: string, when: 'before' | 'after'): FaultSpec | null {
    for (const f of this.list) {
      if ((f.when ?? 'before') !== when) continue
      if (f.method && f.method.toUpperCase() !== method.toUpperCase()) continue
      const hit = typeof f.path === 'string' ? path.includes(f.path) : f.path.test(path)
      if (!hit) continue
      f.left -= 1
      if (f.left <= 0) this.list = this.list.filter((x) => x !== f)
      return f
    }
    return null
  }

  requests(filter: { method?: string; path?: RegExp | string } = {}): RequestLogEntry[] {
    return this.log.filter(
      (e) =>
        (!filter.method || e.method === filter.method.toUpperCase()) &&
        (!filter.path || (typeof filter.path === 'string' ? e.path.includes(filter.path) : filter.path.test(e.path))),
    )
  }
}

const entries = new WeakMap<FastifyRequest, RequestLogEntry>()

function pathOf(req: FastifyRequest): string {
  return req.url.split('?')[0] ?? req.url
}

/** Hooks: log every request; apply matching faults to every path outside `/_sim`. */
export function registerFaults(app: FastifyInstance, faults: Faults): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = pathOf(req)
    const entry: RequestLogEntry = { method: req.method, path, status: 0, at: Date.now() }
    entries.set(req, entry)
    if (!path.startsWith('/_sim')) faults.record(entry)
    if (path.startsWith('/_sim')) return
    const f = faults.take(req.method, path, 'before')
    if (!f) return
    entry.fault = f.kind
    if (f.kind === 'latency') {
      await sleep(f.ms ?? 1000)
      return
    }
    return spoil(f, req, reply, entry)
  })

  app.addHook('onSend', async (req, reply, payload) => {
    const path = pathOf(req)
    if (path.startsWith('/_sim')) return payload
    const f = faults.take(req.method, path, 'after')
    if (!f) return payload
    const entry = entries.get(req)
    if (entry) entry.fault = f.kind
    switch (f.kind) {
      case 'latency':
        await sleep(f.ms ?? 1000)
        return payload
      case 'status':
        reply.code(f.status ?? 500)
        reply.header('content-type', f.body != null ? 'text/html' : 'application/json; charset=utf-8')
        return f.body ?? JSON.stringify(errorBody(f.status ?? 500, 'Simulated failure'))
      case 'malformed':
        reply.header('content-type', 'application/json; charset=utf-8')
        return MALFORMED_BODY
      case 'wrongShape':
        reply.header('content-type', 'application/json; charset=utf-8')
        return WRONG_SHAPE_BODY
      case 'reset':
      case 'truncated': {
        // The handler has run; the caller never gets its answer.
        const raw = reply.raw
        const text = typeof payload === 'string' ? payload : '{}'
        if (f.kind === 'reset') req.raw.socket.destroy()
        else {
          raw.writeHead(reply.statusCode, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': String(Buffer.byteLength(text) + 1024),
          })
          raw.write(text.slice(0, Math.max(1, Math.floor(text.length / 2))), () => req.raw.socket.destroy())
        }
        if (entry) entry.status = f.kind === 'reset' ? 0 : reply.statusCode
        reply.hijack()
        return payload
      }
    }
    return payload
  })

  app.addHook('onResponse', async (req, reply) => {
    const entry = entries.get(req)
    // a reset or truncated answer recorded its own status when it happened
    if (entry && entry.fault !== 'reset' && entry.fault !== 'truncated') entry.status = reply.statusCode
  })
}

function spoil(f: FaultSpec, req: FastifyRequest, reply: FastifyReply, entry: RequestLogEntry) {
  switch (f.kind) {
    case 'status': {
      const status = f.status ?? 500
      if (f.body != null) return reply.code(status).header('content-type', 'text/html').send(f.body)
      return reply.code(status).send(errorBody(status, 'Simulated failure'))
    }
    case 'malformed':
      return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(MALFORMED_BODY)
    case 'wrongShape':
      return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(WRONG_SHAPE_BODY)
    case 'truncated': {
      reply.hijack()
      entry.status = 200
      const raw = reply.raw
      raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '4096' })
      raw.write('{"id": "wal_truncated", "bal', () => req.raw.socket.destroy())
      return reply
    }
    case 'reset':
      reply.hijack()
      entry.status = 0
      req.raw.socket.destroy()
      return reply
    default:
      return undefined
  }
}
