// Shared set-up for the sync loop's tests: the simulator over real HTTP, the real service client,
// a virtual timer queue driven by the test (so nothing waits real minutes and nothing depends on
// real timing) whose clock is the simulator's clock, and a fake Notifier.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_SETTINGS, type Emit, type EventName, type PendingInvoice, type Settings } from '@shared/contract'
import type { PriceThen } from '@shared/priceThen'
import type { BackendClient } from '../../../electron/main/services/backends'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import { type Ledger, type LedgerOptions, openLedger } from '../../../electron/main/services/ledger'
import { maskingNotifier, type ShownNotification } from '../../../electron/main/services/notify'
import { createSyncLoop, type SyncLoop, type SyncOptions, type Timers } from '../../../electron/main/services/sync'
import { pendingInvoiceView } from '../../../electron/main/services/views'
import { type SimulatorHandle, startSimulator } from '../../simulator'
import { handOverInvoice, type LnurlAnswer, readWithdrawRequest } from '../../support/lud03Client'

export const ACCOUNT = 'acc_test'

/**
 * Timers on a virtual millisecond line. `advance` fires due timers in order; a callback that
 * returns a promise (the loop's ticks do) is awaited before the next one, so each step ends
 * with the loop idle. The simulator's clock moves with it, whole seconds at a time.
 */
export function createVirtualTimers(sim: SimulatorHandle) {
  let vt = 0
  let seq = 0
  const queue = new Map<number, { at: number; fn: () => unknown }>()
  const moveTo = (at: number) => {
    const secs = Math.floor(at / 1000) - Math.floor(vt / 1000)
    if (secs > 0) sim.control.clock.advance(secs)
    vt = at
  }
  const timers: Timers = {
    setTimeout(fn, ms) {
      seq += 1
      queue.set(seq, { at: vt + Math.max(0, ms), fn })
      return seq
    },
    clearTimeout(h) {
      queue.delete(h as number)
    },
  }
  return {
    timers,
    /** the loop's clock: the simulator's, in ms */
    now: () => sim.control.clock.now() * 1000,
    elapsedMs: () => vt,
    pending: () => queue.size,
    async advance(ms: number) {
      const end = vt + ms
      for (;;) {
        let next: [number, { at: number; fn: () => unknown }] | undefined
        for (const e of queue) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e
        if (!next) break
        queue.delete(next[0])
        moveTo(next[1].at)
        await next[1].fn()
      }
      moveTo(end)
    },
  }
}
export type VirtualTimers = ReturnType<typeof createVirtualTimers>

/** virtual ms until `told()` holds, looked at in 100 ms steps, up to `limitMs`; null when it never did */
export async function virtualMsUntil(vt: VirtualTimers, told: () => boolean, limitMs: number): Promise<number | null> {
  const start = vt.elapsedMs()
  while (vt.elapsedMs() - start < limitMs) {
    await vt.advance(100)
    if (told()) return vt.elapsedMs() - start
  }
  return null
}

export function makeClient(sim: SimulatorHandle): BackendClient {
  // No client-level retries: the loop's own backoff is what is under test.
  const client = createServiceClient({
    baseUrl: sim.url,
    getApiKey: () => sim.keys.secret,
    authMethod: 'header',
    retries: 0,
    timeoutMs: 5_000,
  })
  // as the service's backend opens it: its wallets in the app's terms
  return inAppTerms(client)
}

/** Creates an invoice over HTTP as the invoices.create handler does. */
export async function createInvoice(
  client: BackendClient,
  walletId: string,
  amountSat: number,
  memo: string,
  expirySec = 3600,
): Promise<PendingInvoice> {
  const l = await client.createInvoice(walletId, { amountMsat: amountSat * 1000, memo, expirySec })
  return pendingInvoiceView(l, { walletId, accountId: ACCOUNT, memo, nowSec: Math.floor(Date.now() / 1000) })
}

