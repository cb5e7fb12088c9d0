// The connected apps' relays seen from main (docs/nwc.md, "Floods"): a worker thread
// (relayWorker.ts) holds the sockets and reads what they send through the gate; main tells it the
// connections served and the answers to seal, and is handed the requests that passed. Should no
// worker start (its file missing or unreadable) the same code runs on main over a MessageChannel,
// so the apps are still served; a worker that stops later is started again, with backoff.
import { MessageChannel } from 'node:worker_threads'
import { startWorker } from '../workers'
import type { Answer } from './events'
import type { Heard } from './gate'
import type { AnswerTo, BalanceHere, FromRelayWorker, RelayWorkerData, ServedWallet, ToRelayWorker } from './relayJob'
import type { RelayProblem } from './relayProblem'
import { serveRelays } from './relayService'
import type { Encryption } from './types'

/** the worker's heap: its bounded memories (gate.ts) and a few socket buffers, many times over */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 96 }
/** a `serve` not told `served` by then (a worker slow to start) is not waited for longer */
const SERVED_WAIT_MS = 10_000
const RESTART_MIN_MS = 1_000
const RESTART_MAX_MS = 60_000

export interface LinksOffThreadDeps {
  /** the connections served now */
  wallets(): ServedWallet[]
  /** event ids answered lately (on disk), for a worker just started */
  seen(): string[]
  /** the connections whose get_balance the worker may answer itself now (relayJob.ts, `balances`) */
  balancesHere?(): BalanceHere[]
  /** `signed`: the worker's signature check of a request handed on before it (gate.ts, 7) */
  onHeard(h: Heard & { relay: string; signed?: Promise<boolean> }): void
  /** a link opened, or closed or did not open (each attempt, with why) */
  onStatus?(relay: string, connected: boolean, problem?: RelayProblem): void
  nowMs(): number
  log?: (message: string, fields?: Record<string, unknown>) => void
  backoffMinMs?: number
  /** where the build's worker files are, when not beside the main bundle */
  workersDir?: string
}

export interface ServiceLinks {
  /**
   * the connections changed: the worker serves the new list (opening and closing relays);
   * resolves once their relays are open and have their info events (SERVE_WAIT_MS at most there)
   */
  sync(): Promise<void>
  /** sealed and published by the worker; true once the relay said OK */
  answer(relay: string, walletPubkey: string, to: AnswerTo, answer: Answer): Promise<boolean>
  /** the connections whose get_balance the worker answers itself changed (`balances`): it is told them */
  balancesChanged(): void
  /** one notification, sealed in `enc` (kind 23197 for NIP-44, 23196 for NIP-04) */
  notify(
    walletPubkey: string,
    enc: Encryption,
    body: { notification_type: string; notification: Record<string, unknown> },
  ): void
  connected(relay: string): boolean
  close(): void
}

interface Endpoint {
  post(m: ToRelayWorker): void
  stop(): void
}

function onWorker(
  d: LinksOffThreadDeps,
  data: RelayWorkerData,
  told: (m: FromRelayWorker) => void,
  gone: (ready: boolean) => void,
): Endpoint {
  const w = startWorker('nwcWorker', { workerData: data, resourceLimits: WORKER_LIMITS }, d.workersDir)
  let ready = false
  w.on('message', (m: FromRelayWorker) => {
    if (m.type === 'ready') ready = true
    told(m)
  })
  w.on('error', (err) => d.log?.('nwc relay worker failed', { error: err.message }))
  w.on('exit', () => gone(ready))
  // the app's own lifetime decides, not the worker's sockets
  w.unref()
  return {
    post: (m) => w.postMessage(m),
    stop() {
      w.postMessage({ type: 'close' })
      setTimeout(() => void w.terminate(), 2_000).unref()
    },
  }
}

function onMain(data: RelayWorkerData, told: (m: FromRelayWorker) => void): Endpoint {
  const { port1, port2 } = new MessageChannel()
  serveRelays(port2, data)
  port1.on('message', told)
  port1.unref()
  return { post: (m) => port1.postMessage(m), stop: () => port1.postMessage({ type: 'close' }) }
}

