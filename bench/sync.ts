// The sync loop's cost and speed against the simulator over real HTTP with the real client:
// - first sync of the `large` seed's 10,001 transactions (wall seconds and rows/s), against the
//   raw HTTP reads of the same pages (what the loop adds: parsing into rows, folding, SQLite);
// - settle → notify of an invoice paid in its first minutes (p50/p95; goals ≤ 2 s and ≤ 5 s);
// - a payment from outside → notify (p95), with the window hidden (goal ≤ interval + 1 s) and with
//   it open, where the active account is read every `visiblePollMs` (goal ≤ 5 s);
// - requests per minute per account at idle and while an invoice just made waits to be paid (the
//   loop's attention), and main-process CPU per idle minute, three wallets.
// Delays and idle figures run on simulated time (test/electron/sync/harness.ts: a virtual timer
// queue whose clock is the simulator's), so each delay is what the schedule gives, not what a busy
// machine adds; the CPU figure is the process's CPU (loop, client and the in-process simulator
// answering it) per simulated minute, so an upper bound of the loop's own.
//
// `npx tsx --tsconfig tsconfig.node.json bench/sync.ts` prints the figures; runSyncBench() returns them.
import { loadavg } from 'node:os'
import { DEFAULT_SETTINGS } from '@shared/contract'
import { DEFAULT_SYNC_OPTIONS, type SyncLoop, type SyncOptions } from '../electron/main/services/sync'
import {
  closeWorld,
  createInvoice,
  makeClient,
  makeLoop,
  openWorld,
  type SyncWorld,
} from '../test/electron/sync/harness'
import { startSimulator } from '../test/simulator/index'
import { prng } from '../test/simulator/seed'
import { runAlone } from './lib/alone'
import { PAGE, syncAgainstRaw } from './lib/firstSync'
import { percentile } from './lib/stats'

export interface SyncBench {
  'first sync rows': number
  'first sync s': number
  'first sync rows/s': number
  'raw HTTP reads s': number
  'sync / raw': number
  'invoice settle→notify p50 s': number
  'invoice settle→notify p95 s': number
  'outside payment→notify p95 s, window hidden': number
  'interval + 1 s': number
  'outside payment→notify p95 s, window open': number
  'idle req/min/account, window hidden': number
  'idle req/min/account, window open (one balance read a tick)': number
  'req/min/account, invoice waiting (first 3 min)': number
  'req/min/account, paying one invoice a minute': number
  'idle CPU ms/min (3 wallets)': number
  'load 1 min': number
}

const round = (v: number, digits = 2) => Number(v.toFixed(digits))
const RUNS = 40

async function firstSync() {
  const sim = await startSimulator({ seed: 'large' })
  try {
    const client = makeClient(sim)
    const sizes = await Promise.all(
      sim.keys.wallets.map(async (w) => ({ id: w.id, ...(await client.listTransactions(w.id, 1, PAGE)) })),
    )
    const big = sizes.find((s) => s.totalCount > 10_000)
    if (!big) throw new Error('no large wallet in the seed')
    return await syncAgainstRaw(sim, client, big)
  } finally {
    await sim.close()
  }
}

/** Seconds (simulated) from each payment to its notification. */
async function delays(kind: 'invoice' | 'outside', windowOpen = false) {
  const w = await openWorld()
  try {
    const wallet = w.sim.control.createWallet('Bench', 1_000).id
    // the loop's real timing: fresh invoices and the account on screen are polled faster (the
    // harness's default turns both off)
    const options = { freshWindowSec: 180, visiblePollMs: DEFAULT_SYNC_OPTIONS.visiblePollMs }
    const loop: SyncLoop = makeLoop({ ...w, options, visible: () => windowOpen })
    w.loops.push(loop)
    loop.start()
    await loop.idle()
    const rand = prng(kind === 'invoice' ? 11 : 12)
    const out: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const before = w.rec.shown.length
      const inv = kind === 'invoice' ? await createInvoice(w.client, wallet, 100 + i, `bench ${i}`) : null
      if (inv) await loop.track(inv)
      // paid within its first two minutes (an invoice), or at any moment of a tick (outside)
      await w.vt.advance(Math.floor(rand() * (inv ? 120_000 : 15_000)))
      if (inv) await w.sim.control.settleInvoice(inv.id)
      else await w.sim.control.payInbound(wallet, 100 + i, `outside ${i}`)
      const paidAt = w.vt.elapsedMs()
      while (w.rec.shown.length === before) await w.vt.advance(100)
      out.push((w.vt.elapsedMs() - paidAt) / 1000)
      await w.vt.advance(200_000) // past the fresh window before the next one
    }
    return out.sort((a, b) => a - b)
  } finally {
    await closeWorld(w)
  }
}

