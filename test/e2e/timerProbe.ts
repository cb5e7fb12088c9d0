/// <reference lib="dom" />
// Counts the page's timer callbacks while the window is "hidden". Headless Chromium has no window
// to hide, so the probe stands in for the browser: `document.visibilityState` and `hidden` answer
// what the test sets, with a `visibilitychange` event as a real hide or show sends. Installed
// before the app's scripts run (an init script, then a reload), it wraps setTimeout and
// setInterval so every callback is counted by the state it ran in. A string, not a function: the
// bench runs under tsx, whose keepNames would reference a helper the page does not have.
import type { Page } from 'playwright-core'

export const TIMER_PROBE = `(() => {
  let hidden = false
  const probe = { hidden: 0, visible: 0 }
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden })
  const wrap = (original) => function (callback, ms, ...rest) {
    if (typeof callback !== 'function') return original.call(window, callback, ms, ...rest)
    return original.call(window, (...args) => {
      if (hidden) probe.hidden++
      else probe.visible++
      return callback(...args)
    }, ms, ...rest)
  }
  const realSetInterval = window.setInterval
  const realClearInterval = window.clearInterval
  window.setTimeout = wrap(window.setTimeout)
  window.setInterval = wrap(window.setInterval)
  window.__timerProbe = {
    counts: () => ({ ...probe }),
    // n seconds by a 1 s interval of the probe's own (not counted): timers are run in the order
    // they are due, so by its nth tick any 1 s timer of the page still running has run n - 1 times
    seconds: (n) => new Promise((resolve) => {
      let ticks = 0
      const id = realSetInterval.call(window, () => {
        if (++ticks < n) return
        realClearInterval.call(window, id)
        resolve(ticks)
      }, 1000)
    }),
    setHidden: (h) => {
      hidden = h
      document.dispatchEvent(new Event('visibilitychange'))
    },
  }
})()`

export interface TimerCounts {
  hidden: number
  visible: number
}

/** Installs the probe and reloads, so the app's first timers are counted too. */
export async function installTimerProbe(page: Page): Promise<void> {
  await page.addInitScript(TIMER_PROBE)
  await page.reload()
}

export function timerCounts(page: Page): Promise<TimerCounts> {
  return page.evaluate('window.__timerProbe.counts()') as Promise<TimerCounts>
}

/**
 * Resolves after `n` ticks of a 1 s interval of the probe's own: the page's timers have had their
 * turn by then however busy the machine is (a 1 s timer still running has fired n - 1 times).
 */
export async function probeSeconds(page: Page, n: number): Promise<void> {
  await page.evaluate(`window.__timerProbe.seconds(${n})`)
}

export async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(`window.__timerProbe.setHidden(${hidden})`)
}

/**
 * Timer callbacks in `ms` shown, then in `ms` hidden (the page is shown again after), for the
 * bench, which measures both over the same time. The first says the probe sees the page's timers
 * at all; the second must be 0. (The test waits by the probe's own ticks: timersWhileHidden.)
 */
export async function timersShownThenHidden(page: Page, ms: number): Promise<TimerCounts> {
  const start = await timerCounts(page)
  await page.waitForTimeout(ms) // a measurement over a time, for the bench; no test waits this way
  const shown = await timerCounts(page)
  await setHidden(page, true)
  await page.waitForTimeout(ms) // the same time hidden: the bench compares the two
  const hidden = await timerCounts(page)
  await setHidden(page, false)
  return { visible: shown.visible - start.visible, hidden: hidden.hidden - shown.hidden }
}

/**
 * The test's count: shown, until the page's timers have fired `shownAtLeast` times (they run);
 * then hidden for three ticks of the probe's own 1 s interval, in which a 1 s timer not stopped
 * fires twice; shown again after. Waits by what the page's timers do, not by a time.
 */
export async function timersWhileHidden(page: Page, shownAtLeast: number, timeoutMs = 30_000): Promise<TimerCounts> {
  const start = await timerCounts(page)
  const end = performance.now() + timeoutMs
  let shown = start
  while (shown.visible - start.visible < shownAtLeast && performance.now() < end) {
    await new Promise((r) => setTimeout(r, 50))
    shown = await timerCounts(page)
  }
  await setHidden(page, true)
  await probeSeconds(page, 3)
  const hidden = await timerCounts(page)
  await setHidden(page, false)
  return { visible: shown.visible - start.visible, hidden: hidden.hidden - shown.hidden }
}
