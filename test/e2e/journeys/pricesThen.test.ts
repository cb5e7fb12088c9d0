// Prices as they were, in Chromium against a price source on loopback whose price moves from day
// to day: Send takes dollars like Receive; with the history source turned on in Settings, the
// history shows each row "then" at its own day's price; the Koinly export carries that value.
import { readFile } from 'node:fs/promises'
import { satsToFiat } from '@shared/fiat'
import type { HistoryRow } from '@shared/history'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseCsv } from '../../electron/services/ledger/parseCsv'
import { defaultUsdOn, type PriceSource, startPriceSource } from '../../simulator/priceSource'
import { type OpenedApp, openApp } from '../harness'
import { axeViolations, mainCall, navTo, waitVisible } from './support'

let o: OpenedApp
let prices: PriceSource
const DAY = 86_400
const dayOf = (sec: number) => Math.floor(sec / DAY) * DAY
beforeAll(async () => {
  prices = await startPriceSource({ usdNow: () => 60_000 })
  o = await openApp({
    seed: 'demo',
    rateSource: prices.liveUrl,
    historySource: { url: prices.historyUrl, gapMs: 100 },
  })
})
afterAll(async () => {
  await o?.close()
  await prices?.close()
})

test('Send takes the amount in dollars and asks for the sats it comes to', async () => {
  await navTo(o.page, 'Send')
  await o.page.getByLabel('Lightning address').fill('Alice@Sim.Example')
  await o.page.getByRole('button', { name: 'Look up' }).click()
  await o.page.getByRole('button', { name: 'USD', exact: true }).click()
  // 12.60 USD at 60,000 USD per BTC
  await o.page.getByLabel('Amount (USD)').fill('12.60')
  expect(await o.page.locator('#send-amount-converted').textContent()).toBe('= 21,000 sats')
  await o.page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(o.page, /21,000 sats/)
})

test('turned on in Settings, older rows show their own day’s price, and the Koinly export carries it', async () => {
  // off by default: nothing asked of the history source
  expect(prices.seen.filter((u) => u.includes('/history'))).toEqual([])
  await navTo(o.page, 'Settings')
  expect(await o.page.getByTestId('prices-then-host').textContent()).toContain(new URL(prices.historyUrl).host)
  await o.page.getByLabel('Show older transactions at the price of their day').check()
  expect(await axeViolations(o.page, 'Settings with the price history switch')).toEqual([])
  await navTo(o.page, 'Transactions')
  const first = o.page.getByTestId('row-fiat-then').first()
  await first.waitFor({ state: 'visible', timeout: 30_000 })
  const page = await mainCall(o, 'history.page', { limit: 25 })
  if (!page.ok) throw new Error(page.error.message)
  const rows = (page.value as { items: HistoryRow[] }).items
  const priced = rows.find((r) => r.priceThen)!
  expect(priced.priceThen).toMatchObject({
    kind: 'day',
    at: dayOf(priced.createdAt),
    source: new URL(prices.historyUrl).host,
  })
  const then = satsToFiat(Math.abs(priced.amountMsat), defaultUsdOn(dayOf(priced.createdAt)) / 1e8, 'USD', 'en-US')
  await waitVisible(o.page, `≈ ${then} then`)
  expect(await axeViolations(o.page, 'Transactions with prices then and the format chooser')).toEqual([])

  await o.page.locator('#csv-format').selectOption('koinly')
  await o.page.getByRole('button', { name: /^Export CSV of all/ }).click()
  await waitVisible(o.page, /Saved \d+ transactions to transactions-.*-koinly\.csv/)
  const [header, ...lines] = parseCsv(await readFile(o.booted.savedFiles.at(-1)!, 'utf8'))
  expect(header?.slice(0, 3)).toEqual(['Date', 'Sent Amount', 'Sent Currency'])
  const col = (name: string) => header!.indexOf(name)
  const valued = lines.filter((l) => l[col('Net Worth Amount')] !== '')
  expect(valued.length).toBeGreaterThan(0)
  for (const l of valued) {
    const day = Date.parse(`${(l[col('Date')] as string).slice(0, 10)}T00:00:00Z`) / 1000
    const btc = Number(l[col('Sent Amount')] || l[col('Received Amount')])
    expect(Number(l[col('Net Worth Amount')])).toBeCloseTo(btc * defaultUsdOn(day), 1)
    expect(l[col('Net Worth Currency')]).toBe('USD')
  }
  for (const l of lines.filter((x) => (x[col('Description')] as string).startsWith('Transfer between own'))) {
    expect(l[col('Label')]).toBe('')
  }
})