export function createLinksOffThread(d: LinksOffThreadDeps): ServiceLinks {
  const data: RelayWorkerData = { backoffMinMs: d.backoffMinMs }
  let end: Endpoint | null = null
  let closed = false
  let onMainThread = false
  let restartMs = RESTART_MIN_MS
  let nextRef = 1
  const acks = new Map<number, (ok: boolean) => void>()
  const up = new Map<string, boolean>()
  // requests handed on while the worker checks their signature: its verdict, by event id
  const verdicts = new Map<string, (ok: boolean) => void>()
  const signed = (id: string) => new Promise<boolean>((resolve) => verdicts.set(id, resolve))

  const told = (m: FromRelayWorker) => {
    if (m.type === 'heard') for (const h of m.items) d.onHeard(h.checking ? { ...h, signed: signed(h.id) } : h)
    else if (m.type === 'signature') {
      verdicts.get(m.id)?.(m.ok)
      verdicts.delete(m.id)
    } else if (m.type === 'status') {
      up.set(m.relay, m.connected)
      d.onStatus?.(m.relay, m.connected, m.problem)
    } else if (m.type === 'published' || m.type === 'served') {
      acks.get(m.ref)?.(m.type === 'served' || m.ok)
      acks.delete(m.ref)
    } else if (m.type === 'log') d.log?.(m.message, m.fields)
  }
  let startedAt = 0
  /** posts `m` with a fresh ref; resolves with the answer to it (false: none, the worker gone) */
  const ask = (m: (ref: number) => ToRelayWorker, waitMs?: number): Promise<boolean> => {
    if (!end) return Promise.resolve(false)
    const ref = nextRef++
    const answered = new Promise<boolean>((resolve) => {
      acks.set(ref, resolve)
      if (waitMs) setTimeout(() => acks.delete(ref) && resolve(false), waitMs).unref()
    })
    end.post(m(ref))
    return answered
  }
  const serve = (wallets = d.wallets(), seen?: string[]) => {
    const served = ask((ref) => ({ type: 'serve', ref, wallets, seen, clockMs: d.nowMs() }), SERVED_WAIT_MS)
    end?.post({ type: 'balances', here: d.balancesHere?.() ?? [] })
    return served
  }
  const start = () => {
    startedAt = Date.now()
    // a worker stopped on purpose (nothing to serve, the app closing) is not started again
    const mine: Endpoint = onMainThread ? onMain(data, told) : onWorker(d, data, told, (r) => end === mine && gone(r))
    end = mine
    return serve(d.wallets(), d.seen())
  }
  const forget = () => {
    end = null
    for (const done of acks.values()) done(false)
    acks.clear()
    // a worker gone before its verdict: not checked, so not answered
    for (const done of verdicts.values()) done(false)
    verdicts.clear()
    for (const [relay, on] of up) if (on) d.onStatus?.(relay, false)
    up.clear()
  }
  const letGo = () => {
    end?.stop()
    forget()
  }
  function gone(ready: boolean) {
    forget()
    if (closed) return
    if (Date.now() - startedAt > RESTART_MAX_MS) restartMs = RESTART_MIN_MS
    if (!ready) {
      d.log?.('nwc relay worker could not start: the relays are read on the main thread')
      onMainThread = true
      return void start()
    }
    d.log?.('nwc relay worker stopped: starting it again', { inMs: restartMs })
    setTimeout(() => !closed && !end && start(), restartMs).unref()
    restartMs = Math.min(restartMs * 2, RESTART_MAX_MS)
  }

  return {
    async sync() {
      if (closed) return
      const wallets = d.wallets()
      if (wallets.length === 0) letGo()
      else await (end ? serve(wallets) : start())
    },
    answer: (relay, walletPubkey, to, answer) =>
      ask((ref) => ({ type: 'answer', ref, relay, walletPubkey, to, answer })),
    balancesChanged: () => end?.post({ type: 'balances', here: d.balancesHere?.() ?? [] }),
    notify: (walletPubkey, enc, body) => end?.post({ type: 'notify', walletPubkey, enc, body }),
    connected: (relay) => up.get(relay) ?? false,
    close() {
      closed = true
      letGo()
    },
  }
}
