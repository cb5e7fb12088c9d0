// A small NIP-01 relay on loopback for the NWC tests: EVENT, REQ, CLOSE, OK, EOSE, stored
// replaceable and regular events, ephemeral ones (20000–29999) only passed on. No relay package
// on npm fits a test (they want a database or a native build), so this one follows NIP-01's
// filters closely enough for NWC and has fault switches.
import type { AddressInfo } from 'node:net'
import { type Event, verifyEvent } from 'nostr-tools'
import { type WebSocket, WebSocketServer } from 'ws'

interface Filter {
  ids?: string[]
  kinds?: number[]
  authors?: string[]
  since?: number
  until?: number
  limit?: number
  [tag: `#${string}`]: string[] | undefined
}

export interface RelayFaults {
  /** events of these kinds are acknowledged but passed on to no one */
  dropKinds: number[]
  /** every event passed on twice */
  duplicate: boolean
  /** nothing is answered nor passed on (the relay accepts sockets and stays silent) */
  silent: boolean
  /** stored events are sent whatever a filter's `since` (relays that do not honour it: the wallet's age check must) */
  ignoreSince: boolean
}

export interface TestRelay {
  url: string
  /** every event published here, in order (the tests republish one, count requests) */
  published: Event[]
  faults: RelayFaults
  /** closes every client socket (the service must reconnect) */
  dropConnections(): void
  /**
   * Pushes an event (its JSON, not checked) to every subscription for requests (kind 23194), as a
   * relay that does not verify would: the flood tests (floodRelayChild.ts).
   */
  toServices(eventJson: string): void
  /** bytes the sockets of those subscriptions have not yet taken */
  buffered(): number
  /** sockets open now */
  clients(): number
  /**
   * whether a subscription open now asks for events of this kind (a client listens: publish after);
   * with `p`, for events of it tagged to that key (the service listens for that connection)
   */
  subscribed(kind: number, p?: string): boolean
  /**
   * With `stamps`: for each answer (kind 23195) the relay took, the milliseconds from passing its
   * request on to the service to the answer's arrival here, before either is checked: the
   * service's own part of a request (bench/nwc.ts). Empties the list.
   */
  takeServiceTimes(): number[]
  close(): Promise<void>
}

const matches = (e: Event, f: Filter, faults?: RelayFaults): boolean => {
  if (f.ids && !f.ids.includes(e.id)) return false
  if (f.kinds && !f.kinds.includes(e.kind)) return false
  if (f.authors && !f.authors.includes(e.pubkey)) return false
  if (f.since !== undefined && e.created_at < f.since && !faults?.ignoreSince) return false
  if (f.until !== undefined && e.created_at > f.until) return false
  for (const [k, v] of Object.entries(f)) {
    if (!k.startsWith('#') || !Array.isArray(v)) continue
    const name = k.slice(1)
    if (!e.tags.some((t) => t[0] === name && v.includes(t[1] as string))) return false
  }
  return true
}

const ephemeral = (kind: number) => kind >= 20000 && kind < 30000
const replaceable = (kind: number) => kind === 0 || kind === 3 || (kind >= 10000 && kind < 20000)

/**
 * `port`: listen there (a relay brought back where it was); `keep`: events it starts with, stored
 * even when ephemeral, as a relay that keeps what came for a wallet while the wallet was away; `stamps`:
 * time each answer from the request passed on (takeServiceTimes).
 */
