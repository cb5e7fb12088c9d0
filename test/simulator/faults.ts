// Fault injection per route and the request log. Faults act before the handler by default
// (nothing happens on the server); `when: 'after'` lets the handler run first and then spoils
// the answer, which is how a client meets a payment of unknown outcome.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from './http'
import { WALLET_BUSY } from './types'

/**
 * `busy`: the published server's refusal when a payment of the same wallet holds its lock,
 * HTTP 400 "Wallet busy try again soon" ("…soon..." on a transfer); nothing happens.
 */
/**
 * `hold`: the service takes `ms` to do it: the request is read whole, the handler runs after `ms`
 * whether or not the caller is still waiting, and answers then (a payment that goes out 40 s
 * after it was asked for, while the caller's own request has long given up).
 */
export type FaultKind = 'latency' | 'status' | 'malformed' | 'truncated' | 'reset' | 'wrongShape' | 'busy' | 'hold'

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
  /** a `hold` fault's request, read whole: its handler waits (a test lets its caller give up then) */
  held?: true
}

export const MALFORMED_BODY = '{"id": "wal_broken", "balance": 12'
export const WRONG_SHAPE_BODY = '[{"unexpected": true, "id": null}]'

export const LOG_LIMIT = 20_000
// the latency and hold faults: the delay IS the fault a test asks for (a slow service), not a test's wait
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export class Faults {
  private list: Array<FaultSpec & { left: number }> = []
  /** the wake-ups of requests a `hold` fault keeps back now */
  private waking = new Set<() => void>()
  log: RequestLogEntry[] = []

  /** Keeps a held request back for `ms`, or until releaseHeld(), whichever comes first. */
  hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.waking.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      this.waking.add(wake)
    })
  }

  /** Lets every held request go on now: a test ends the hold once its caller has given up. */
  releaseHeld(): number {
    const n = this.waking.size
    for (const wake of [...this.waking]) wake()
    return n
  }

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
/** requests a `hold` fault keeps back for this many ms before their handler runs */
const held = new WeakMap<FastifyRequest, number>()

function pathOf(req: FastifyRequest): string {
  return req.url.split('?')[0] ?? req.url
}

/** Hooks: log every request; apply matching faults to every path outside `/_sim`. */
export function registerFaults(app: FastifyInstance, faults: Faults): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = pathOf(req)
    const entry: RequestLogEntry = { method: req.method, path, status: 0, at: Date.now() }
    entries.set(req, entry)
    if (path.startsWith('/_sim')) return
    faults.record(entry)
    const f = faults.take(req.method, path, 'before')
    if (!f) return
    entry.fault = f.kind
    if (f.kind === 'latency') return sleep(f.ms ?? 1000)
    if (f.kind === 'hold') {
      held.set(req, f.ms ?? 1000)
      return
    }
    if (f.kind === 'reset' || f.kind === 'truncated')
      return drop(req, reply, entry, f.kind === 'truncated' ? '{"id": "wal_truncated", "bal' : null)
    const r = replacement(f, path)
    return reply
      .code(r.status ?? 200)
      .header('content-type', r.type)
      .send(r.body)
  })

  // after the body is read, so the handler runs on whole input even once the caller has gone
  app.addHook('preHandler', async (req) => {
    const ms = held.get(req)
    if (ms === undefined) return
    const entry = entries.get(req)
    if (entry) entry.held = true
    await faults.hold(ms)
  })

  app.addHook('onSend', async (req, reply, payload) => {
    const path = pathOf(req)
    if (path.startsWith('/_sim')) return payload
    const f = faults.take(req.method, path, 'after')
    if (!f) return payload
    const entry = entries.get(req) as RequestLogEntry
    entry.fault = f.kind
    if (f.kind === 'latency') {
      await sleep(f.ms ?? 1000)
      return payload
    }
    if (f.kind === 'reset' || f.kind === 'truncated') {
      // the handler has run; the caller never gets its whole answer
      const text = typeof payload === 'string' ? payload : '{}'
      drop(req, reply, entry, f.kind === 'truncated' ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : null)
      return payload
    }
    const r = replacement(f, path)
    if (r.status) reply.code(r.status)
    reply.header('content-type', r.type)
    return r.body
  })

  app.addHook('onResponse', async (req, reply) => {
    const entry = entries.get(req)
    // a dropped answer recorded its own status when it happened
    if (entry && entry.fault !== 'reset' && entry.fault !== 'truncated') entry.status = reply.statusCode
  })
}

const JSON_TYPE = 'application/json; charset=utf-8'

/** The body a 'status', 'busy', 'malformed' or 'wrongShape' fault answers with. */
function replacement(f: FaultSpec, path: string): { status?: number; type: string; body: string } {
  if (f.kind === 'malformed') return { type: JSON_TYPE, body: MALFORMED_BODY }
  if (f.kind === 'busy') {
    const message = path.endsWith('/transfer') ? `${WALLET_BUSY}...` : WALLET_BUSY
    return { status: 400, type: JSON_TYPE, body: JSON.stringify(errorBody(400, message)) }
  }
  if (f.kind === 'wrongShape') return { type: JSON_TYPE, body: WRONG_SHAPE_BODY }
  const status = f.status ?? 500
  if (f.body != null) return { status, type: 'text/html', body: f.body }
  return { status, type: JSON_TYPE, body: JSON.stringify(errorBody(status, 'Simulated failure')) }
}

/**
 * Drops the connection: at once (`partial` null: a reset), or after the headers and part of the
 * body, with a Content-Length larger than what is sent (a truncated answer).
 */
function drop(req: FastifyRequest, reply: FastifyReply, entry: RequestLogEntry, partial: string | null) {
  reply.hijack()
  const socket = req.raw.socket
  if (partial == null) {
    entry.status = 0
    socket.destroy()
    return reply
  }
  entry.status = reply.statusCode
  reply.raw.writeHead(reply.statusCode, {
    'content-type': JSON_TYPE,
    'content-length': String(Buffer.byteLength(partial) + 4096),
  })
  reply.raw.write(partial, () => socket.destroy())
  return reply
}
