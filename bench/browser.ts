// Renderer figures in Debian's Chromium: time to the first balance painted, JS heap after the
// first screen, and transactions paging. Each against the floor page in the same browser and run.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { median, percentile } from './lib/stats'

type FirstBalance = { at: number; home: number; rpcStart: number; rpcEnd: number }

/**
 * Waits (checking every animation frame) until the page's own screen shows a balance: the app's
 * Home rendered by React (its `lt:home-balance` mark), or the floor's `.balance` with a number. `at`
 * is the `lt:first-balance` mark: the first time a balance's digits were in the DOM (the app's
 * early paint, else Home's effect; the floor's effect), in ms since navigation; `home` is when
 * React's Home had its balances (the same as `at` on the floor). `rpcEnd` and `rpcStart` are when
 * the app's wallets.list request went out and its answer had arrived (0 on the floor, which
 * fetches nothing).
 */
export async function firstBalance(page: Page): Promise<FirstBalance> {
  const handle = await page.waitForFunction(
    () => {
      const home = performance.getEntriesByName('lt:home-balance')[0]
      const floor = document.querySelector('.balance')
      if (!home && !(floor?.textContent && /\d/.test(floor.textContent) && !document.querySelector('.app')))
        return false
      const mark = performance.getEntriesByName('lt:first-balance')[0]
      const rpc = performance.getEntriesByType('resource').find((e) => e.name.includes('/__rpc/wallets.list'))
      const at = mark ? mark.startTime : performance.now()
      return {
        at,
        home: home ? home.startTime : at,
        rpcStart: rpc ? rpc.startTime : 0,
        rpcEnd: rpc ? rpc.startTime + rpc.duration : 0,
      }
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  )
  return (await handle.jsonValue()) as FirstBalance
}

async function heapAfterGcBytes(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.enable')
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    return usedSize
  } finally {
    await cdp.detach()
  }
}

interface FirstScreen {
  ms: number[]
  home: number[]
  rpcStart: number[]
  rpcEnd: number[]
  heapBytes: number[]
}

/** Opens `url` once in a fresh context (cold cache) and adds its figures to `into`. */
async function firstScreen(browser: Browser, url: string, into: FirstScreen, withHeap: boolean): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 420, height: 720 } })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'commit' })
    const first = await firstBalance(page)
    into.ms.push(first.at)
    into.home.push(first.home)
    into.rpcStart.push(first.rpcStart)
    into.rpcEnd.push(first.rpcEnd)
    if (withHeap) {
      await page.waitForTimeout(300) // let start-up work settle
      into.heapBytes.push(await heapAfterGcBytes(context, page))
    }
  } finally {
    await context.close()
  }
}

const emptyFirstScreen = (): FirstScreen => ({ ms: [], home: [], rpcStart: [], rpcEnd: [], heapBytes: [] })

export async function measureFirstScreens(browser: Browser, appUrl: string, floorUrl: string, runs: number) {
  // one warm-up each (Chromium's own start-up costs), then the runs, app and floor interleaved in
  // an order drawn each round: a load slows the one after it (the closed page's clean-up), so a
  // fixed order would always charge that to the same page
  await firstScreen(browser, appUrl, emptyFirstScreen(), false)
  await firstScreen(browser, floorUrl, emptyFirstScreen(), false)
  const app = emptyFirstScreen()
  const floor = emptyFirstScreen()
  for (let i = 0; i < runs; i++) {
    const pair: Array<[string, FirstScreen]> = [
      [appUrl, app],
      [floorUrl, floor],
    ]
    if (Math.random() < 0.5) pair.reverse()
    for (const [url, into] of pair) await firstScreen(browser, url, into, i < 5)
  }
  return {
    appMs: median(app.ms),
    appHomeMs: median(app.home),
    appRpcStartMs: median(app.rpcStart),
    appRpcEndMs: median(app.rpcEnd),
    floorMs: median(floor.ms),
    appHeap: median(app.heapBytes),
    floorHeap: median(floor.heapBytes),
    runs,
  }
}

/**
 * Timed inside the page: click Next → the new rows are in the DOM → the next frame has painted
 * them. A string, not a function: tsx's keepNames would wrap named inner functions in a helper
 * that does not exist in the page. `rows`/`list`: the app's history list or the floor's table;
 * `op`: the operation whose round trip is part of the change.
 */
