// The history operations as the renderer calls them, through the app's router (input and output
// checked by the contract, rows mapped to views), on the simulator's `large` seed (10,001
// transactions in one wallet) brought into the ledger by the app's own sync loop: a page change by number
// and by keyset cursor, a search, and history.exportCsv of the whole history (save dialog
// replaced by one that keeps the bytes). Goals as docs/ledger.md: page p95 < 50 ms, search p95
// < 30 ms, CSV in seconds.
//
// Also run by `npm run bench`, beside the ledger's own page read (bench/ledger.ts) as reference.
// The longest task is the longest the event loop was held up while the CSV was written.
//
// `npx tsx --tsconfig tsconfig.node.json bench/history.ts`

import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { APP_VERSION } from '../dev/preview/version'
import { createApp } from '../electron/main/app/createApp'
import { createMemoryStore } from '../electron/main/services/secrets'
import { startSimulator } from '../test/simulator/index'
import { savedBytes } from '../test/support/savedBytes'
import { syncNow } from '../test/support/syncNow'
import { runAlone } from './lib/alone'
import { percentile } from './lib/stats'

const RUNS = 200
const WORDS = ['coffee', 'rent', 'tip', 'lunch', 'book', '1,000', 'invoice', 'gift']

export interface HistoryBench {
  'history rows': number
  'page p95 ms (by number)': number
  'page p95 ms (keyset)': number
  'search p95 ms': number
  'csv s': number
  'csv rows': number
  'csv MB': number
  /** the longest the event loop was held up while the CSV was written */
  'longest task ms (csv)': number
  'load 1 min': number
}

export async function runHistoryBench(): Promise<HistoryBench> {
  const sim = await startSimulator({ seed: 'large' })
  const dir = await mkdtemp(join(tmpdir(), 'lt-history-bench-'))
  let bytes = 0
  const app = createApp({
    userDataDir: dir,
    secretStore: createMemoryStore(),
    notifier: { show() {}, isSupported: () => true },
    emit: () => {},
    appVersion: APP_VERSION,
    logSink: () => {},
    saveFile: async (req) => {
      bytes = (await savedBytes(req)).length
      return { status: 'saved', fileName: req.defaultName }
    },
  })
  try {
    await app.start()
    const ok = <T>(r: { ok: boolean; value?: unknown; error?: unknown }) => {
      if (!r.ok) throw new Error(JSON.stringify(r.error))
      return r.value as T
    }
    ok(await app.router.handle('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret }))
    await app.idle()
    await syncNow(app)
    type P = { total: number; pageCount: number; next: unknown }
    const first = ok<P>(await app.router.handle('history.page', { limit: 50 }))
    const time = async (input: () => unknown) => {
      const ms: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now()
        ok(await app.router.handle('history.page', input()))
        ms.push(performance.now() - t0)
      }
      return percentile(ms, 95)
    }
    let i = 0
    const byNumber = await time(() => ({ limit: 50, page: 1 + ((i++ * 37) % first.pageCount) }))
    const byCursor = await time(() => ({ limit: 50, page: 2, after: first.next }))
    const search = await time(() => ({ limit: 50, search: WORDS[i++ % WORDS.length] }))
    const stalls = monitorEventLoopDelay({ resolution: 5 })
    stalls.enable()
    const t0 = performance.now()
    const csv = ok<{ rows: number }>(await app.router.handle('history.exportCsv', { requestId: 'bench-000001' }))
    const csvMs = performance.now() - t0
    stalls.disable()
    return {
      'history rows': first.total,
      'page p95 ms (by number)': +byNumber.toFixed(2),
      'page p95 ms (keyset)': +byCursor.toFixed(2),
      'search p95 ms': +search.toFixed(2),
      'csv s': +(csvMs / 1000).toFixed(3),
      'csv rows': csv.rows,
      'csv MB': +(bytes / 1024 / 1024).toFixed(2),
      'longest task ms (csv)': +(stalls.max / 1e6).toFixed(1),
      'load 1 min': +(loadavg()[0] ?? 0).toFixed(1),
    }
  } finally {
    await app.dispose()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}

runAlone(import.meta.url, runHistoryBench)
