// Which prices may reach an amount (docs/rates.md, "Which prices are used"). A price outside its
// currency's bounds is a wrong answer, whoever sent it. A price more than 50 % away from the last
// one accepted less than a day ago is refused too: bitcoin has not moved that far within a day,
// so such a jump is far likelier a wrong unit, a broken or lying source than the market. Past a
// day there is nothing recent to compare with, and only the bounds apply.
import type { FiatCurrency } from '@shared/contract'
import { PRICE_BOUNDS } from '@shared/fiat'

/** how far a new price may be from the last accepted one, as a fraction of it */
const MAX_JUMP = 0.5
/** how long an accepted price is a reference for the next (and shown at all) */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000

export interface Accepted {
  /** fiat per BTC */
  price: number
  /** ms since epoch */
  fetchedAt: number
}

export type Judgement = { ok: true; price: number } | { ok: false; reason: string }

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })

export function judgePrice(currency: FiatCurrency, price: unknown, last: Accepted | undefined, now: number): Judgement {
  if (typeof price !== 'number' || !Number.isFinite(price)) {
    return { ok: false, reason: `The price source gave no usable ${currency} price.` }
  }
  const [low, high] = PRICE_BOUNDS[currency]
  if (price < low || price > high) {
    return {
      ok: false,
      reason: `The price source said 1 BTC = ${fmt(price)} ${currency}, outside ${fmt(low)} to ${fmt(high)}; it was not used.`,
    }
  }
  if (last && now - last.fetchedAt < MAX_AGE_MS && Math.abs(price - last.price) > MAX_JUMP * last.price) {
    return {
      ok: false,
      reason: `The ${currency} price jumped from ${fmt(last.price)} to ${fmt(price)} within a day; it was not used.`,
    }
  }
  return { ok: true, price }
}
