// A screen's first paint on its first visit (its code and its data not loaded yet) against the
// same screen on a second visit, in Debian's Chromium: click the tab → the screen's title is there,
// no skeleton is left in it and its content is in the DOM → the next frame has painted.
import type { Browser, Page } from 'playwright-core'
import { percentile } from './lib/stats'

/** Tabs by their place in the main navigation (not their words, which follow the language). */
export const SCREENS = [
  { name: 'Transactions', tab: 2, content: 'li.history-row' },
  { name: 'Receive', tab: 3, content: 'main form' },
  { name: 'Send', tab: 4, content: 'main form' },
  { name: 'Settings', tab: 7, content: 'main section.screen > :nth-child(3)' },
] as const

/**
 * Timed inside the page. A string, not a function: tsx's keepNames would wrap named inner
 * functions in a helper that does not exist in the page.
 */
const clickAndPaint = (tab: number, content: string) => `(async () => {
  const button = document.querySelector('nav button:nth-child(${tab})')
  if (!button) throw new Error('no tab ${tab}')
  const t0 = performance.now()
  button.click()
  await new Promise((done, fail) => {
    const check = () => {
      const ready =
        button.getAttribute('aria-current') === 'page' &&
        document.querySelector('main #screen-title') &&
        !document.querySelector('main [data-testid="skeleton"]') &&
        document.querySelector(${JSON.stringify(content)})
      if (ready) done()
      else if (performance.now() - t0 > 20000) fail(new Error('tab ${tab} did not show'))
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  await new Promise((r) => requestAnimationFrame(r))
  return performance.now() - t0
})()`

async function home(page: Page) {
  await page.evaluate(clickAndPaint(1, 'main .balance'))
}

export interface ScreenVisits {
  name: string
  first: number[]
  second: number[]
}

/** `runs` fresh pages (cold cache, empty stores); in each, every screen visited twice, Home between. */
export async function measureScreenVisits(browser: Browser, url: string, runs: number): Promise<ScreenVisits[]> {
  const out: ScreenVisits[] = SCREENS.map((s) => ({ name: s.name, first: [], second: [] }))
  for (let run = -1; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 420, height: 720 } })
    try {
      const page = await context.newPage()
      await page.goto(url)
      await page.waitForFunction(() => /\d/.test(document.querySelector('.balance')?.textContent ?? ''), undefined, {
        timeout: 60_000,
      })
      // a person reads Home for a moment before choosing a tab; the page is idle by then
      await page.waitForTimeout(1_000)
      for (const [i, s] of SCREENS.entries()) {
        const first = (await page.evaluate(clickAndPaint(s.tab, s.content))) as number
        await home(page)
        const second = (await page.evaluate(clickAndPaint(s.tab, s.content))) as number
        await home(page)
        // the first run warms Chromium up and is not counted
        if (run >= 0) {
          out[i]!.first.push(first)
          out[i]!.second.push(second)
        }
      }
    } finally {
      await context.close()
    }
  }
  return out
}

export const p95 = (values: number[]) => percentile(values, 95)
