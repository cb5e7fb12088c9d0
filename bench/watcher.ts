// The watcher's cost and speed: requests per minute and the delay from a payment to its
// notification, for 1, 10 and 100 pending invoices over 1, 3 and 10 wallets, at the DEFAULT
// poll interval (15 s).
//
// Time is simulated, not waited: the watcher runs on a virtual timer queue whose clock is the
// simulator's clock (test/electron/watcher/harness.ts), so 21 minutes of polling take well under
// a second per row, while every request is real HTTP to the simulator with the real client.
// Figures are therefore per simulated minute at the real default interval; nothing is scaled.
//
// Each row: 5 simulated minutes with all invoices pending and nothing paid ("idle"), then the
// invoices are paid at uniformly random moments over 10 minutes and the run goes on for one more
// ("paying"). Delay = simulated time from the payment to the notification.
// Strategies: `gated` (the default: one balance read per account per tick, wallets read only when
// their balance moved, ≤2 invoices by lnTx, more by one transactions page), `per-wallet` (no
// balance read: every wallet with invoices read every tick), `naive` (one lnTx read per invoice
// per tick: the reference the other two must beat).
//
// A last row: one invoice on the Receive screen (`focus`), polled every 2 s.
//
// `npx tsx bench/watcher.ts` prints the table; `npm run bench` calls runWatcherBench().
import { pathToFileURL } from 'node:url'
import { DEFAULT_SETTINGS } from '@shared/contract'
import type { WatcherOptions } from '../electron/main/services/watcher'
import {
  createInvoice,
  createRecorder,
  createVirtualTimers,
  makeClient,
  makeWatcher,
  tempStore,
} from '../test/electron/watcher/harness'
import { startSimulator } from '../test/simulator/index'
import { prng } from '../test/simulator/seed'

const STRATEGIES: Record<string, Partial<WatcherOptions>> = {
  gated: {},
  'per-wallet': { balanceGate: false },
  naive: { balanceGate: false, directMax: Number.POSITIVE_INFINITY },
}
const IDLE_MIN = 5 // 20 ticks: one full check (every 20th tick) falls inside, as on average
const PAY_MIN = 10
const TAIL_MIN = 1

export interface WatcherBenchRow {
  invoices: number
  wallets: number
  strategy: string
  'req/min idle': number
  'req/min paying': number
  'delay p50 s': number
  'delay p95 s': number
  'delay max s': number
  notified: string
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i] ?? Number.NaN
}
const round1 = (x: number) => Math.round(x * 10) / 10

async function runOne(
  invoices: number,
  wallets: number,
  strategy: string,
  seed: number,
  focus = false,
): Promise<WatcherBenchRow> {
  const sim = await startSimulator({ seed: 'empty' })
  try {
    const client = makeClient(sim)
    const vt = createVirtualTimers(sim)
    const rec = createRecorder()
    const walletIds = Array.from({ length: wallets }, (_, i) => sim.control.createWallet(`W${i}`, 1000).id)
    const pending = []
    for (let i = 0; i < invoices; i++)
      pending.push(await createInvoice(client, walletIds[i % wallets]!, 10 + i, `bench ${i}`))

    const shownAt = new Map<string, number>()
    const w = makeWatcher({
      sim,
      client,
      vt,
      rec: {
        ...rec,
        notifier: {
          isSupported: () => true,
          show: (n) => {
            // The click target names the invoice.
            n.onClick?.()
            const nav = rec.events.pop()?.payload as { lnTxId?: string } | undefined
            if (nav?.lnTxId && !shownAt.has(nav.lnTxId)) shownAt.set(nav.lnTxId, vt.elapsedMs())
          },
        },
      },
      store: tempStore(),
      settings: { pollIntervalSec: DEFAULT_SETTINGS.pollIntervalSec },
      options: STRATEGIES[strategy],
    })
    for (const inv of pending) await w.track(inv)
    if (focus && pending[0]) w.focus(pending[0].id)
    w.start()
    await w.idle()

    sim.control.resetRequests()
    await vt.advance(IDLE_MIN * 60_000)
    const idleRequests = sim.control.requests().length

    const rand = prng(seed)
    const paidAt = new Map<string, number>()
    for (const inv of pending) {
      const at = Math.floor(rand() * PAY_MIN * 60_000)
      vt.timers.setTimeout(() => {
        paidAt.set(inv.id, vt.elapsedMs())
        return sim.control.settleInvoice(inv.id)
      }, at)
    }
    sim.control.resetRequests()
    await vt.advance((PAY_MIN + TAIL_MIN) * 60_000)
    const payingRequests = sim.control.requests().length
    await w.stop()

    const delays = [...paidAt]
      .map(([id, at]) => (shownAt.get(id) ?? Number.NaN) - at)
      .filter(Number.isFinite)
      .sort((a, b) => a - b)
    return {
      invoices,
      wallets,
      strategy: focus ? `${strategy}, focused` : strategy,
      'req/min idle': round1(idleRequests / IDLE_MIN),
      'req/min paying': round1(payingRequests / (PAY_MIN + TAIL_MIN)),
      'delay p50 s': round1(percentile(delays, 50) / 1000),
      'delay p95 s': round1(percentile(delays, 95) / 1000),
      'delay max s': round1((delays.at(-1) ?? Number.NaN) / 1000),
      notified: `${shownAt.size}/${invoices}`,
    }
  } finally {
    await sim.close()
  }
}

export async function runWatcherBench(
  opts: { strategies?: string[]; onRow?: (r: WatcherBenchRow) => void } = {},
): Promise<WatcherBenchRow[]> {
  const rows: WatcherBenchRow[] = []
  let seed = 1
  for (const invoices of [1, 10, 100]) {
    for (const wallets of [1, 3, 10]) {
      for (const strategy of opts.strategies ?? Object.keys(STRATEGIES)) {
        const row = await runOne(invoices, wallets, strategy, seed++)
        rows.push(row)
        opts.onRow?.(row)
      }
    }
  }
  // The invoice the Receive screen shows is polled every 2 s.
  const focused = await runOne(1, 1, 'gated', seed++, true)
  rows.push(focused)
  opts.onRow?.(focused)
  return rows
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now()
  console.log(
    `Watcher benchmark: default interval ${DEFAULT_SETTINGS.pollIntervalSec} s, simulated time (virtual clock), real HTTP to the simulator.`,
  )
  console.log(
    `Idle: ${IDLE_MIN} min, nothing paid. Paying: invoices paid at random over ${PAY_MIN} min (+${TAIL_MIN}).`,
  )
  const rows = await runWatcherBench()
  console.table(rows)
  console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
