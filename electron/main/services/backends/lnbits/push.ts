// LNbits' websocket (lnbits/core/views/websocket_api.py; docs/lnbits.md, "The websocket"): one
// link per watched item, an invoice key (every payment of its wallet) or a payment hash (an
// invoice this client made for a wallet known by its admin key, which stays out of URLs). A
// message is only a hint that something moved: the sync loop reads the payment itself, so its
// text is never parsed for money, only sized. A dropped link comes back with a growing delay.
import WebSocket from 'ws'

/** a push is a few kilobytes; anything larger is not read */
const MAX_MESSAGE_BYTES = 64 * 1024

export interface PushOptions {
  /** the server's address (http or https) */
  baseUrl: string
  /** something moved in the account */
  onPush(): void
  log(message: string, fields?: Record<string, unknown>): void
  backoffMinMs?: number
  backoffMaxMs?: number
}

export interface PushLinks {
  /** keeps a link on this item until `forget` or `close` */
  watch(item: string, opts?: { once?: boolean }): void
  forget(item: string): void
  /** how many links are open now (for tests and the log) */
  openCount(): number
  close(): void
}

export function lnbitsPush(o: PushOptions): PushLinks {
  const wsBase = o.baseUrl.replace(/^http/, 'ws')
  const min = o.backoffMinMs ?? 1_000
  const max = o.backoffMaxMs ?? 30_000
  const links = new Map<string, { ws: WebSocket | null; timer?: NodeJS.Timeout; delay: number; open: boolean }>()
  let closed = false

  function connect(item: string, once: boolean) {
    const link = links.get(item)
    if (!link || closed) return
    const ws = new WebSocket(`${wsBase}/api/v1/ws/${encodeURIComponent(item)}`, { maxPayload: MAX_MESSAGE_BYTES })
    link.ws = ws
    ws.on('open', () => {
      link.open = true
      link.delay = min
    })
    ws.on('message', () => {
      o.onPush()
      if (once) forget(item)
    })
    // the words of a failed link may hold its URL, and with it a key: never logged
    ws.on('error', () => undefined)
    ws.on('close', () => {
      link.open = false
      if (links.get(item) !== link || closed) return
      o.log('lnbits push link dropped', { retryInMs: link.delay })
      link.timer = setTimeout(() => connect(item, once), link.delay)
      link.delay = Math.min(max, link.delay * 2)
    })
  }

  function forget(item: string) {
    const link = links.get(item)
    if (!link) return
    links.delete(item)
    clearTimeout(link.timer)
    link.ws?.terminate()
  }

  return {
    watch(item, opts = {}) {
      if (closed || links.has(item)) return
      links.set(item, { ws: null, delay: min, open: false })
      connect(item, opts.once === true)
    },
    forget,
    openCount: () => [...links.values()].filter((l) => l.open).length,
    close() {
      closed = true
      for (const item of [...links.keys()]) forget(item)
    },
  }
}
