// One size of `npm run bench:scale`, in a process of its own (so memory figures start clean): the
// simulator's `huge` seed of N transactions in another process, the app (createApp, as the preview
// boots it) syncing it over real HTTP, then search, paging (router and painted in Chromium), the CSV
// and the idle loop. Prints one line `SCALE_RESULT {json}`.
//
// `node --expose-gc --import tsx bench/scale/step.ts 100000 [--no-browser]`
import { createWriteStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { bootApp } from '../../dev/preview/boot'
import { startPreviewServer } from '../../dev/preview/server'
import { LEDGER_CHECK_AFTER_MS } from '../../electron/main/app/stores'
import { openLedger } from '../../electron/main/services/ledger'
import { DEFAULT_SYNC_OPTIONS } from '../../electron/main/services/sync'
import { RENDERER_DIR, WORKERS_DIR } from '../../scripts/lib/build'
import { launchChromium } from '../../test/e2e/harness'
import { serve } from '../../test/electron/services/loopback'
import { historyIn } from '../../test/support/syncNow'
import { measurePaging } from '../browser'
import { percentile } from '../lib/stats'
import { type ScaleStep, searchTerms } from './figures'
import { runLatencyStep } from './latency'
import { syncRssInChild } from './rssChild'
import { simPages, startSimProcess } from './simProcess'

const MB = 1024 * 1024
const PAGE = DEFAULT_SYNC_OPTIONS.backfillPerPage
const RUNS = 60
const IDLE_S = 20

/** figures as they are measured (stderr), so a long run that is stopped still says what it found */
const note = (figures: Record<string, number>) => console.error(`SCALE_PARTIAL ${JSON.stringify(figures)}`)
const gc = () => (globalThis as { gc?: () => void }).gc?.()
const round = (v: number, d = 2) => Number(v.toFixed(d))

/** Peak RSS above the start while `fn` runs, sampled every 10 ms. */
async function peakRssGrowth<T>(fn: () => Promise<T>): Promise<{ value: T; mb: number; s: number }> {
  gc()
  const base = process.memoryUsage.rss()
  let peak = base
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 10)
  const t0 = performance.now()
  const value = await fn()
  const s = (performance.now() - t0) / 1000
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage.rss())
  return { value, mb: (peak - base) / MB, s }
}

async function filesBytes(dir: string, prefix: string): Promise<number> {
  let n = 0
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile() && e.name.startsWith(prefix)) n += (await stat(join(e.parentPath, e.name))).size
  return n
}

