// The first sync as a person meets it: the service tens of milliseconds away, not on the same two
// cores. The simulator (in its own process) answers every `/v1` request `ms` late (its latency
// fault); the raw reads of every page are timed under the same latency, then the app connects and
// syncs. Also the time from connecting to the newest page of the history shown (the Transactions
// screen's first page, through the router, holding the newest row).
import { bootApp } from '../../dev/preview/boot'
import { DEFAULT_SYNC_OPTIONS } from '../../electron/main/services/sync'
import { WORKERS_DIR } from '../../scripts/lib/build'
import { historyIn } from '../../test/support/syncNow'
import { simPages, startSimProcess } from './simProcess'

const PAGE = DEFAULT_SYNC_OPTIONS.backfillPerPage
const round = (v: number, d = 2) => Number(v.toFixed(d))

export interface LatencyStep {
  'latency ms': number
  'raw reads s (latency)': number
  'first sync s (latency)': number
  'sync / raw (latency)': number
  'newest page shown s (latency)': number
}

async function addLatency(url: string, ms: number) {
  const res = await fetch(`${url}/_sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'latency', path: '^/v1/', regex: true, ms }),
  })
  if (!res.ok) throw new Error(`the simulator refused the latency fault: ${res.status}`)
}

export async function runLatencyStep(n: number, ms: number): Promise<LatencyStep> {
  const sim = await startSimProcess(n)
  try {
    await addLatency(sim.url, ms)
    const eachPage = await simPages(sim, PAGE)
    let newest = { txId: '', at: -1 }
    const r0 = performance.now()
    await eachPage((_walletId, page, items) => {
      const top = items[0]
      if (page === 1 && top && top.created_at > newest.at) newest = { txId: top.id, at: top.created_at }
    })
    const rawS = (performance.now() - r0) / 1000

    const s0 = performance.now()
    const booted = await bootApp({ workersDir: WORKERS_DIR, connect: { baseUrl: sim.url, apiKey: sim.secret } })
    try {
      const app = booted.app
      // the screen's first page, asked as the Transactions screen asks it, until it holds the newest row
      let shownS = Number.NaN
      while (Number.isNaN(shownS)) {
        const r = await app.router.handle('history.page', { limit: 25 })
        const items = r.ok ? (r.value as { items: Array<{ txId: string }> }).items : []
        if (items.some((i) => i.txId.endsWith(newest.txId))) shownS = (performance.now() - s0) / 1000
        else if (performance.now() - s0 > 600_000) throw new Error('the newest row was not shown in 10 minutes')
        else await new Promise((done) => setTimeout(done, 5))
      }
      await historyIn(app, 3_600_000)
      const syncS = (performance.now() - s0) / 1000
      return {
        'latency ms': ms,
        'raw reads s (latency)': round(rawS),
        'first sync s (latency)': round(syncS),
        'sync / raw (latency)': round(syncS / rawS),
        'newest page shown s (latency)': round(shownS, 3),
      }
    } finally {
      await booted.dispose()
    }
  } finally {
    await sim.close()
  }
}