/** Three wallets and their loop, started and left alone a minute: where requests are counted. */
async function threeWallets(options: Partial<SyncOptions> = {}, windowOpen = false) {
  const w = await openWorld()
  const wallets = ['A', 'B', 'C'].map((name) => w.sim.control.createWallet(name, 1_000).id)
  const loop = makeLoop({ ...w, options, visible: () => windowOpen })
  w.loops.push(loop)
  loop.start()
  await loop.idle()
  await w.vt.advance(60_000)
  return { w, loop, wallets }
}

/** The loop's requests a minute over the next `minutes` of simulated time. */
async function requestsPerMinute(w: SyncWorld, minutes: number): Promise<number> {
  w.sim.control.resetRequests()
  await w.vt.advance(minutes * 60_000)
  return w.sim.control.requests().length / minutes
}

async function idle(windowOpen = false) {
  const { w } = await threeWallets({ visiblePollMs: DEFAULT_SYNC_OPTIONS.visiblePollMs }, windowOpen)
  try {
    const cpu = process.cpuUsage()
    const reqPerMin = await requestsPerMinute(w, windowOpen ? 10 : 60)
    const used = process.cpuUsage(cpu)
    return { reqPerMin, cpuMsPerMin: (used.user + used.system) / 1000 / 60 }
  } finally {
    await closeWorld(w)
  }
}

/** While an invoice just made waits to be paid (its first 3 minutes: the loop's attention). */
async function paying() {
  const { w, loop, wallets } = await threeWallets({ freshWindowSec: 180 })
  try {
    await loop.track(await createInvoice(w.client, wallets[0]!, 500, 'being paid'))
    return { reqPerMin: await requestsPerMinute(w, 3) }
  } finally {
    await closeWorld(w)
  }
}

/**
 * While the person pays: one payment out a minute for 3 minutes, its own request counted too. The
 * loop does not poll faster for a payment out (its outcome is in the answer); it reads the
 * transactions of the wallet whose balance moved.
 */
async function sending() {
  const w = await openWorld()
  const wallets = ['A', 'B', 'C'].map((name) => w.sim.control.createWallet(name, 100_000))
  const loop = makeLoop({ ...w, options: {} })
  w.loops.push(loop)
  try {
    loop.start()
    await loop.idle()
    await w.vt.advance(60_000)
    w.sim.control.resetRequests()
    for (let i = 0; i < 3; i++) {
      const invoice = w.sim.control.outsideInvoice(1_000 + i, `paid ${i}`)
      await w.client.payInvoice(wallets[0]!.keys.admin, {
        paymentRequest: invoice,
        feeLimitMsat: 10_000,
        notes: {},
      })
      await w.vt.advance(60_000)
    }
    return { reqPerMin: w.sim.control.requests().length / 3 }
  } finally {
    await closeWorld(w)
  }
}

export async function runSyncBench(): Promise<SyncBench> {
  const first = await firstSync()
  const inv = await delays('invoice')
  const outside = await delays('outside')
  const outsideOpen = await delays('outside', true)
  const i = await idle()
  const iOpen = await idle(true)
  const p = await paying()
  const out = await sending()
  return {
    'first sync rows': first.rows,
    'first sync s': round(first.s),
    'first sync rows/s': Math.round(first.rows / first.s),
    'raw HTTP reads s': round(first.raw),
    'sync / raw': round(first.s / first.raw),
    'invoice settle→notify p50 s': round(percentile(inv, 50), 1),
    'invoice settle→notify p95 s': round(percentile(inv, 95), 1),
    'outside payment→notify p95 s, window hidden': round(percentile(outside, 95), 1),
    'interval + 1 s': DEFAULT_SETTINGS.pollIntervalSec + 1,
    'outside payment→notify p95 s, window open': round(percentile(outsideOpen, 95), 1),
    'idle req/min/account, window hidden': round(i.reqPerMin),
    'idle req/min/account, window open (one balance read a tick)': round(iOpen.reqPerMin),
    'req/min/account, invoice waiting (first 3 min)': round(p.reqPerMin),
    'req/min/account, paying one invoice a minute': round(out.reqPerMin),
    'idle CPU ms/min (3 wallets)': round(i.cpuMsPerMin, 1),
    'load 1 min': round(loadavg()[0] ?? 0, 1),
  }
}

runAlone(import.meta.url, runSyncBench)
