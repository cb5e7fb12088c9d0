// The historical price source (docs/rates.md, "Prices as they were"): CoinGecko's keyless
// "coin history" endpoint, one request per UTC day, answering every currency's price of that day.
// Opt-in (settings.pricesThen): asking for a day's price tells the source the days a person's
// wallet moved money on, which the live rate never does. Read like the live answer: a deadline,
// a size cap, no redirects, no cookies or referrer, each price within its currency's bounds.
import { FIAT_CURRENCIES } from '@shared/contract'
import type { PriceThen } from '@shared/priceThen'
import { z } from 'zod'
import { boundedFetch } from '../http/boundedFetch'
import { mt } from '../i18n'
import { inBounds } from './sanity'
import { fetchFailure } from './source'

export const HISTORY_SOURCE_URL = 'https://api.coingecko.com/api/v3/coins/bitcoin/history'
/** the answer is a few KiB (market data of one day); anything near this is not one */
const MAX_HISTORY_BYTES = 64 * 1024
const HISTORY_TIMEOUT_MS = 10_000

/** `{"market_data":{"current_price":{"usd":67187.1,…}}}`: each value checked on its own */
const Answer = z.object({ market_data: z.object({ current_price: z.record(z.string(), z.unknown()) }) })

export type DayPrices = { ok: true; prices: PriceThen['prices'] } | { ok: false; reason: string }

/** `30-12-2025`: the source's day format (UTC) */
export function sourceDate(daySec: number): string {
  const d = new Date(daySec * 1000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`
}

export async function fetchDayPrices(
  fetchImpl: typeof fetch,
  sourceUrl: string,
  daySec: number,
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<DayPrices> {
  const timeoutMs = opts.timeoutMs ?? HISTORY_TIMEOUT_MS
  const get = boundedFetch(fetchImpl, { timeoutMs, maxBytes: opts.maxBytes ?? MAX_HISTORY_BYTES })
  const url = new URL(sourceUrl)
  url.searchParams.set('date', sourceDate(daySec))
  url.searchParams.set('localization', 'false')
  let res: Response
  try {
    res = await get(url.toString(), {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
  } catch (err) {
    return { ok: false, reason: fetchFailure(err, timeoutMs, 'history') }
  }
  if (res.status !== 200)
    return { ok: false, reason: mt('priceSource.httpStatus', { source: 'history', status: String(res.status) }) }
  let parsed: ReturnType<typeof Answer.safeParse>
  try {
    parsed = Answer.safeParse(JSON.parse(await res.text()))
  } catch {
    return { ok: false, reason: mt('priceSource.unreadable', { source: 'history' }) }
  }
  if (!parsed.success) return { ok: false, reason: mt('priceSource.unreadable', { source: 'history' }) }
  const prices: PriceThen['prices'] = {}
  for (const c of FIAT_CURRENCIES) {
    const p = parsed.data.market_data.current_price[c.toLowerCase()]
    if (inBounds(c, p)) prices[c] = p
  }
  if (Object.keys(prices).length === 0) {
    return { ok: false, reason: mt('priceSource.noDayPrice') }
  }
  return { ok: true, prices }
}
