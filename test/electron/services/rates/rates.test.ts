// The rates service against a rate server on loopback: a normal one, a slow, a failing and a
// lying one. Whatever it sends, only a believable price reaches the view; a refused answer keeps
// the last good price and says why; with prices off nothing reaches the server at all.

import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_FIAT, type FiatSettings, RatesView } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createRatesService,
  MAX_BACKOFF_MS,
  RATES_FILE,
  type RatesService,
  REFRESH_MS,
} from '../../../../electron/main/services/rates'
import { HUGE_BYTES, type Loopback, serve, streamHuge } from '../loopback'

const PATH = '/api/v3/simple/price'
type Answer = (res: ServerResponse) => void
const json =
  (body: unknown, status = 200): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
const prices = (usd: unknown, eur: unknown = 55_000) => json({ bitcoin: { usd, eur, gbp: 48_000, jpy: 9_000_000 } })

let dir: string
let server: Loopback
let answer: Answer
let clock: number
let fiat: FiatSettings
let visible: boolean
let views: RatesView[]
const services: RatesService[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-rates-'))
  answer = prices(60_000)
  server = await serve((_req, res) => answer(res))
  clock = 1_700_000_000_000
  fiat = { ...DEFAULT_FIAT }
  visible = true
  views = []
})
afterEach(async () => {
  for (const s of services.splice(0)) await s.stop()
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

async function start(o: { timeoutMs?: number; tickMs?: number } = {}) {
  const s = createRatesService({
    sourceUrl: `${server.url}${PATH}`,
    userDataDir: dir,
    settings: () => fiat,
    visible: () => visible,
    emit: (v) => views.push(RatesView.parse(v)),
    now: () => clock,
    timeoutMs: o.timeoutMs ?? 2_000,
    tickMs: o.tickMs ?? 60_000,
  })
  services.push(s)
  await s.start()
  await s.refreshIfDue()
  return s
}
const later = (ms: number) => {
  clock += ms
}
/** the longest run of digits (with separators, a sign or an exponent) in a text */
const longestNumber = (text: string | null) =>
  Math.max(0, ...(text?.match(/[-+]?[\d][\d.,]*(e[-+]?\d+)?/gi) ?? []).map((n) => n.length))

describe('rates service', () => {
  it('asks for every currency at once and shows the price per sat with its age', async () => {
    const s = await start()
    expect(server.seen).toHaveLength(1)
    const url = new URL(server.seen[0]?.url ?? '', server.url)
    expect(url.pathname).toBe(PATH)
    expect(url.searchParams.get('ids')).toBe('bitcoin')
    expect(url.searchParams.get('vs_currencies')).toBe('usd,eur,gbp,chf,cad,aud,jpy')
    expect(s.view()).toEqual({
      currency: 'USD',
      satPrice: 0.0006,
      fetchedAt: clock,
      status: 'fresh',
      reason: null,
      host: `127.0.0.1:${server.port}`,
      firstRun: true,
    })
    expect(views.at(-1)).toEqual(s.view())
    // a currency switch needs no request
    fiat = { enabled: true, currency: 'EUR' }
    s.settingsChanged()
    expect(views.at(-1)).toMatchObject({ currency: 'EUR', satPrice: 0.00055, status: 'fresh' })
    expect(server.seen).toHaveLength(1)
    // a currency the answer lacked (CHF) has no price and says so
    fiat = { enabled: true, currency: 'CHF' }
    expect(s.view()).toMatchObject({ satPrice: null, status: 'unavailable', reason: expect.stringContaining('CHF') })
  })

  it('asks at most every five minutes, and only while the window is visible', async () => {
    const s = await start()
    later(REFRESH_MS - 1)
    await s.refreshIfDue()
    expect(server.seen).toHaveLength(1)
    later(1)
    visible = false
    await s.refreshIfDue()
    expect(server.seen).toHaveLength(1)
    visible = true
    answer = prices(61_000)
    await s.refreshIfDue()
    expect(server.seen).toHaveLength(2)
    expect(s.view()).toMatchObject({ satPrice: 0.00061, fetchedAt: clock })
    // stale, still shown with its age, after 15 minutes without a new price
    visible = false
    later(16 * 60 * 1000)
    expect(s.view()).toMatchObject({ satPrice: 0.00061, status: 'stale' })
    // not shown at all after a day
    later(24 * 60 * 60 * 1000)
    expect(s.view()).toMatchObject({ satPrice: null, status: 'unavailable' })
  })

  it('refreshes on its own schedule when the window becomes visible', async () => {
    visible = false
    const s = await start({ tickMs: 20 })
    expect(server.seen).toHaveLength(0)
    visible = true
    await expect.poll(() => server.seen.length, { timeout: 2_000 }).toBe(1)
    await expect.poll(() => s.view().status).toBe('fresh')
  })

  it('with prices off, no request reaches the server, on any path', async () => {
    fiat = { enabled: false, currency: 'USD' }
    const s = await start({ tickMs: 10 })
    for (let i = 0; i < 5; i++) {
      later(REFRESH_MS * 10)
      await s.refreshIfDue()
      s.settingsChanged()
    }
    await new Promise((r) => setTimeout(r, 100))
    expect(server.seen).toHaveLength(0)
    expect(s.view()).toMatchObject({ status: 'off', satPrice: null })
    expect(views.at(-1)).toMatchObject({ status: 'off', satPrice: null })
  })

  it('the toggle: off hides the price at once, on fetches again', async () => {
    const s = await start()
    fiat = { ...fiat, enabled: false }
    s.settingsChanged()
    expect(views.at(-1)).toMatchObject({ status: 'off', satPrice: null, fetchedAt: null })
    later(REFRESH_MS)
    answer = prices(62_000)
    fiat = { ...fiat, enabled: true }
    s.settingsChanged()
    await s.refreshIfDue()
    expect(server.seen).toHaveLength(2)
    expect(views.at(-1)).toMatchObject({ status: 'fresh', satPrice: 0.00062 })
  })

  const refused: Array<[string, Answer, RegExp]> = [
    ['HTTP 500', json({ error: 'down' }, 500), /HTTP 500/],
    ['garbage JSON', json('{"bitcoin": {"usd": 6'), /could not be read/],
    ['the wrong shape', json({ prices: [60_000] }), /could not be read/],
    ['a price of 0', prices(0), /far from any real one/],
    ['a negative price', prices(-60_000), /far from any real one/],
    ['a price of 1e12', prices(1e12), /far from any real one/],
    ['a price of 1e308', prices(1e308), /far from any real one/],
    ['a price as a string', prices('60000'), /no usable USD price/],
    ['"NaN"', prices('NaN'), /no usable USD price/],
    ['"Infinity"', prices('Infinity'), /no usable USD price/],
    ['null', prices(null), /no usable USD price/],
    ['a ×10 jump', prices(600_000), /more than 50 % away from the day's price \(60,000\)/],
    ['a fall to a third', prices(20_000), /more than 50 % away from the day's price \(60,000\)/],
    [
      'a redirect',
      (res) => {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' })
        res.end()
      },
      /redirect/,
    ],
    ['a 50 MB body', (res) => void streamHuge(res, 200), /too large/],
    ['a 50 MB body it declares', (res) => void streamHuge(res, 200, { contentLength: true }), /too large/],
  ]
  it.each(refused)('refuses %s, keeps the last good price as stale and says why', async (_, bad, why) => {
    const s = await start()
    const good = s.view()
    later(REFRESH_MS)
    answer = bad
    await s.refreshIfDue()
    expect(server.seen).toHaveLength(2)
    expect(s.view()).toEqual({ ...good, status: 'stale', reason: expect.stringMatching(why) })
    expect(longestNumber(s.view().reason)).toBeLessThanOrEqual(20)
    expect(s.view().satPrice).toBe(0.0006)
    expect(views.at(-1)).toEqual(s.view())
    // the cache holds only the good price
    const file = JSON.parse(await readFile(join(dir, RATES_FILE), 'utf8'))
    expect(file.rates.USD).toEqual({ price: 60_000, fetchedAt: good.fetchedAt })
  })

  it('reads no more than the cap of a huge body', async () => {
    let sent = 0
    answer = (res) => void streamHuge(res, 200).then((n) => (sent = n))
    const s = await start()
    expect(s.view()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/too large/) })
    await expect.poll(() => sent).toBeGreaterThan(0)
    expect(sent).toBeLessThan(HUGE_BYTES)
  })

  it('a slow server runs into the deadline; the last price is kept', async () => {
    const s = await start({ timeoutMs: 300 })
    later(REFRESH_MS)
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"bitcoin":')
      // never ends: the deadline must
    }
    const t0 = performance.now()
    await s.refreshIfDue()
    expect(performance.now() - t0).toBeLessThan(5_000)
    expect(s.view()).toMatchObject({ satPrice: 0.0006, reason: 'The price source did not answer within 0.3 s.' })
  })

  it('with no price yet, a failure shows nothing and says why', async () => {
    answer = prices(0)
    const s = await start()
    expect(s.view()).toMatchObject({ satPrice: null, fetchedAt: null, status: 'unavailable' })
    expect(s.view().reason).toMatch(/far from any real one/)
  })

  it('waits longer after each failure, up to an hour, and back to five minutes after a success', async () => {
    const s = await start()
    answer = json({}, 503)
    const waits: number[] = []
    for (let i = 0; i < 6; i++) {
      const before = server.seen.length
      let waited = 0
      while (server.seen.length === before) {
        later(60_000)
        waited += 60_000
        await s.refreshIfDue()
      }
      waits.push(waited)
    }
    expect(waits).toEqual([REFRESH_MS, 2 * REFRESH_MS, 4 * REFRESH_MS, 8 * REFRESH_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS])
    answer = prices(60_500)
    later(MAX_BACKOFF_MS)
    await s.refreshIfDue()
    expect(s.view()).toMatchObject({ satPrice: 0.000605, reason: null })
    later(REFRESH_MS)
    await s.refreshIfDue()
    expect(server.seen).toHaveLength(9)
  })

  it('accepts a big move once the last price is more than a day old', async () => {
    const s = await start()
    later(REFRESH_MS)
    answer = prices(600_000)
    await s.refreshIfDue()
    expect(s.view().satPrice).toBe(0.0006)
    later(24 * 60 * 60 * 1000)
    await s.refreshIfDue()
    expect(s.view()).toMatchObject({ satPrice: 0.006, reason: null, status: 'fresh' })
  })

  it('the cache survives a restart: the last price shows at once, with no request before it is due', async () => {
    const first = await start()
    const shown = first.view()
    await first.stop()
    const mode = (await stat(join(dir, RATES_FILE))).mode & 0o777
    expect(mode).toBe(0o600)
    later(60_000)
    const again = await start()
    expect(server.seen).toHaveLength(1)
    expect(again.view()).toEqual({ ...shown, firstRun: false })
    later(REFRESH_MS)
    await again.refreshIfDue()
    expect(server.seen).toHaveLength(2)
  })

  it('an edited cache never puts an unbelievable price on screen', async () => {
    fiat = { enabled: false, currency: 'USD' }
    await writeFile(
      join(dir, RATES_FILE),
      JSON.stringify({
        version: 1,
        rates: { USD: { price: 0, fetchedAt: clock - 1000 }, EUR: { price: 55_000, fetchedAt: clock + 60_000 } },
      }),
    )
    const s = await start()
    fiat = { enabled: true, currency: 'USD' }
    expect(s.view()).toMatchObject({ satPrice: null, firstRun: false })
    fiat = { enabled: true, currency: 'EUR' }
    expect(s.view()).toMatchObject({ satPrice: null })
    await writeFile(join(dir, RATES_FILE), 'not json')
    fiat = { enabled: false, currency: 'USD' }
    const t = await start()
    fiat = { enabled: true, currency: 'USD' }
    expect(t.view()).toMatchObject({ satPrice: null, firstRun: false })
    expect(server.seen).toHaveLength(0)
  })
})

describe('a source that walks the price', () => {
  /** the next request: the wait after a refusal doubles, so the clock runs until one is made */
  async function nextAnswer(s: RatesService) {
    const before = server.seen.length
    while (server.seen.length === before) {
      later(60_000)
      await s.refreshIfDue()
    }
  }

  it.each([
    ['down 49 % a refresh', 0.51],
    ['up 49 % a refresh', 1.49],
  ])('%s: refused from the second step on, the last good price kept as stale', async (_, step) => {
    let said = 67_000
    answer = prices(said)
    const s = await start()
    const shown: Array<number | null> = []
    for (let i = 1; i <= 8; i++) {
      said = Math.round(said * step)
      answer = prices(said)
      await nextAnswer(s)
      shown.push(s.view().satPrice === null ? null : Math.round((s.view().satPrice as number) * 1e8))
      if (i >= 2) {
        // far enough down, under the bounds too: refused either way
        const why = i === 2 ? /more than 50 % away/ : /more than 50 % away|far from any real one/
        expect(s.view()).toMatchObject({ status: 'stale', reason: expect.stringMatching(why) })
        expect(longestNumber(s.view().reason)).toBeLessThanOrEqual(20)
      }
    }
    const first = Math.round(67_000 * step)
    expect(shown).toEqual([first, ...Array(7).fill(first)])
    // a restart judges against the same day's price, not the last one accepted
    await s.stop()
    // asked again with the second step: close to the last price accepted, not to the day's
    answer = prices(Math.round(first * step))
    later(REFRESH_MS)
    const again = await start()
    expect(again.view()).toMatchObject({ satPrice: first / 1e8, reason: expect.stringMatching(/not used/) })
    const file = JSON.parse(await readFile(join(dir, RATES_FILE), 'utf8'))
    expect(file.day.USD[0]).toMatchObject({ price: 67_000 })
  })

  it("a day later the day's oldest price is the next one kept: at most 50 % a day", async () => {
    const s = await start() // 60,000
    later(2 * 60 * 60 * 1000)
    answer = prices(40_000)
    await s.refreshIfDue()
    expect(s.view()).toMatchObject({ satPrice: 0.0004, status: 'fresh' })
    later(22 * 60 * 60 * 1000 + 60_000) // 60,000 is now more than a day old; 40,000 is not
    answer = prices(19_000)
    await s.refreshIfDue()
    expect(s.view()).toMatchObject({ satPrice: 0.0004, status: 'stale', reason: expect.stringMatching(/\(40,000\)/) })
    answer = prices(21_000)
    await nextAnswer(s)
    expect(s.view()).toMatchObject({ satPrice: 0.00021, status: 'fresh', reason: null })
  })

  it.each([1e308, -1e308, 1e21, Number.MAX_VALUE, 123_456_789_012_345_680_000])(
    'the reason for %d quotes no long number',
    async (huge) => {
      answer = prices(huge)
      const s = await start()
      expect(s.view().reason).toMatch(/far from any real one/)
      expect(longestNumber(s.view().reason)).toBeLessThanOrEqual(20)
    },
  )
})
