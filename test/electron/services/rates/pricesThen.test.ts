// Prices as they were (docs/rates.md): rows that arrive while the live rate is fresh keep it;
// older rows get their day's price from the history source, only when the person turned it on,
// against a price source on loopback whose price moves from day to day.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_FIAT } from '@shared/contract'
import { satPriceThen } from '@shared/priceThen'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Ledger, openLedger } from '../../../../electron/main/services/ledger'
import { createPriceBackfill, createRatesService } from '../../../../electron/main/services/rates'
import { defaultUsdOn, type PriceSource, startPriceSource } from '../../../simulator/priceSource'
import { row } from '../ledger/helpers'
import { serve } from '../loopback'

const DAY = 86_400
const NOW_SEC = 1_760_000_000 // 2025-10-09
const today = Math.floor(NOW_SEC / DAY) * DAY

let dir: string
let ledger: Ledger
let source: PriceSource
let updated: string[][]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-then-'))
  ledger = openLedger({ dir })
  source = await startPriceSource({ usdNow: () => 70_000 })
  updated = []
})
afterEach(async () => {
  ledger.close()
  await source.close()
  await rm(dir, { recursive: true, force: true })
})

const backfill = (enabled = true, url = source.historyUrl) =>
  createPriceBackfill({
    sourceUrl: url,
    enabled: () => enabled,
    ledger: () => ledger,
    updated: (ids) => updated.push(ids),
    now: () => NOW_SEC * 1000,
    gapMs: 0,
    timeoutMs: 2_000,
  })
const usdThen = (txId: string) => {
  const r = ledger.page({ accountId: 'acc_1', limit: 50 }).items.find((t) => t.txId === txId)
  return r?.priceThen ?? null
}

describe('prices then', () => {
  it('a row arriving while the live rate is fresh keeps it; an older row does not', async () => {
    const rates = createRatesService({
      sourceUrl: source.liveUrl,
      userDataDir: dir,
      settings: () => DEFAULT_FIAT,
      visible: () => true,
      emit: () => {},
      now: () => NOW_SEC * 1000,
      timeoutMs: 2_000,
      tickMs: 60_000,
    })
    await rates.start()
    await rates.refreshIfDue()
    const live = rates.livePrice()
    await rates.stop()
    expect(live).toMatchObject({ at: NOW_SEC, kind: 'live', source: new URL(source.liveUrl).host })
    expect(live?.prices.USD).toBe(70_000)
    ledger.insertBatch(
      'acc_1',
      [row({ txId: 'new', createdAt: NOW_SEC - 60 }), row({ txId: 'old', createdAt: NOW_SEC - 3 * DAY })],
      { livePrice: live },
    )
    expect(usdThen('new')).toMatchObject({ prices: { USD: 70_000 }, kind: 'live' })
    expect(satPriceThen(usdThen('new'), 'USD')).toBeCloseTo(0.0007, 10)
    expect(usdThen('old')).toBeNull()
  })

  it('fills older rows with their own day’s price, newest day first, and says where it came from', async () => {
    ledger.insertBatch('acc_1', [
      row({ txId: 'd1', createdAt: today - DAY + 10 }),
      row({ txId: 'd1b', createdAt: today - DAY + 80_000 }),
      row({ txId: 'd5', createdAt: today - 5 * DAY + 3600 }),
    ])
    ledger.insertBatch('acc_2', [row({ txId: 'other', createdAt: today - DAY + 50 })])
    const b = backfill()
    expect(await b.step()).toBe(3) // yesterday: two rows of acc_1, one of acc_2, one request
    expect(updated).toEqual([['acc_1', 'acc_2']])
    expect(await b.step()).toBe(1)
    expect(await b.step()).toBe(0) // nothing left: no request
    expect(source.seen).toHaveLength(2)
    const asked = source.seen.map((u) => new URL(u, 'http://x').searchParams.get('date'))
    const ddmmyyyy = (s: number) => new Date(s * 1000).toISOString().slice(0, 10).split('-').reverse().join('-')
    expect(asked).toEqual([ddmmyyyy(today - DAY), ddmmyyyy(today - 5 * DAY)])
    const y = usdThen('d1')
    expect(y).toEqual({
      prices: expect.objectContaining({ USD: defaultUsdOn(today - DAY) }),
      at: today - DAY,
      source: new URL(source.historyUrl).host,
      kind: 'day',
    })
    expect(usdThen('d1b')?.prices.USD).toBe(defaultUsdOn(today - DAY))
    expect(usdThen('d5')?.prices.USD).toBe(defaultUsdOn(today - 5 * DAY))
    expect(defaultUsdOn(today - DAY)).not.toBe(defaultUsdOn(today - 5 * DAY))
  })

  it('asks nothing while off (the default)', async () => {
    ledger.insertBatch('acc_1', [row({ createdAt: today - DAY })])
    expect(await backfill(false).step()).toBe(0)
    expect(source.seen).toHaveLength(0)
  })

  it('a refused or unbelievable answer stores nothing, says why, and that day is not asked again', async () => {
    const liar = await serve((req, res) => {
      const bad = req.url?.includes(new Date((today - DAY) * 1000).getUTCDate().toString().padStart(2, '0'))
      res.writeHead(bad ? 200 : 500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ market_data: { current_price: { usd: 1e308, eur: -5 } } }))
    })
    try {
      ledger.insertBatch('acc_1', [
        row({ txId: 'y', createdAt: today - DAY + 5 }),
        row({ txId: 'z', createdAt: today - 2 * DAY + 5 }),
      ])
      const b = backfill(true, `${liar.url}/api/v3/coins/bitcoin/history`)
      expect(await b.step()).toBe(0)
      expect(b.lastReason()).toMatch(/no usable price/)
      expect(await b.step()).toBe(0)
      expect(b.lastReason()).toMatch(/HTTP 500/)
      expect(await b.step()).toBe(0)
      expect(liar.seen).toHaveLength(2)
      expect(usdThen('y')).toBeNull()
      expect(usdThen('z')).toBeNull()
      expect(liar.seen[0]?.headers.cookie).toBeUndefined()
    } finally {
      await liar.close()
    }
  })
})