/** Notifications and events as the shell would see them; a click is how the invoice id is read. */
export function createRecorder() {
  const shown: ShownNotification[] = []
  const events: Array<{ event: EventName; payload: unknown }> = []
  const emit: Emit = (event, payload) => {
    events.push({ event, payload })
  }
  return {
    shown,
    events,
    emit,
    // nothing masked: these tests read the full words
    notifier: maskingNotifier({ show: (n) => void shown.push(n), isSupported: () => true }, () => false),
    /** invoice id → how many notifications announced it (found by clicking each one) */
    notifiedCounts(): Map<string, number> {
      const before = events.length
      for (const n of shown) n.onClick?.()
      const counts = new Map<string, number>()
      for (const e of events.splice(before)) {
        const p = e.payload as { to: string; lnTxId?: string | null }
        if (e.event === 'navigate' && p.to === 'transaction' && p.lnTxId)
          counts.set(p.lnTxId, (counts.get(p.lnTxId) ?? 0) + 1)
      }
      return counts
    },
    of(event: EventName) {
      return events.filter((e) => e.event === event).map((e) => e.payload)
    },
  }
}
export type Recorder = ReturnType<typeof createRecorder>

/** a folder for the ledger (userData in the app) */
export function tempStore(): string {
  return mkdtempSync(join(tmpdir(), 'sync-test-'))
}

const opened: Ledger[] = []
/** A connection to the ledger in `dir`, as a new start of the app makes; closed by closeLedgers. */
export function ledgerIn(dir: string, onNotice?: LedgerOptions['onNotice']): Ledger {
  const l = openLedger({ dir, onNotice })
  opened.push(l)
  return l
}
export function closeLedgers() {
  for (const l of opened.splice(0)) l.close()
}

/**
 * Fresh invoices make ticks come every 2.5 s for their first minutes (attention following, tested
 * in attention.sim.test.ts); the tests that count the cost of idle polling turn that off.
 */
export const STEADY: Partial<SyncOptions> = { freshWindowSec: 0 }

export function makeLoop(o: {
  sim: SimulatorHandle
  client: BackendClient
  vt: VirtualTimers
  rec: Recorder
  store: string
  settings?: Partial<Settings>
  options?: Partial<SyncOptions>
  /** the live rate the loop stores with new rows (docs/rates.md) */
  livePrice?: () => PriceThen | null
  /** the account's history is stored in full (the app releases memory then) */
  historyLoaded?: (accountId: string) => void
  /** the ledger the loop opened, before it starts (a test may watch what it is asked) */
  onLedger?: (ledger: Ledger) => void
  /** whether the window can be seen (absent: never) */
  visible?: () => boolean
}): SyncLoop {
  // the app shows the ledger's notices as `notice` events (createApp)
  const ledger = ledgerIn(o.store, ({ level, message }) => o.rec.emit('notice', { level, message }))
  o.onLedger?.(ledger)
  return createSyncLoop({
    ledger: () => ledger,
    accountIds: () => [ACCOUNT],
    getClient: (id) => (id === ACCOUNT ? o.client : null),
    notifier: o.rec.notifier,
    emit: o.rec.emit,
    settings: () => ({ ...DEFAULT_SETTINGS, ...o.settings }),
    now: o.vt.now,
    timers: o.vt.timers,
    activeAccountId: () => ACCOUNT,
    options: { ...STEADY, ...o.options },
    ...(o.livePrice ? { livePrice: o.livePrice } : {}),
    ...(o.historyLoaded ? { historyLoaded: o.historyLoaded } : {}),
    ...(o.visible ? { visible: o.visible } : {}),
  })
}

/** A third-party wallet claims a withdraw link for `amountSat` (LUD-03 over HTTP): the service's answer. */
export async function claimAsOutsider(sim: SimulatorHandle, lnurl: string, amountSat: number): Promise<LnurlAnswer> {
  const req = await readWithdrawRequest(lnurl)
  if ('status' in req) return req
  return handOverInvoice(req, sim.control.outsideInvoice(amountSat))
}

/** One test's world: the simulator over HTTP, the real client, virtual time, a recorder, a store folder. */
export interface SyncWorld {
  sim: SimulatorHandle
  client: BackendClient
  vt: VirtualTimers
  rec: Recorder
  store: string
  /** loops the test started; closeWorld stops them */
  loops: SyncLoop[]
}

export async function openWorld(seed: 'empty' | 'large' = 'empty'): Promise<SyncWorld> {
  const sim = await startSimulator({ seed })
  return {
    sim,
    client: makeClient(sim),
    vt: createVirtualTimers(sim),
    rec: createRecorder(),
    store: tempStore(),
    loops: [],
  }
}

/** Stops the world's loops, then the simulator, then closes every ledger the test opened. */
export async function closeWorld(w: SyncWorld | undefined): Promise<void> {
  if (!w) return
  for (const l of w.loops.splice(0)) await l.stop()
  await w.sim.close()
  closeLedgers()
}
