// Which prices may reach an amount (docs/rates.md, "Which prices are used"). A price outside its
// currency's bounds is a wrong answer, whoever sent it. A price more than 50 % away from the
// day's anchor is refused too: the oldest price accepted within the last 24 hours, not the newest,
// so a source cannot walk the price step by step (−49 % a refresh took 67,000 to 1,000 in half
// an hour when each step was compared with the one before). Bitcoin has not moved 50 % within a
// day; such a jump is far likelier a wrong unit, a broken or lying source than the market. With
// no price accepted in the last day there is nothing to compare with, and only the bounds apply.
// A reason never quotes the source's number: 1e308 would be a 309-digit line on screen.
import type { FiatCurrency } from '@shared/contract'
import { PRICE_BOUNDS } from '@shared/fiat'
import { mt } from '../i18n'

/** how far a new price may be from the day's anchor, as a fraction of it */
const MAX_JUMP = 0.5
/** how long an accepted price is a reference for the next (and shown at all) */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000
/** the day's prices keep one entry an hour at most: enough to know the oldest of the day */
const KEEP_EVERY_MS = 60 * 60 * 1000

export interface Accepted {
  /** fiat per BTC */
  price: number
  /** ms since epoch */
  fetchedAt: number
}

/** Prices accepted within the last day, oldest first (at most one an hour, see `remember`). */
export type DayPrices = Accepted[]

export type Judgement = { ok: true; price: number } | { ok: false; reason: string }

/** Our own prices only (bounded, at most 13 characters with separators), never the source's number. */
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })

/** `price` is a number within the currency's bounds. */
export function inBounds(currency: FiatCurrency, price: unknown): price is number {
  const [low, high] = PRICE_BOUNDS[currency]
  return typeof price === 'number' && Number.isFinite(price) && price >= low && price <= high
}

/**
 * The price a new one is judged against: the oldest of the day's prices and the last accepted
 * one that are less than a day old (and not in the future); null when there is none.
 */
export function anchorOf(day: DayPrices, last: Accepted | undefined, now: number): Accepted | null {
  const recent = (p: Accepted) => p.fetchedAt <= now && now - p.fetchedAt < MAX_AGE_MS
  const candidates = [...day, ...(last ? [last] : [])].filter(recent)
  return candidates.reduce<Accepted | null>((a, p) => (a && a.fetchedAt <= p.fetchedAt ? a : p), null)
}

/** The day's prices with `p` accepted: older than a day dropped, one kept an hour at most. */
export function remember(day: DayPrices, p: Accepted): DayPrices {
  const kept = day.filter((q) => q.fetchedAt <= p.fetchedAt && p.fetchedAt - q.fetchedAt < MAX_AGE_MS)
  const newest = kept.at(-1)
  return newest && p.fetchedAt - newest.fetchedAt < KEEP_EVERY_MS ? kept : [...kept, p]
}

export function judgePrice(currency: FiatCurrency, price: unknown, anchor: Accepted | null): Judgement {
  if (typeof price !== 'number' || !Number.isFinite(price)) {
    return { ok: false, reason: mt('priceSource.unusable', { currency }) }
  }
  if (!inBounds(currency, price)) {
    return { ok: false, reason: mt('priceSource.farOff', { currency }) }
  }
  if (anchor && Math.abs(price - anchor.price) > MAX_JUMP * anchor.price) {
    return {
      ok: false,
      reason: mt('priceSource.jump', { currency, anchor: fmt(anchor.price) }),
    }
  }
  return { ok: true, price }
}