export async function startRelay(o: { port?: number; keep?: Event[]; stamps?: boolean } = {}): Promise<TestRelay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: o.port ?? 0 })
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
  const stored: Event[] = [...(o.keep ?? [])]
  const subs = new Map<WebSocket, Map<string, Filter[]>>()
  const faults: RelayFaults = { dropKinds: [], duplicate: false, silent: false, ignoreSince: false }
  const published: Event[] = []
  // request id -> when it was passed on; answers' times from then (only with `stamps`)
  const passedAt = new Map<string, number>()
  let serviceTimes: number[] = []

  const send = (ws: WebSocket, msg: unknown[]) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg))
  }

  function onEvent(ws: WebSocket, e: Event) {
    if (!verifyEvent(e)) return send(ws, ['OK', e?.id ?? '', false, 'invalid: bad signature'])
    published.push(e)
    send(ws, ['OK', e.id, true, ''])
    if (faults.dropKinds.includes(e.kind)) return
    if (replaceable(e.kind)) {
      const i = stored.findIndex((s) => s.kind === e.kind && s.pubkey === e.pubkey)
      if (i >= 0) stored.splice(i, 1)
    }
    if (!ephemeral(e.kind)) stored.push(e)
    for (let n = 0; n < (faults.duplicate ? 2 : 1); n++)
      for (const [client, byId] of subs)
        for (const [subId, filters] of byId) if (filters.some((f) => matches(e, f))) send(client, ['EVENT', subId, e])
    if (o.stamps && e.kind === 23194) passedAt.set(e.id, performance.now())
  }

  /** an answer's arrival, stamped before anything of it is read further */
  function stamp(arrived: number, msg: unknown[]) {
    const e = msg[1] as Event | undefined
    if (msg[0] !== 'EVENT' || e?.kind !== 23195) return
    const to = e.tags.find((t) => t[0] === 'e')?.[1]
    const out = to === undefined ? undefined : passedAt.get(to)
    if (out === undefined) return
    passedAt.delete(to as string)
    serviceTimes.push(arrived - out)
  }

  wss.on('connection', (ws) => {
    subs.set(ws, new Map())
    ws.on('close', () => subs.delete(ws))
    ws.on('message', (raw) => {
      const arrived = performance.now()
      if (faults.silent) return
      let msg: unknown
      try {
        msg = JSON.parse(String(raw))
      } catch {
        return send(ws, ['NOTICE', 'invalid: not JSON'])
      }
      if (!Array.isArray(msg)) return
      if (o.stamps) stamp(arrived, msg)
      const [type, ...rest] = msg as [string, ...unknown[]]
      if (type === 'EVENT') onEvent(ws, rest[0] as Event)
      else if (type === 'REQ') {
        const [subId, ...filters] = rest as [string, ...Filter[]]
        subs.get(ws)?.set(subId, filters)
        for (const f of filters) {
          const found = stored.filter((e) => matches(e, f, faults)).sort((a, b) => b.created_at - a.created_at)
          for (const e of found.slice(0, f.limit ?? found.length)) send(ws, ['EVENT', subId, e])
        }
        send(ws, ['EOSE', subId])
      } else if (type === 'CLOSE') subs.get(ws)?.delete(rest[0] as string)
    })
  })

  const port = (wss.address() as AddressInfo).port
  return {
    url: `ws://127.0.0.1:${port}`,
    published,
    faults,
    dropConnections() {
      for (const c of wss.clients) c.terminate()
    },
    toServices(eventJson) {
      for (const [client, byId] of subs)
        for (const [subId, filters] of byId)
          if (filters.some((f) => f.kinds?.includes(23194)) && client.readyState === client.OPEN)
            client.send(`["EVENT",${JSON.stringify(subId)},${eventJson}]`)
    },
    buffered() {
      let most = 0
      for (const [client, byId] of subs)
        for (const filters of byId.values())
          if (filters.some((f) => f.kinds?.includes(23194))) most = Math.max(most, client.bufferedAmount)
      return most
    },
    clients: () => wss.clients.size,
    takeServiceTimes() {
      const t = serviceTimes
      serviceTimes = []
      return t
    },
    subscribed: (kind, p) =>
      [...subs.values()].some((byId) =>
        [...byId.values()].some((fs) =>
          fs.some((f) => f.kinds?.includes(kind) && (p === undefined || (f['#p'] ?? []).includes(p))),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate()
        wss.close(() => resolve())
      }),
  }
}

/**
 * Publishes one event to a relay on a socket of its own, as another client would, and resolves
 * once the relay has answered OK (whether it took the event): then it has passed it on.
 */
export async function publishTo(url: string, e: Event): Promise<boolean> {
  const ws = new globalThis.WebSocket(url) // the platform's client: this file's WebSocket is ws's server side
  try {
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve)
      ws.addEventListener('error', reject)
    })
    const ok = new Promise<boolean>((resolve) =>
      ws.addEventListener('message', (m) => {
        const msg = JSON.parse(String(m.data)) as unknown[]
        if (msg[0] === 'OK' && msg[1] === e.id) resolve(msg[2] === true)
      }),
    )
    ws.send(JSON.stringify(['EVENT', e]))
    return await ok
  } finally {
    ws.close()
  }
}
