// The rate source: CoinGecko's simple price endpoint (docs/rates.md). One request asks for every
// supported currency, so a currency switch needs no request and the request does not say which
// currency the person uses. The answer is read with a deadline and a size cap, no redirects.
import { FIAT_CURRENCIES, type FiatCurrency } from '@shared/contract'
import { z } from 'zod'
import { boundedFetch, RedirectError } from '../http/boundedFetch'
import { BodyTooLargeError } from '../http/readBody'
import { mt } from '../i18n'

export const RATE_SOURCE_URL = 'https://api.coingecko.com/api/v3/simple/price'
/** the answer is about 150 bytes; anything near this is not a price list */
const MAX_RATE_BYTES = 16 * 1024
const RATE_TIMEOUT_MS = 10_000

/** `{"bitcoin":{"usd":67187.1,"eur":62000,…}}`: values are checked one by one (sanity.ts) */
const Answer = z.object({ bitcoin: z.record(z.string(), z.unknown()) })

export type Fetched = { ok: true; prices: Record<FiatCurrency, unknown> } | { ok: false; reason: string }

function priceUrl(sourceUrl: string): string {
  const u = new URL(sourceUrl)
  u.searchParams.set('ids', 'bitcoin')
  u.searchParams.set('vs_currencies', FIAT_CURRENCIES.map((c) => c.toLowerCase()).join(','))
  return u.toString()
}

export async function fetchPrices(
  fetchImpl: typeof fetch,
  sourceUrl: string,
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<Fetched> {
  const timeoutMs = opts.timeoutMs ?? RATE_TIMEOUT_MS
  const get = boundedFetch(fetchImpl, { timeoutMs, maxBytes: opts.maxBytes ?? MAX_RATE_BYTES })
  let res: Response
  try {
    // no cookies, no referrer: the source learns only that someone asked for the price
    res = await get(priceUrl(sourceUrl), {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
  } catch (err) {
    return { ok: false, reason: fetchFailure(err, timeoutMs, 'now') }
  }
  if (res.status !== 200)
    return { ok: false, reason: mt('priceSource.httpStatus', { source: 'now', status: String(res.status) }) }
  let body: unknown
  try {
    body = JSON.parse(await res.text())
  } catch {
    return { ok: false, reason: mt('priceSource.unreadable', { source: 'now' }) }
  }
  const parsed = Answer.safeParse(body)
  if (!parsed.success) return { ok: false, reason: mt('priceSource.unreadable', { source: 'now' }) }
  const prices = {} as Record<FiatCurrency, unknown>
  for (const c of FIAT_CURRENCIES) prices[c] = parsed.data.bitcoin[c.toLowerCase()]
  return { ok: true, prices }
}

/** `source`: which of the two CoinGecko endpoints failed (the current price or a past day's). */
export function fetchFailure(err: unknown, timeoutMs: number, source: 'now' | 'history'): string {
  if (err instanceof RedirectError) return mt('priceSource.redirect', { source })
  if (err instanceof BodyTooLargeError) return mt('priceSource.tooLarge', { source })
  const name = err instanceof Error || err instanceof DOMException ? err.name : ''
  if (name === 'TimeoutError' || name === 'AbortError') {
    return mt('priceSource.timeout', { source, seconds: String(timeoutMs / 1000) })
  }
  return mt('priceSource.unreachable', { source })
}
