import { formatMsat, formatSat, msatToSatFloor, parseSatInput, satToMsat } from '@shared/units'
import { describe, expect, it } from 'vitest'

describe('units', () => {
  it('converts sats and msat exactly', () => {
    expect(satToMsat(1)).toBe(1000)
    expect(msatToSatFloor(1999)).toBe(1)
    expect(msatToSatFloor(-1999)).toBe(-1)
    // the largest safe msat amounts stay exact (no float division)
    expect(msatToSatFloor(9_007_199_254_740_991)).toBe(9_007_199_254_740)
  })

  it('refuses non-integers and unsafe amounts', () => {
    expect(() => satToMsat(0.5)).toThrow(RangeError)
    expect(() => satToMsat(Number.MAX_SAFE_INTEGER)).toThrow(RangeError)
    expect(() => formatMsat(1.5)).toThrow(RangeError)
    expect(() => formatMsat(Number.NaN)).toThrow(RangeError)
  })

  it('formats with grouping, msat only when not whole', () => {
    expect(formatMsat(1_000_000)).toBe('1,000 sats')
    expect(formatMsat(1000)).toBe('1 sat')
    expect(formatMsat(0)).toBe('0 sats')
    expect(formatMsat(1_234_567)).toBe('1,234.567 sats')
    expect(formatMsat(1_234_500)).toBe('1,234.5 sats')
    expect(formatMsat(1)).toBe('0.001 sats')
    expect(formatMsat(-21_000_000_000)).toBe('−21,000,000 sats')
    expect(formatMsat(5000, { signed: true })).toBe('+5 sats')
    expect(formatMsat(5000, { unit: false })).toBe('5')
    expect(formatSat(123_456_789)).toBe('123,456,789 sats')
    expect(formatMsat(9_007_199_254_740_991)).toBe('9,007,199,254,740.991 sats')
  })

  it('parses what a person types', () => {
    expect(parseSatInput('1,000')).toBe(1_000_000)
    expect(parseSatInput(' 1 000 ')).toBe(1_000_000)
    expect(parseSatInput('0.5')).toBe(500)
    expect(parseSatInput('0.001')).toBe(1)
    expect(parseSatInput('0.0001')).toBeNull()
    expect(parseSatInput('-5')).toBeNull()
    expect(parseSatInput('1e3')).toBeNull()
    expect(parseSatInput('')).toBeNull()
    expect(parseSatInput('abc')).toBeNull()
    expect(parseSatInput('99999999999999999999')).toBeNull()
  })

  it('takes separators only where they group thousands', () => {
    expect(parseSatInput('12,345')).toBe(12_345_000)
    expect(parseSatInput('123,456,789.5')).toBe(123_456_789_500)
    expect(parseSatInput('1_000')).toBe(1_000_000)
    expect(parseSatInput('1234,567')).toBeNull()
    expect(parseSatInput('1,2345')).toBeNull()
    expect(parseSatInput('12,34')).toBeNull()
    expect(parseSatInput('0,5')).toBeNull()
    expect(parseSatInput(',123')).toBeNull()
  })

  it('reads amounts the way the shown locale writes them: German 1.000 is a thousand sats', () => {
    for (const locale of ['de-DE', 'es-ES', 'pt-BR']) {
      expect([locale, parseSatInput('1.000', locale)]).toEqual([locale, 1_000_000])
      expect([locale, parseSatInput('1.234.567,5', locale)]).toEqual([locale, 1_234_567_500])
      expect([locale, parseSatInput('0,5', locale)]).toEqual([locale, 500])
      expect([locale, parseSatInput('1 000', locale)]).toEqual([locale, 1_000_000])
      // a mark in the wrong place is refused, never read as another amount
      expect([locale, parseSatInput('1.5', locale)]).toEqual([locale, null])
      expect([locale, parseSatInput('1,000.5', locale)]).toEqual([locale, null])
    }
    // a French space (U+202F) groups thousands too
    expect(parseSatInput('1\u202f000', 'fr-FR')).toBe(1_000_000)
    expect(parseSatInput('1.000', 'en-US')).toBe(1_000)
  })
})
