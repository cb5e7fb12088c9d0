// The wallet service's side of the relays, run on a thread of its own (relayWorker.ts) so that
// nothing a relay sends can hold main's event loop: the sockets (links.ts), every event read
// through the gate (gate.ts), and what main answers sealed here (encrypted and signed with the
// connection's wallet key: events.ts). Main is handed only requests that passed, in batches; an
// app's NIP-44 request on its own as soon as its seal passed, its signature's verdict right after.
// Strangers' work (their signature, their UNAUTHORIZED) waits until the apps' is done, a few at a
// time: a courtesy must not delay an app.

import { infoEvent, notificationEvent, responseEvent } from './events'
import { createGate, type Heard, type Verdict } from './gate'
import { tally } from './limits'
import { createLinks } from './links'
import {
  type FromRelayWorker,
  type RelayWorkerData,
  SERVE_WAIT_MS,
  type ServedWallet,
  type ToRelayWorker,
} from './relayJob'
import { signingCompiled } from './signing'

/** a worker's parent port, or one end of a MessageChannel when it runs on main (linksOffThread.ts) */
export interface Port {
  on(event: 'message', listener: (m: ToRelayWorker) => void): unknown
  postMessage(m: FromRelayWorker): void
  close(): void
}

/** strangers' work waiting at most; more is dropped (counted in the log) */
const MAX_LATER = 8

/** work run one piece at a time when nothing else waits (setImmediate: after the sockets' and main's messages) */
function whenIdle(full: () => void) {
  const queue: Array<() => void> = []
  const next = () => {
    queue.shift()?.()
    if (queue.length > 0) setImmediate(next)
  }
  return (work: () => void, dropped?: () => void) => {
    if (queue.length >= MAX_LATER) {
      dropped?.()
      return full()
    }
    if (queue.push(work) === 1) setImmediate(next)
  }
}

/** `serve`s told `served` once their relays are open (a link publishes the info events as it opens) */
function openWaits(post: (m: FromRelayWorker) => void, connected: (relay: string) => boolean) {
  interface Wait {
    ref: number
    relays: string[]
    timer?: ReturnType<typeof setTimeout>
  }
  const waits = new Set<Wait>()
  const done = (w: Wait) => {
    clearTimeout(w.timer)
    waits.delete(w)
    post({ type: 'served', ref: w.ref })
  }
  const check = () => {
    for (const w of waits) if (w.relays.every(connected)) done(w)
  }
  return {
    add(ref: number, relays: string[]) {
      const w: Wait = { ref, relays }
      w.timer = setTimeout(() => done(w), SERVE_WAIT_MS)
      waits.add(w)
      check()
    },
    /** a link opened: checked after its own open handler (which publishes the info events) */
    opened: () => queueMicrotask(check),
    clear() {
      for (const w of waits) clearTimeout(w.timer)
    },
  }
}

/** what passed in one go (one socket read) is handed over in one message */
function batcher(post: (m: FromRelayWorker) => void) {
  let batch: Array<Heard & { relay: string }> = []
  const flush = () => {
    const items = batch
    batch = []
    post({ type: 'heard', items })
  }
  return (h: Heard & { relay: string }) => {
    if (batch.push(h) === 1) queueMicrotask(flush)
  }
}

export function serveRelays(port: Port, data: RelayWorkerData): void {
  const post = (m: FromRelayWorker) => port.postMessage(m)
  const log = (message: string, fields?: Record<string, unknown>) => post({ type: 'log', message, fields })
  let wallets = new Map<string, ServedWallet>()
  let offsetMs = 0
  const nowMs = () => Date.now() + offsetMs
  const nowSec = () => Math.floor(nowMs() / 1000)
  const gate = createGate({ wallet: (pk) => wallets.get(pk), nowMs })
  const drops = tally(log)
  const later = whenIdle(() => drops.add('strangers waiting'))
  const hand = batcher(post)
  const take = (read: () => Verdict, relay: string): void => {
    let v: Verdict
    try {
      v = read()
    } catch {
      v = { drop: 'unreadable' }
    }
    if ('later' in v) later(() => take(v.later, relay))
    else if ('drop' in v) drops.add(v.drop)
    else if (v.signature) {
      // handed on before its signature check, so main reads while this thread checks (gate.ts, 7)
      post({ type: 'heard', items: [{ ...v.heard, relay }] })
      let ok = false
      try {
        ok = v.signature()
      } catch {}
      post({ type: 'signature', id: v.heard.id, ok })
      if (!ok) drops.add('bad signature')
    } else hand({ ...v.heard, relay })
  }
  const links = createLinks({
    served() {
      const m = new Map<string, string[]>()
      for (const w of wallets.values()) m.set(w.relay, [...(m.get(w.relay) ?? []), w.walletPubkey])
      return m
    },
    onEvent: (raw, relay) => take(() => gate.read(raw), relay),
    infoFor: (relay) =>
      [...wallets.values()]
        .filter((w) => w.relay === relay && w.methods)
        .map((w) =>
          infoEvent(w.secret, w.methods ?? [], nowSec(), { clientPubkey: w.clientPubkey, state: w.pairingState }),
        ),
    status(relay, connected, problem) {
      post({ type: 'status', relay, connected, ...(problem ? { problem } : {}) })
      if (connected) waits.opened()
    },
    ...{ log, backoffMinMs: data.backoffMinMs },
    // the gate is the cap: a count blind to who sent what would drop the app's request in a flood
    maxEventsPerSec: Number.POSITIVE_INFINITY,
  })
  const waits = openWaits(post, (relay) => links.connected(relay))
  const publish = (relay: string, e: Parameters<typeof links.publish>[1], ref?: number) =>
    links.publish(relay, e).then((ok) => ref !== undefined && post({ type: 'published', ref, ok }))

  port.on('message', (m) => {
    if (m.type === 'serve') {
      offsetMs = m.clockMs - Date.now()
      wallets = new Map(m.wallets.map((w) => [w.walletPubkey, w]))
      if (m.seen) gate.seed(m.seen)
      links.sync()
      waits.add(m.ref, [...new Set(m.wallets.map((w) => w.relay))])
    } else if (m.type === 'answer') {
      const w = wallets.get(m.walletPubkey)
      if (!w) return post({ type: 'published', ref: m.ref, ok: false })
      const seal = () => void publish(m.relay, responseEvent(w.secret, m.to, m.answer, nowSec()), m.ref)
      if (m.to.pubkey === w.clientPubkey) seal()
      // a stranger's UNAUTHORIZED: an ECDH and a signature, when the apps' work is done
      else later(seal, () => post({ type: 'published', ref: m.ref, ok: false }))
    } else if (m.type === 'notify') {
      const w = wallets.get(m.walletPubkey)
      if (w)
        void publish(w.relay, notificationEvent(w.secret, { pubkey: w.clientPubkey, enc: m.enc }, m.body, nowSec()))
    } else if (m.type === 'close') {
      waits.clear()
      drops.flush()
      links.close()
      port.close()
    }
  })
  void signingCompiled.then((ok) => ok || log('nwc signatures in pure JavaScript: the WebAssembly did not compile'))
  post({ type: 'ready' })
}
