// One WebSocket to one relay (NIP-01): a subscription for the requests addressed to our wallet
// keys, publishing responses and notifications, reconnecting with backoff. Whatever the relay
// sends is capped: one message at most MAX_MESSAGE_BYTES (the socket refuses more), at most
// MAX_EVENTS_PER_SEC events handed on per second unless the caller filters them itself (the
// wallet service's gate.ts: a cap blind to who sent what would drop the app's request among a
// flood's), and a publish not acknowledged within PUBLISH_TIMEOUT_MS is given up (a relay that
// never answers must not hold anything). A link that drops waits 1 s, doubling to 5 min, each wait
// jittered (so many apps do not come back at one moment), and subscribes again as it reopens.
import WebSocket from 'ws'
import { type RelayProblem, relayProblemOf } from './relayProblem'
import type { Filter } from './types'

export const MAX_MESSAGE_BYTES = 128 * 1024
const MAX_EVENTS_PER_SEC = 200
const PUBLISH_TIMEOUT_MS = 10_000
export const BACKOFF_MIN_MS = 1_000
export const BACKOFF_MAX_MS = 5 * 60_000

/** the wait before the next attempt: `wait`, up to a quarter more at random, never past the most */
export function backoffDelay(wait: number, random: number = Math.random()): number {
  return Math.min(BACKOFF_MAX_MS, Math.floor(wait + random * wait * 0.25))
}
const SUB_ID = 'nwc'

export interface RelayLinkDeps {
  url: string
  /** the filter of the one subscription; asked again at each (re)connect (`downSinceMs`: when the link dropped) */
  filter: (downSinceMs: number | null) => Filter
  onEvent: (event: unknown) => void
  /** the socket opened (again): the caller republishes what relays keep (the info events) */
  onOpen?: () => void
  log?: (message: string, fields?: Record<string, unknown>) => void
  /** the socket opened (true) or closed or could not open (false, with why: one call per attempt) */
  onStatus?: (connected: boolean, problem?: RelayProblem) => void
  /** the backoff's first wait (tests shorten it) */
  backoffMinMs?: number
  /** events handed on per second at most (MAX_EVENTS_PER_SEC unless said) */
  maxEventsPerSec?: number
}

export interface RelayLink {
  readonly url: string
  connected(): boolean
  /** sends an event; resolves true when the relay said OK, false when refused, unsent or timed out */
  publish(event: { id: string }): Promise<boolean>
  /** the filter changed (a connection added or removed): subscribe again */
  resubscribe(): void
  close(): void
}

export function openRelay(d: RelayLinkDeps): RelayLink {
  let ws: WebSocket | null = null
  let closed = false
  let wait = d.backoffMinMs ?? BACKOFF_MIN_MS
  let timer: NodeJS.Timeout | null = null
  let second = 0
  let inSecond = 0
  const acks = new Map<string, (ok: boolean) => void>()
  const perSec = d.maxEventsPerSec ?? MAX_EVENTS_PER_SEC
  let downSince: number | null = null
  let problem: RelayProblem | undefined

  const subscribe = () => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(['REQ', SUB_ID, d.filter(downSince)]))
  }

  function connect() {
    if (closed) return
    const sock = new WebSocket(d.url, { maxPayload: MAX_MESSAGE_BYTES, handshakeTimeout: 10_000 })
    ws = sock
    let opened = false
    problem = undefined
    sock.on('open', () => {
      opened = true
      wait = d.backoffMinMs ?? BACKOFF_MIN_MS
      subscribe()
      downSince = null
      d.onStatus?.(true)
      d.onOpen?.()
    })
    sock.on('message', (raw) => onMessage(String(raw)))
    sock.on('unexpected-response', (_req, res) => {
      problem = { code: 'http', status: res.statusCode ?? null }
      sock.terminate()
    })
    sock.on('error', (err) => {
      problem ??= relayProblemOf(err)
      d.log?.('relay error', { relay: d.url, error: err.message })
    })
    sock.on('close', () => {
      if (ws === sock) ws = null
      downSince ??= Date.now()
      d.onStatus?.(false, opened ? { code: 'closed', status: null } : (problem ?? { code: 'other', status: null }))
      for (const done of acks.values()) done(false)
      acks.clear()
      if (!closed) later()
    })
  }

  function later() {
    timer = setTimeout(connect, backoffDelay(wait))
    wait = Math.min(wait * 2, BACKOFF_MAX_MS)
  }

  function onMessage(text: string) {
    let msg: unknown
    try {
      msg = JSON.parse(text)
    } catch {
      return
    }
    if (!Array.isArray(msg)) return
    if (msg[0] === 'EVENT' && msg[1] === SUB_ID) {
      const s = Math.floor(Date.now() / 1000)
      if (s !== second) [second, inSecond] = [s, 0]
      if (++inSecond > perSec) return
      d.onEvent(msg[2])
    } else if (msg[0] === 'OK' && typeof msg[1] === 'string') {
      acks.get(msg[1])?.(msg[2] === true)
      acks.delete(msg[1])
    }
  }

  connect()
  return {
    url: d.url,
    connected: () => ws?.readyState === WebSocket.OPEN,
    publish(event) {
      const sock = ws
      if (!sock || sock.readyState !== WebSocket.OPEN) return Promise.resolve(false)
      return new Promise<boolean>((resolve) => {
        const t = setTimeout(() => {
          acks.delete(event.id)
          resolve(false)
        }, PUBLISH_TIMEOUT_MS)
        acks.set(event.id, (ok) => {
          clearTimeout(t)
          resolve(ok)
        })
        sock.send(JSON.stringify(['EVENT', event]))
      })
    },
    resubscribe: subscribe,
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      ws?.terminate()
      ws = null
    },
  }
}
