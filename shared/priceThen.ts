// The price at which a ledger row was seen (docs/rates.md, "Prices as they were"): fiat per BTC in
// every currency the source gave, when that price is from, and which host it came from, so a row
// can say "≈ $12 then" in any currency and name where the number came from.
import { z } from 'zod'
import { FIAT_CURRENCIES } from './fiat'

export { satPriceThen } from './satPriceThen'

const perBtc = z.number().positive().finite()
export const PriceThen = z.object({
  /** fiat per BTC, by currency code; a currency the source did not give is absent */
  prices: z.partialRecord(z.enum(FIAT_CURRENCIES), perBtc),
  /** when the price is from, Unix seconds (a historical price: the start of its UTC day) */
  at: z.number().int().nonnegative(),
  /** the host the price came from, e.g. api.coingecko.com */
  source: z.string().min(1).max(253),
  /** 'live': the rate of the moment the row arrived; 'day': a day's price from the history source */
  kind: z.enum(['live', 'day']),
})
export type PriceThen = z.infer<typeof PriceThen>

/** The stored JSON read back through the schema; anything else (an edited file) is no price. */
export function parsePriceThen(json: string | null): PriceThen | null {
  if (!json) return null
  try {
    const r = PriceThen.safeParse(JSON.parse(json))
    return r.success ? r.data : null
  } catch {
    return null
  }
}
