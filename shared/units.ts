// Amounts are integers: sats and msat, never floating point. Every conversion here is exact.
export const MSAT_PER_SAT = 1000

export function satToMsat(sat: number): number {
  if (!Number.isSafeInteger(sat)) throw new RangeError('amount in sats must be a whole number')
  const msat = sat * MSAT_PER_SAT
  if (!Number.isSafeInteger(msat)) throw new RangeError('amount too large')
  return msat
}

/** Whole sats in an msat amount, rounded toward zero (what can actually be sent). */
export function msatToSatFloor(msat: number): number {
  if (!Number.isSafeInteger(msat)) throw new RangeError('amount in msat must be a whole number')
  return (msat - (msat % MSAT_PER_SAT)) / MSAT_PER_SAT
}

function group(n: bigint | number): string {
  const s = (typeof n === 'bigint' ? n : BigInt(n)).toString()
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** Whole-number grouping and the decimal mark as `locale` writes them (made once per locale). */
const numberStyles = new Map<string, { whole: Intl.NumberFormat; decimal: string }>()
function numberStyle(locale: string) {
  let st = numberStyles.get(locale)
  if (!st) {
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
    st = { whole, decimal }
    if (numberStyles.size >= 8) numberStyles.clear()
    numberStyles.set(locale, st)
  }
  return st
}

type FormatOpts = { signed?: boolean; unit?: boolean; locale?: string }

/**
 * "1,234 sats", or "1,234.567 sats" when the msat amount is not whole. `signed` adds "+"/"−".
 * `locale` groups and marks decimals as that language does ("1.234,567 sats" in German); without
 * one, the English way (main's texts and logs).
 */
export function formatMsat(msat: number, opts: FormatOpts = {}): string {
  if (!Number.isSafeInteger(msat)) throw new RangeError('amount in msat must be a whole number')
  const neg = msat < 0
  const abs = Math.abs(msat)
  const whole = msatToSatFloor(abs)
  const frac = abs % MSAT_PER_SAT
  const style = opts.locale ? numberStyle(opts.locale) : null
  let out = style ? style.whole.format(BigInt(whole)) : group(whole)
  if (frac !== 0) out += `${style?.decimal ?? '.'}${String(frac).padStart(3, '0').replace(/0+$/, '')}`
  const sign = neg ? '−' : opts.signed && abs !== 0 ? '+' : ''
  const unit = opts.unit === false ? '' : whole === 1 && frac === 0 ? ' sat' : ' sats'
  return `${sign}${out}${unit}`
}

export function formatSat(sat: number, opts: FormatOpts = {}): string {
  return formatMsat(satToMsat(sat), opts)
}

/**
 * Parses what a person types as an amount of sats ("1,000", "1 000", "0.5" with msat precision)
 * into msat. Returns null for anything that is not a non-negative amount with ≤ 3 decimals.
 * Separators must group thousands: "0,5" (a decimal comma) is refused, not read as 5 sats.
 */
export function parseSatInput(input: string): number | null {
  const m = /^(\d{1,3}(?:[,\s_]\d{3})+|\d+)(?:\.(\d{1,3}))?$/.exec(input.trim())
  if (!m) return null
  const whole = Number((m[1] ?? '').replace(/[,\s_]/g, ''))
  const frac = Number((m[2] ?? '').padEnd(3, '0') || '0')
  if (!Number.isSafeInteger(whole)) return null
  const msat = whole * MSAT_PER_SAT + frac
  return Number.isSafeInteger(msat) ? msat : null
}
