// "With the window hidden, no timer of the renderer fires": the app on Receive with an invoice's
// countdown running, counted shown and then hidden for the same time (test/e2e/timerProbe.ts).
import type { Browser } from 'playwright-core'
import { TIMER_PROBE, type TimerCounts, timersShownThenHidden } from '../test/e2e/timerProbe'

export async function measureHiddenTimers(browser: Browser, appUrl: string, ms = 3000): Promise<TimerCounts> {
  const context = await browser.newContext({ viewport: { width: 380, height: 600 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(TIMER_PROBE)
    await page.goto(appUrl)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Receive', exact: true }).click()
    await page.getByLabel('Amount (sats)').fill('21')
    await page.getByRole('button', { name: 'Create invoice' }).click()
    await page
      .getByText(/^Expires in /)
      .first()
      .waitFor()
    return await timersShownThenHidden(page, ms)
  } finally {
    await context.close()
  }
}
