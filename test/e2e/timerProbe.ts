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
  window.setTimeout = wrap(window.setTimeout)
  window.setInterval = wrap(window.setInterval)
  window.__timerProbe = {
    counts: () => ({ ...probe }),
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

export async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(`window.__timerProbe.setHidden(${hidden})`)
}

/**
 * Timer callbacks in `ms` shown, then in `ms` hidden (the page is shown again after). The first
 * says the probe sees the page's timers at all; the second must be 0.
 */
export async function timersShownThenHidden(page: Page, ms: number): Promise<TimerCounts> {
  const start = await timerCounts(page)
  await page.waitForTimeout(ms)
  const shown = await timerCounts(page)
  await setHidden(page, true)
  await page.waitForTimeout(ms)
  const hidden = await timerCounts(page)
  await setHidden(page, false)
  return { visible: shown.visible - start.visible, hidden: hidden.hidden - shown.hidden }
}
