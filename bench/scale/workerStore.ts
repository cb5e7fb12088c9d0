// What storing the first sync's history in a worker thread could give, before it is built
// (docs/ledger.md, "At scale"): the simulator's `huge` seed read page by page on the main thread
// (HTTP and the client's parse, as the raw reads are timed), each page's rows handed to a worker
// that stores them as the sync loop stores history (five pages a commit), the reads going on
// meanwhile. A lower bound for a real worker store: the sync loop's plan for each page is left out.
//
// `npx tsx --tsconfig tsconfig.node.json bench/scale/workerStore.ts 200000` prints the raw reads,
// the same reads with the worker storing, and their ratio.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { fromServiceTx, openLedger } from '../../electron/main/services/ledger'
import { ROOT } from '../../scripts/lib/build'
import { runAlone } from '../lib/alone'
import { simPages, startSimProcess } from './simProcess'

const PAGE = 100
const GROUP = 5
/** pages handed over and not yet stored, at most (the reads wait past it) */
const AHEAD = 20

type Rows = ReturnType<typeof fromServiceTx>[]
type Page = { walletId: string; page: number; rows: Rows }

/** The worker: stores each group of pages in one commit, answers how many pages are stored. */
function storeInWorker(dir: string) {
  const ledger = openLedger({ dir })
  let group: Page[] = []
  let stored = 0
  const flush = () => {
    const pages = group
    group = []
    ledger.together(() => {
      for (const p of pages)
        ledger.insertBatch('acc', p.rows, {
          announce: false,
          cursor: { walletId: p.walletId, backfillNextPage: p.page + 1 },
        })
    })
    stored += pages.length
    parentPort?.postMessage(stored)
  }
  parentPort?.postMessage('ready')
  parentPort?.on('message', (m: Page | 'end') => {
    if (m === 'end') {
      if (group.length > 0) flush()
      ledger.close()
      parentPort?.postMessage('closed')
      return
    }
    group.push(m)
    if (group.length >= GROUP) flush()
  })
}

async function bench(): Promise<object> {
  const n = Number(process.argv[2] ?? 200_000)
  const sim = await startSimProcess(n)
  const dir = mkdtempSync(join(tmpdir(), 'lt-worker-store-'))
  try {
    const eachPage = await simPages(sim, PAGE)
    const r0 = performance.now()
    let rows = 0
    await eachPage((_w, _p, items) => {
      rows += items.length
    })
    const rawS = (performance.now() - r0) / 1000

    const worker = new Worker(new URL(import.meta.url), {
      workerData: { dir },
      execArgv: ['--import', 'tsx/esm'],
      env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') },
    })
    let stored = 0
    let sent = 0
    let wake: (() => void) | null = null
    let ready: () => void = () => {}
    const started = new Promise<void>((r) => (ready = r))
    const closed = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: number | 'ready' | 'closed') => {
        if (m === 'ready') return ready()
        if (m === 'closed') return resolve()
        stored = m
        wake?.()
      })
      worker.once('error', reject)
    })
    await started // its start (a second under tsx) is not the store's
    const s0 = performance.now()
    await eachPage(async (walletId, page, items) => {
      worker.postMessage({ walletId, page, rows: items.map((tx) => fromServiceTx(walletId, tx)).reverse() })
      sent++
      while (sent - stored > AHEAD) await new Promise<void>((r) => (wake = r))
    })
    worker.postMessage('end')
    await closed
    const pipelinedS = (performance.now() - s0) / 1000
    await worker.terminate()
    return { rows, 'raw reads s': rawS, 'reads with a worker storing s': pipelinedS, ratio: pipelinedS / rawS }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await sim.close()
  }
}

if (!isMainThread) storeInWorker((workerData as { dir: string }).dir)
else runAlone(import.meta.url, bench)
