// Fiat beside sats: pure conversions the renderer uses with the price main hands it (`rates.get`,
// docs/rates.md). A price is fiat per sat. Display rounds for reading; typing an amount in fiat
// rounds down to whole msat, so a converted amount never asks for more than was typed.
import { MSAT_PER_SAT, readNumber } from './units'

/** The currencies a price is shown in: ISO 4217 codes the rate source answers for (zod-free, for the renderer). */
export const FIAT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY'] as const

/**
 * Fiat per BTC, lowest and highest believable: wide enough for years of prices, not for a wrong
 * unit. Main refuses a fetched price outside them; an amount field checks again before converting.
 */
export const PRICE_BOUNDS: Record<(typeof FIAT_CURRENCIES)[number], readonly [number, number]> = {
  USD: [1_000, 10_000_000],
  EUR: [1_000, 10_000_000],
  GBP: [1_000, 10_000_000],
  CHF: [1_000, 10_000_000],
  CAD: [1_000, 10_000_000],
  AUD: [1_000, 10_000_000],
  // about 150 yen to the dollar
  JPY: [100_000, 1_500_000_000],
}

/** `satPrice` (fiat per sat) is a believable price of `currency`: finite, positive, within its bounds. */
export function believablePrice(currency: string, satPrice: number): boolean {
  const bounds = (PRICE_BOUNDS as Record<string, readonly [number, number] | undefined>)[currency]
  if (!bounds || !usablePrice(satPrice)) return false
  const perBtc = satPrice * 1e8
  return perBtc >= bounds[0] && perBtc <= bounds[1]
}

/** The largest amount a converted input may come to: what a payment may carry (2^52 msat). */
export const MAX_FIAT_MSAT = 2 ** 52

const usablePrice = (satPrice: number) => Number.isFinite(satPrice) && satPrice > 0

/**
 * "$12.34" for an msat amount at `satPrice` (fiat per sat), in the currency's usual precision;
 * below the smallest unit (a cent), one significant digit ("$0.0006") so a small amount does not
 * read as zero, and no more precision than a price carries.
 * Null when there is nothing honest to show: no usable price or an amount that is not a number.
 */
export function satsToFiat(msat: number, satPrice: number, currency: string, locale?: string): string | null {
  if (!Number.isFinite(msat) || !usablePrice(satPrice)) return null
  const value = (msat / MSAT_PER_SAT) * satPrice
  if (!Number.isFinite(value)) return null
  try {
    const plain = formatter(locale, currency, false)
    // under the currency's smallest unit (a cent): one significant digit ("$0.002"), never a
    // forced second one ("$0.0020") or a precision no price is good for ("$0.00068")
    const unit = 10 ** -(plain.resolvedOptions().maximumFractionDigits ?? 2)
    const tiny = value !== 0 && Math.abs(value) < unit
    return (tiny ? formatter(locale, currency, true) : plain).format(value)
  } catch {
    // an unknown currency code or locale
    return null
  }
}

/** Made once per locale, currency and precision: a history page formats 100 amounts at a time. */
const formatters = new Map<string, Intl.NumberFormat>()
function formatter(locale: string | undefined, currency: string, tiny: boolean): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}|${tiny}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(tiny ? { maximumSignificantDigits: 1 } : {}),
    })
    if (formatters.size >= 32) formatters.clear() // a few currencies in practice; never unbounded
    formatters.set(key, f)
  }
  return f
}

export type FiatInput = { ok: true; msat: number } | { ok: false; error: string }

/**
 * Reads a fiat amount as typed ("12.50", "1,234.5", "12,50", "1 000") into msat at `satPrice`,
 * rounded down to whole msat. A comma followed by exactly three digits groups thousands; followed
 * by one or two it is a decimal comma. Refuses anything else: signs, letters, NaN, zero, more
 * than 8 decimals, an amount larger than a payment may be, or no usable price.
 */
export function fiatToMsat(input: string, satPrice: number, locale = 'en-US'): FiatInput {
  if (!usablePrice(satPrice)) return { ok: false, error: 'There is no price to convert with.' }
  const text = input.trim()
  if (text === '') return { ok: false, error: 'Enter an amount.' }
  // read the way the person's locale writes numbers: "1.000,50" in German is a thousand
  const m = readNumber(text, locale, 8, true)
  if (!m) return { ok: false, error: 'Enter an amount such as 12.50.' }
  const value = Number(`${m.whole}.${m.fraction || '0'}`)
  if (!Number.isFinite(value)) return { ok: false, error: 'Enter an amount such as 12.50.' }
  if (value === 0) return { ok: false, error: 'Enter an amount above zero.' }
  const exact = (value / satPrice) * MSAT_PER_SAT
  // a float quotient like 999999.9999999999 for an exact 1,000,000 must not lose an msat
  const near = Math.round(exact)
  const msat = Math.abs(exact - near) <= 4 * Number.EPSILON * exact ? near : Math.floor(exact)
  if (!Number.isFinite(exact) || msat > MAX_FIAT_MSAT) return { ok: false, error: 'That amount is too large.' }
  if (msat < 1) return { ok: false, error: 'That amount is less than one millisatoshi.' }
  return { ok: true, msat }
}