export async function runStep(n: number, browserToo: boolean, routerCsv = true): Promise<ScaleStep> {
  const sim = await startSimProcess(n)
  const closers: Array<() => Promise<unknown>> = [() => sim.close()]
  try {
    // the raw reads: every page of every wallet, as the first sync reads them (100 a page)
    const eachPage = await simPages(sim, PAGE)
    const r0 = performance.now()
    await eachPage(() => {})
    const rawS = (performance.now() - r0) / 1000
    note({ n, 'raw reads s': rawS })

    const rates = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ bitcoin: { usd: 60_000 } }))
    })
    closers.push(() => rates.close())
    gc()
    const rssBefore = process.memoryUsage.rss()
    // the app started with the account (as after the person connected it): its first sync from here
    const s0 = performance.now()
    const booted = await bootApp({
      // the export's worker as the app ships it, not the sources through tsx's loader
      workersDir: WORKERS_DIR,
      rateSource: `${rates.url}/api/v3/simple/price`,
      connect: { baseUrl: sim.url, apiKey: sim.secret },
    })
    closers.push(() => booted.dispose())
    const app = booted.app
    const ok = <T>(r: { ok: boolean; value?: unknown; error?: unknown }) => {
      if (!r.ok) throw new Error(JSON.stringify(r.error))
      return r.value as T
    }
    // the app's own pace: ticks follow each other while the history loads (nothing forced)
    await historyIn(app, 3_600_000)
    const syncS = (performance.now() - s0) / 1000
    gc()
    const mem = process.memoryUsage()
    const ledgerBytes = await filesBytes(booted.userDataDir, 'ledger.sqlite')
    note({
      'first sync s': syncS,
      'sync / raw': syncS / rawS,
      'bench process RSS MB': mem.rss / MB,
      'heap MB': mem.heapUsed / MB,
    })

    type Row = { txId: string; amountMsat: number }
    type P = { total: number; items: Row[]; next: unknown }
    const total = ok<P>(await app.router.handle('history.page', { limit: 1 })).total
    // labels on 200 rows spread over the history (a person's bookkeeping)
    const labelled: Row[] = []
    for (let i = 0; i < 200; i++) {
      const p = 1 + Math.floor((i * (total - 1)) / 200)
      labelled.push(...ok<P>(await app.router.handle('history.page', { limit: 1, page: p })).items)
    }
    for (const [i, r] of labelled.entries())
      ok(await app.router.handle('history.label', { txId: r.txId, label: LABELS[i % LABELS.length] as string }))

    const timed = async (inputs: Array<() => unknown>) => {
      const ms: number[] = []
      for (let i = 0; i < RUNS + 5; i++) {
        const t0 = performance.now()
        ok(await app.router.handle('history.page', (inputs[i % inputs.length] as () => unknown)()))
        if (i >= 5) ms.push(performance.now() - t0)
      }
      return round(percentile(ms, 95))
    }
    const terms = searchTerms(labelled.map((r) => r.amountMsat))
    // one kind after the other: timed side by side, each query's time took in the others' (the
    // ledger's reads are synchronous), which made every kind look about four times slower
    const search = {} as Record<keyof typeof terms, number>
    const search25 = {} as Record<keyof typeof terms, number>
    const found = {} as Record<keyof typeof terms, number>
    for (const [kind, words] of Object.entries(terms) as Array<[keyof typeof terms, string[]]>) {
      search[kind] = await timed(words.map((search) => () => ({ limit: 100, search })))
      // the screen's default page: whether the growth above is the search or a page filling up
      search25[kind] = await timed(words.map((search) => () => ({ limit: 25, search })))
      let rows = 0
      for (const w of words)
        rows += ok<P>(await app.router.handle('history.page', { limit: 100, search: w })).items.length
      found[kind] = round(rows / words.length, 1)
    }
    // Next from page 1 on, as the screen pages (keyset); every 25 pages back to the start
    let cursor: unknown
    let pageNo = 1
    const keysetMs: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const q = cursor && i % 25 ? { limit: 100, page: pageNo + 1, after: cursor } : { limit: 100, page: 1 }
      const t0 = performance.now()
      const page = ok<P>(await app.router.handle('history.page', q))
      keysetMs.push(performance.now() - t0)
      cursor = page.next
      pageNo = cursor && i % 25 ? pageNo + 1 : 1
    }
    note({ ...search, 'page next p95': percentile(keysetMs, 95) })
    const pageCount = Math.ceil(total / 100)
    const jumpP95 = await timed(
      Array.from({ length: 20 }, (_, i) => () => ({ limit: 100, page: 1 + ((i * 7919) % pageCount) })),
    )

    let painted = { p95: Number.NaN, heapPage50: Number.NaN }
    if (browserToo) {
      const browser = await launchChromium()
      closers.push(() => browser.close())
      const preview = await startPreviewServer({ app, events: booted.events, rendererDir: RENDERER_DIR })
      closers.push(() => preview.close())
      painted = await measurePaging(browser, preview.url, 'Shop')
      note({ painted: painted.p95, 'heap page 50 MB': painted.heapPage50 / MB })
    }

    // the CSV of the whole history, streamed to a file with backpressure (the ledger's export)
    const out = createWriteStream(join(booted.userDataDir, 'history.csv'))
    const csv = await peakRssGrowth(async () => {
      const r = await app.ledger().exportCsv(
        { accountId: app.accounts.active().id },
        // settled once on disk: the worker reuses the chunk's bytes after
        { write: (chunk) => new Promise<void>((done, fail) => out.write(chunk, (err) => (err ? fail(err) : done()))) },
      )
      await new Promise<void>((done) => out.end(done))
      return r
    })
    note({ 'csv rows/s': csv.value.rows / csv.s, 'csv MB': csv.mb })
    // and through the router, as the screen asks for it (the save dialog writes to a folder)
    const csvRouter = routerCsv
      ? await peakRssGrowth(() => app.router.handle('history.exportCsv', { requestId: `bench-${n}-000001` }).then(ok))
      : { mb: Number.NaN }

    // the loop left alone at the settings' interval: CPU of this process per minute. Not before the
    // ledger's one integrity check (a worker, LEDGER_CHECK_AFTER_MS after the start) is behind
    // it: at 10,000 rows it fell in this window and counted as the loop's (822 ms/min)
    const sinceStart = performance.now() - s0
    if (sinceStart < LEDGER_CHECK_AFTER_MS + 5000)
      await new Promise((r) => setTimeout(r, LEDGER_CHECK_AFTER_MS + 5000 - sinceStart))
    gc()
    const cpu0 = process.cpuUsage()
    await new Promise((r) => setTimeout(r, IDLE_S * 1000))
    const cpu = process.cpuUsage(cpu0)

    // what the next start costs with this history: the app closed (cleanly), the ledger opened
    // again (the schema read and migrations; the whole check runs later, in a worker)
    const ledgerDir = dirname(app.ledger().path)
    await app.dispose()
    const o0 = performance.now()
    openLedger({ dir: ledgerDir }).close()
    const openMs = performance.now() - o0

    // the main process's memory: the same first sync by the app alone in a process of plain Node
    // (bundled as the build bundles main), without this process's harness (tsx's loader, the raw
    // reads' garbage, the preview server, Playwright's client), which this process's RSS carries
    const alone = await syncRssInChild(sim.url, sim.secret)
    note({ 'main RSS MB': alone.rssMB, 'main peak RSS MB': alone.peakMB })

    return {
      rows: total,
      'sim start s': round(sim.startS),
      'raw reads s': round(rawS),
      'first sync s': round(syncS),
      'sync / raw': round(syncS / rawS),
      'sync rows/s': Math.round(n / syncS),
      'ledger bytes/row': Math.round(ledgerBytes / total),
      'search word p95 ms': search.word,
      'search payee p95 ms': search.payee,
      'search amount p95 ms': search.amount,
      'search label p95 ms': search.label,
      'search word p95 ms (25 a page)': search25.word,
      'search payee p95 ms (25 a page)': search25.payee,
      'search amount p95 ms (25 a page)': search25.amount,
      'search label p95 ms (25 a page)': search25.label,
      'search word rows a page': found.word,
      'search payee rows a page': found.payee,
      'search amount rows a page': found.amount,
      'search label rows a page': found.label,
      'page next p95 ms (router)': round(percentile(keysetMs, 95)),
      'page jump p95 ms (router)': jumpP95,
      'page change p95 ms (painted)': round(painted.p95),
      'renderer heap MB (page 50)': round(painted.heapPage50 / MB),
      'csv rows/s': Math.round(csv.value.rows / csv.s),
      'csv peak RSS growth MB': round(csv.mb),
      'csv via router peak RSS growth MB': round(csvRouter.mb),
      'RSS MB before the app': round(rssBefore / MB),
      'bench process RSS MB (after sync)': round(mem.rss / MB),
      'main RSS MB (after sync)': round(alone.rssMB),
      'main peak RSS MB (sync)': round(alone.peakMB),
      'main first sync s (alone)': round(alone.syncS),
      'ledger open ms': round(openMs, 1),
      'main heap MB (after sync)': round(mem.heapUsed / MB),
      'idle CPU ms/min': round(((cpu.user + cpu.system) / 1000 / IDLE_S) * 60, 1),
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {})
  }
}

const LABELS = ['VAT receipt Q1', 'wholesale order', 'refund to customer', 'bookkeeping check', 'market stall']

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const n = Number(process.argv[2])
  const latencyAt = process.argv.indexOf('--latency-ms')
  const r =
    latencyAt > 0
      ? await runLatencyStep(n, Number(process.argv[latencyAt + 1]))
      : await runStep(n, !process.argv.includes('--no-browser'), !process.argv.includes('--no-router-csv'))
  console.log(`SCALE_RESULT ${JSON.stringify(r)}`)
  process.exit(0)
}
