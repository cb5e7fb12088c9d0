// The wallet service's side of the relays, run on a thread of its own (relayWorker.ts) so that
// nothing a relay sends can hold main's event loop: the sockets (links.ts), every event read
// through the gate (gate.ts), and what main answers sealed here (encrypted and signed with the
// connection's wallet key: events.ts). Main is handed only requests that passed, in batches.
import { createGate, type Heard } from './gate'
import { infoEvent, notificationEvents, responseEvent } from './events'
import { createLinks } from './links'
import { tally } from './limits'
import type { FromRelayWorker, RelayWorkerData, ServedWallet, ToRelayWorker } from './relayJob'

/** a worker's parent port, or one end of a MessageChannel when it runs on main (linksOffThread.ts) */
export interface Port {
  on(event: 'message', listener: (m: ToRelayWorker) => void): unknown
  postMessage(m: FromRelayWorker): void
  close(): void
}

export function serveRelays(port: Port, data: RelayWorkerData): void {
  const post = (m: FromRelayWorker) => port.postMessage(m)
  const log = (message: string, fields?: Record<string, unknown>) => post({ type: 'log', message, fields })
  let wallets = new Map<string, ServedWallet>()
  let offsetMs = 0
  const nowMs = () => Date.now() + offsetMs
  const nowSec = () => Math.floor(nowMs() / 1000)
  const gate = createGate({ wallet: (pk) => wallets.get(pk), nowMs })
  const drops = tally(log, 'nwc events dropped')

  // what passed in one go (one socket read) is handed over in one message
  let batch: Array<Heard & { relay: string }> = []
  const flush = () => {
    const items = batch
    batch = []
    post({ type: 'heard', items })
  }
  const links = createLinks({
    served() {
      const m = new Map<string, string[]>()
      for (const w of wallets.values()) m.set(w.relay, [...(m.get(w.relay) ?? []), w.walletPubkey])
      return m
    },
    onEvent(raw, relay) {
      let v: ReturnType<typeof gate.read>
      try {
        v = gate.read(raw)
      } catch {
        v = { drop: 'unreadable' }
      }
      if ('drop' in v) return drops.add(v.drop)
      if (batch.push({ ...v.heard, relay }) === 1) queueMicrotask(flush)
    },
    infoFor: (relay) =>
      [...wallets.values()]
        .filter((w) => w.relay === relay && w.methods)
        .map((w) => infoEvent(w.secret, w.methods ?? [], nowSec())),
    status: (relay, connected) => post({ type: 'status', relay, connected }),
    log,
    backoffMinMs: data.backoffMinMs,
    // the gate is the cap: a count blind to who sent what would drop the app's request in a flood
    maxEventsPerSec: Number.POSITIVE_INFINITY,
  })

  const publish = (relay: string, e: Parameters<typeof links.publish>[1], ref?: number) =>
    links.publish(relay, e).then((ok) => ref !== undefined && post({ type: 'published', ref, ok }))

  port.on('message', (m) => {
    if (m.type === 'serve') {
      offsetMs = m.clockMs - Date.now()
      wallets = new Map(m.wallets.map((w) => [w.walletPubkey, w]))
      if (m.seen) gate.seed(m.seen)
      links.sync()
    } else if (m.type === 'answer') {
      const w = wallets.get(m.walletPubkey)
      if (!w) return post({ type: 'published', ref: m.ref, ok: false })
      void publish(m.relay, responseEvent(w.secret, m.to, m.answer, nowSec()), m.ref)
    } else if (m.type === 'notify') {
      const w = wallets.get(m.walletPubkey)
      if (w) for (const e of notificationEvents(w.secret, w.clientPubkey, m.body, nowSec())) void publish(w.relay, e)
    } else if (m.type === 'close') {
      drops.flush()
      links.close()
      port.close()
    }
  })
  post({ type: 'ready' })
}
