// The wallet service's side of the relays, run on a thread of its own (relayWorker.ts) so that
// nothing a relay sends can hold main's event loop: the sockets (links.ts), every event read
// through the gate (gate.ts), and what main answers sealed here (encrypted and signed with the
// connection's wallet key: events.ts). Main is handed only requests that passed, in batches; an
// app's NIP-44 request on its own as soon as its seal passed, its signature's verdict right after.
// Strangers' work (their signature, their UNAUTHORIZED) waits until the apps' is done, a few at a
// time: a courtesy must not delay an app.
// An app's get_balance is answered here alone while main says it needs no check of main's
// (`balances`; docs/nwc.md, "Speed"): read, answered, then handed to main to keep its id.

import { type BalanceRead, readBalance } from '../backends/balanceRead'
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

/** balance reads in flight per connection at most; an app asking faster is served by main, which caps it too */
const MAX_READS = 8

const asksBalance = (text: string) => {
  try {
    return (JSON.parse(text) as { method?: unknown } | null)?.method === 'get_balance'
  } catch {
    return false
  }
}

/** the number of reads in flight per connection */
function counts() {
  const n = new Map<string, number>()
  return {
    take(key: string): boolean {
      const now = n.get(key) ?? 0
      if (now >= MAX_READS) return false
      n.set(key, now + 1)
      return true
    },
    give(key: string) {
      const left = (n.get(key) ?? 1) - 1
      if (left > 0) n.set(key, left)
      else n.delete(key)
    },
  }
}

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
  // main's word on which connections' get_balance this thread answers itself (docs/nwc.md, "Speed")
  let balances = new Map<string, BalanceRead>()
  const reading = counts()
  /**
   * An app's get_balance answered here, without a hop to main and back, when main said so: read
   * (its request goes out first), its signature checked meanwhile, sealed and published; main is
   * told after (`answered`), to keep its id on disk. A read that fails goes to main (`unread`).
   */
  const answerHere = (h: Heard & { relay: string }, checked: () => boolean): boolean => {
    const read = balances.get(h.walletPubkey)
    if (!read || h.text === undefined || !asksBalance(h.text) || !reading.take(h.walletPubkey)) return false
    const balance = readBalance(read)
    setImmediate(async () => {
      const ok = checked()
      const msat = await balance
      reading.give(h.walletPubkey)
      const w = wallets.get(h.walletPubkey)
      if (!ok) return
      // main may have taken it back meanwhile (paused, locked, revoked): main answers then
      if (msat === null || !w || !balances.has(h.walletPubkey))
        return hand({ ...h, ...(msat === null ? { unread: true } : {}) })
      const answer = { method: 'get_balance', result: { balance: msat } }
      void publish(h.relay, responseEvent(w.secret, { pubkey: h.pubkey, id: h.id, enc: h.enc }, answer, nowSec()))
      hand({ ...h, answered: true })
    })
    return true
  }
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
      const signature = v.signature
      const checked = () => {
        let ok = false
        try {
          ok = signature()
        } catch {}
        if (!ok) drops.add('bad signature')
        return ok
      }
      const { checking: _, ...heard } = { ...v.heard, relay }
      if (answerHere(heard, checked)) return
      // handed on before its signature check, so main reads while this thread checks (gate.ts, 7)
      post({ type: 'heard', items: [{ ...heard, checking: true }] })
      post({ type: 'signature', id: heard.id, ok: checked() })
    } else if (!answerHere({ ...v.heard, relay }, () => true)) hand({ ...v.heard, relay })
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
    } else if (m.type === 'balances') {
      balances = new Map(m.here.map((b) => [b.walletPubkey, b.read]))
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
