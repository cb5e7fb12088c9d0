// A row's price then as fiat per sat, apart from the schema (priceThen.ts, which re-exports it), so
// the renderer's chunks do not carry zod for one function.
import { type FIAT_CURRENCIES, PRICE_BOUNDS } from './fiat'

type Currency = (typeof FIAT_CURRENCIES)[number]
/** what it reads of a PriceThen (priceThen.ts; importing that type here would make a cycle) */
type Prices = { prices: Partial<Record<Currency, number>> }

/** The row's price in `currency` as fiat per sat, or null without a believable one. */
export function satPriceThen(p: Prices | null | undefined, currency: string): number | null {
  const perBtcPrice = p?.prices[currency as Currency]
  const bounds = (PRICE_BOUNDS as Record<string, readonly [number, number] | undefined>)[currency]
  if (perBtcPrice === undefined || !bounds || perBtcPrice < bounds[0] || perBtcPrice > bounds[1]) return null
  return perBtcPrice / 1e8
}
