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

const marksOf = new Map<string, { group: string; decimal: string }>()

/** The thousands and decimal marks of a locale, as Intl writes 12,345.6 there (once per locale: an amount field reads on every key). */
function numberMarks(locale: string): { group: string; decimal: string } {
  let marks = marksOf.get(locale)
  if (!marks) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12_345.6)
    marks = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    }
    marksOf.set(locale, marks)
  }
  return marks
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A non-negative number as a person types it in `locale`: its whole digits without group marks
 * and its fraction's digits (at most `maxDecimals`), or null. A group mark must group thousands.
 * With `otherWay`, typed the other way round ("12,50" in English, "0.5" in German) it is still
 * read when that cannot mean anything else: a fraction of other than three digits cannot be a
 * thousands group. (Prices are typed both ways; sats are read the locale's way only.)
 */
export function readNumber(
  input: string,
  locale: string,
  maxDecimals: number,
  otherWay = false,
): { whole: string; fraction: string } | null {
  const marks = numberMarks(locale)
  const read = readWith(input, marks, maxDecimals)
  if (read || !otherWay) return read
  const other = marks.decimal === ',' ? { group: ',', decimal: '.' } : { group: '.', decimal: ',' }
  const swapped = readWith(input, other, maxDecimals)
  return swapped && swapped.fraction.length > 0 && swapped.fraction.length !== 3 ? swapped : null
}

function readWith(input: string, { group, decimal }: { group: string; decimal: string }, maxDecimals: number) {
  const groups = `[${escapeRegExp(group)}\\s_\u00a0\u202f]`
  const shape = new RegExp(
    `^(\\d{1,3}(?:${groups}\\d{3})+|\\d+)(?:${escapeRegExp(decimal)}(\\d{1,${maxDecimals}}))?$`,
    'u',
  )
  const m = shape.exec(input.trim())
  if (!m) return null
  return { whole: (m[1] ?? '').replace(new RegExp(groups, 'gu'), ''), fraction: m[2] ?? '' }
}

/**
 * Parses what a person types as an amount of sats into msat, read the way `locale` writes numbers
 * (the one amounts are shown in): "1,000" and "0.5" in English, "1.000" and "0,5" in German.
 * Spaces and underscores also group thousands. Returns null for anything that is not a
 * non-negative amount with ≤ 3 decimals, and for a mark in the wrong place: a group mark must
 * group thousands, so German "1.5" and English "0,5" are refused, never read as 15 or 5 sats.
 */
export function parseSatInput(input: string, locale = 'en-US'): number | null {
  const read = readNumber(input, locale, 3)
  if (!read) return null
  const whole = Number(read.whole)
  const frac = Number(read.fraction.padEnd(3, '0') || '0')
  if (!Number.isSafeInteger(whole)) return null
  const msat = whole * MSAT_PER_SAT + frac
  return Number.isSafeInteger(msat) ? msat : null
}
