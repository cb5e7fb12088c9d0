// The rules that decide which prices may reach an amount (rates/sanity.ts), edge by edge: the
// currency's bounds, the day's anchor (the oldest price of the last 24 h, never one from the
// future), the day's list kept one price an hour, and the 50 % jump. rates.test.ts runs them
// through the service against a loopback price source; this pins each edge.
import { describe, expect, it } from 'vitest'
import { anchorOf, inBounds, judgePrice, remember } from '../../../../electron/main/services/rates/sanity'

// written out, not imported, so a changed constant shows
const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = 1_780_000_000_000

describe('inBounds', () => {
  it('takes the bounds themselves and refuses a step outside, and anything not a finite number', () => {
    expect(inBounds('USD', 1_000)).toBe(true)
    expect(inBounds('USD', 10_000_000)).toBe(true)
    expect(inBounds('USD', 999.99)).toBe(false)
    expect(inBounds('USD', 10_000_000.01)).toBe(false)
    expect(inBounds('JPY', 5_000)).toBe(false)
    expect(inBounds('JPY', 15_000_000)).toBe(true)
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '67000', null, undefined])
      expect(inBounds('USD', bad)).toBe(false)
  })
})

describe('anchorOf', () => {
  const p = (price: number, ago: number) => ({ price, fetchedAt: NOW - ago })

  it('is the oldest price of the last day, from the day’s list or the last accepted', () => {
    expect(anchorOf([p(60_000, 5 * HOUR), p(61_000, HOUR)], p(62_000, 0), NOW)).toEqual(p(60_000, 5 * HOUR))
    expect(anchorOf([p(61_000, HOUR)], p(59_000, 2 * HOUR), NOW)).toEqual(p(59_000, 2 * HOUR))
    expect(anchorOf([p(61_000, HOUR), p(60_000, 3 * HOUR)], undefined, NOW)).toEqual(p(60_000, 3 * HOUR))
  })

  it('forgets a price a day old, keeps one a millisecond younger', () => {
    expect(anchorOf([p(50_000, DAY), p(60_000, HOUR)], undefined, NOW)).toEqual(p(60_000, HOUR))
    expect(anchorOf([p(50_000, DAY - 1), p(60_000, HOUR)], undefined, NOW)).toEqual(p(50_000, DAY - 1))
  })

  it('never anchors on a price from the future (a clock moved back)', () => {
    expect(anchorOf([p(10_000, -HOUR), p(60_000, HOUR)], undefined, NOW)).toEqual(p(60_000, HOUR))
    expect(anchorOf([], p(60_000, 0), NOW)).toEqual(p(60_000, 0))
    expect(anchorOf([], p(60_000, -1), NOW)).toBeNull()
  })

  it('is none without a recent price', () => {
    expect(anchorOf([], undefined, NOW)).toBeNull()
    expect(anchorOf([p(60_000, 2 * DAY)], p(60_000, DAY), NOW)).toBeNull()
  })
})

describe('remember', () => {
  const at = (price: number, t: number) => ({ price, fetchedAt: t })

  it('keeps one price an hour: a later one within the hour is not added, one an hour on is', () => {
    const day = [at(60_000, NOW)]
    expect(remember(day, at(61_000, NOW + HOUR - 1))).toEqual(day)
    expect(remember(day, at(61_000, NOW + HOUR))).toEqual([at(60_000, NOW), at(61_000, NOW + HOUR)])
    expect(remember([], at(61_000, NOW))).toEqual([at(61_000, NOW)])
  })

  it('drops prices a day old and prices newer than the one accepted', () => {
    const day = [at(50_000, NOW - DAY), at(55_000, NOW - DAY + 1), at(70_000, NOW + 5 * HOUR)]
    expect(remember(day, at(60_000, NOW))).toEqual([at(55_000, NOW - DAY + 1), at(60_000, NOW)])
  })
})

describe('judgePrice', () => {
  const anchor = { price: 67_000, fetchedAt: NOW - HOUR }

  it('takes a price within 50 % of the day’s anchor, the edges included', () => {
    expect(judgePrice('USD', 67_000 * 1.5, anchor)).toEqual({ ok: true, price: 100_500 })
    expect(judgePrice('USD', 67_000 * 0.5, anchor)).toEqual({ ok: true, price: 33_500 })
    expect(judgePrice('USD', 2_000_000, null)).toEqual({ ok: true, price: 2_000_000 })
  })

  it('refuses a jump beyond 50 %, naming the day’s price and never the source’s number', () => {
    for (const price of [100_501, 33_499]) {
      const r = judgePrice('USD', price, anchor)
      expect(r).toEqual({
        ok: false,
        reason: "The price source's USD price is more than 50 % away from the day's price (67,000); it was not used.",
      })
    }
  })

  it('refuses a price outside the bounds before looking at the anchor, and a non-number', () => {
    expect(judgePrice('EUR', 999, null)).toEqual({
      ok: false,
      reason: 'The price source gave a EUR price far from any real one; it was not used.',
    })
    expect(judgePrice('EUR', 1e308, anchor)).toEqual({
      ok: false,
      reason: 'The price source gave a EUR price far from any real one; it was not used.',
    })
    for (const bad of [Number.NaN, Number.NEGATIVE_INFINITY, '67000', null])
      expect(judgePrice('GBP', bad, anchor)).toEqual({
        ok: false,
        reason: 'The price source gave no usable GBP price; it was not used.',
      })
  })

  it('rounds the day’s price it names to cents', () => {
    const r = judgePrice('USD', 200_000, { price: 67_000.126, fetchedAt: NOW })
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('(67,000.13)') })
  })
})