const clickNextAndWait = (rows: string, list: string, op: string) => `(async () => {
  const first = () => document.querySelector(${JSON.stringify(rows)})?.textContent ?? ''
  const before = first()
  const next = Array.from(document.querySelectorAll('nav.pager button')).find((b) => b.textContent.trim() === 'Next')
  if (!next) throw new Error('no Next button')
  const t0 = performance.now()
  next.click()
  await new Promise((done, fail) => {
    const check = () => {
      const box = document.querySelector(${JSON.stringify(list)})
      if (first() !== before && box?.getAttribute('aria-busy') !== 'true') done()
      else if (performance.now() - t0 > 20000) fail(new Error('rows did not change'))
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  await new Promise((r) => requestAnimationFrame(r))
  const total = performance.now() - t0
  // the operation's round trip (bridge → router → ledger) started after the click
  const rpc = performance.getEntriesByType('resource').filter((e) => e.name.includes('/__rpc/${op}') && e.startTime >= t0)
  performance.clearResourceTimings()
  return { total, rpc: rpc.length ? rpc[rpc.length - 1].duration : 0 }
})()`
const FLOOR_NEXT = clickNextAndWait('table.tx tbody tr', 'table.tx', 'none')
const APP_NEXT = clickNextAndWait('li.history-row', 'ul.history', 'history.page')

const WATCH_LONG_TASKS = `window.__longest = 0
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration)
}).observe({ type: 'longtask' })`

/** The floor's page change: 100 rows from memory, the same click-to-painted timing. */
export async function measureFloorPaging(browser: Browser, floorOrigin: string, clicks = 50) {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } })
  try {
    const page = await context.newPage()
    await page.goto(`${floorOrigin}/?rows`)
    await page.waitForSelector('table.tx tbody tr')
    await page.evaluate(WATCH_LONG_TASKS)
    const times: number[] = []
    for (let i = 0; i < clicks; i++) times.push(((await page.evaluate(FLOOR_NEXT)) as Click).total)
    return { times, longestTaskMs: (await page.evaluate('window.__longest')) as number }
  } finally {
    await context.close()
  }
}

type Click = { total: number; rpc: number }

export interface PagingResult {
  clicks: number
  times: number[]
  /** median round trip of history.page started after a click (the read-ahead), as the page saw it */
  rpcP50: number
  p50: number
  p95: number
  longestTaskMs: number
  heapPage10: number
  heapPage50: number
  rowsPerPage: number
}

/**
 * On the Transactions screen (read from the ledger, which the sync loop has filled) of a wallet
 * with ≥ 5,000 transactions: Next, 50 times.
 */
export async function measurePaging(browser: Browser, url: string, walletLabel: string): Promise<PagingResult> {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } })
  const page = await context.newPage()
  try {
    await page.goto(url)
    // a wallet's actions are in its row's menu on Home
    await page.getByRole('button', { name: `Actions for ${walletLabel}` }).click()
    await page.getByRole('button', { name: `Transactions of ${walletLabel}` }).click()
    await page.locator('#per-page').selectOption('100')
    await page.waitForFunction(() => document.querySelectorAll('li.history-row').length >= 100, undefined, {
      timeout: 60_000,
    })
    // rows are measured as a person sees them, each with its fiat value (the bench serves a price)
    await page.locator('li.history-row .row-fiat').first().waitFor({ timeout: 30_000 })
    await page.evaluate(WATCH_LONG_TASKS)
    const times: number[] = []
    const rpcTimes: number[] = []
    let heapPage10 = 0
    let heapPage50 = 0
    for (let p = 2; p <= 51; p++) {
      // timed inside the page: click → the new rows are in the DOM → the next frame has painted them
      const click = (await page.evaluate(APP_NEXT)) as Click
      times.push(click.total)
      rpcTimes.push(click.rpc)
      if (p === 10) heapPage10 = await heapAfterGcBytes(context, page)
      if (p === 50) heapPage50 = await heapAfterGcBytes(context, page)
    }
    const longestTaskMs = (await page.evaluate('window.__longest')) as number
    const rowsPerPage = await page.locator('li.history-row').count()
    return {
      clicks: times.length,
      times,
      rpcP50: percentile(rpcTimes, 50),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      longestTaskMs,
      heapPage10,
      heapPage50,
      rowsPerPage,
    }
  } finally {
    await context.close()
  }
}
