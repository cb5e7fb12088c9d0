// Paying an invoice, end to end: with every answer of the simulator 100 ms late (a service across
// the internet), the time from the click on "Send now" to the receipt painted, against the
// service's own time for the same requests (the wallet's balance, then the payment) made with
// plain fetch in the same run. (The invoice was read when it was shown, before the clock starts.)
import type { Browser, Page } from 'playwright-core'
import { bootApp } from '../dev/preview/boot'
import { startPreviewServer } from '../dev/preview/server'
import { RENDERER_DIR } from '../scripts/lib/build'
import { startSimulator } from '../test/simulator/index'
import { percentile } from './lib/stats'

const LATENCY_MS = 100

export interface PayBench {
  runs: number
  appMs: number
  serviceMs: number
}

/**
 * Clicks "Send now" and resolves when the receipt has been painted (the frame after it shows). A
 * string, so the bundler's helpers (tsx names functions) never reach the page.
 */
const CONFIRM_TO_RECEIPT = `new Promise((done, fail) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Send now')
  if (!button) return fail(new Error('no Send now button'))
  const receipt = () => [...document.querySelectorAll('[role=status]')].some((e) => e.textContent.startsWith('Sent'))
  const t0 = performance.now()
  const seen = new MutationObserver(() => {
    if (!receipt()) return
    seen.disconnect()
    requestAnimationFrame(() => done(performance.now() - t0))
  })
  seen.observe(document.body, { childList: true, subtree: true, characterData: true })
  button.click()
})`

const confirmToReceipt = (page: Page) => page.evaluate(CONFIRM_TO_RECEIPT) as Promise<number>

export async function measurePay(browser: Browser, runs = 12): Promise<PayBench> {
  const sim = await startSimulator({ seed: 'demo' })
  const wallet = sim.control.createWallet('Bench', 10_000_000)
  const booted = await bootApp({ connect: { baseUrl: sim.url, apiKey: sim.keys.secret } })
  const preview = await startPreviewServer({ app: booted.app, events: booted.events, rendererDir: RENDERER_DIR })
  const context = await browser.newContext({ viewport: { width: 420, height: 720 } })
  const app: number[] = []
  const service: number[] = []
  try {
    const page = await context.newPage()
    await page.goto(preview.url)
    await page.locator('.balance').first().waitFor()
    sim.control.injectFault({ path: '/v1/', kind: 'latency', ms: LATENCY_MS })
    const invoice = () => sim.control.outside.payee({ amountSat: 1000, memo: 'Bench' }).payment_request
    for (let i = 0; i < runs; i++) {
      booted.events.emit('navigate', { to: 'send', address: invoice() })
      await page.getByRole('region', { name: 'Invoice' }).waitFor()
      await page.getByLabel('Wallet').selectOption(wallet.id)
      await page.getByRole('button', { name: 'Review' }).click()
      await page.getByText('Confirm payment').waitFor()
      app.push(await confirmToReceipt(page))
      await page.getByRole('button', { name: 'Done' }).click()
      await booted.app.idle()
      service.push(await serviceOwnTime(sim.url, sim.keys.secret, wallet.id, invoice()))
    }
  } finally {
    await context.close()
    await preview.close()
    await booted.dispose()
    await sim.close()
  }
  return { runs, appMs: percentile(app, 50), serviceMs: percentile(service, 50) }
}

/** The requests `pay.invoice` makes, one after another, with plain fetch. */
async function serviceOwnTime(url: string, key: string, walletId: string, pr: string): Promise<number> {
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' }
  const t0 = performance.now()
  const calls = [
    () => fetch(`${url}/v1/wallet/${walletId}`, { headers }),
    () =>
      fetch(`${url}/v1/wallet/${walletId}/withdraw`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ payment_request: pr, fee_limit_msat: 1000, passThru: { requestId: `raw-${t0}` } }),
      }),
  ]
  for (const call of calls) {
    const res = await call()
    await res.text()
    if (!res.ok) throw new Error(`service answered ${res.status}`)
  }
  return performance.now() - t0
}
