import { describe, expect, it } from 'vitest'
import { fiatToMsat, MAX_FIAT_MSAT, satsToFiat } from '../../shared/fiat'

// 60,000 USD per BTC = 0.0006 USD per sat
const USD_SAT = 60_000 / 1e8

describe('satsToFiat', () => {
  it.each([
    [100_000_000, USD_SAT, 'USD', '$60.00'],
    [1_000_000_000, USD_SAT, 'USD', '$600.00'],
    // under a cent: one significant digit, no trailing zero, no precision a price does not carry
    [1_000, USD_SAT, 'USD', '$0.0006'],
    [3_334, USD_SAT, 'USD', '$0.002'],
    [12_000, USD_SAT, 'USD', '$0.007'],
    // a cent or more: the currency's own two decimals
    [1_130_000, USD_SAT, 'USD', '$0.68'],
    [17_000, USD_SAT, 'USD', '$0.01'],
    [1_234_567_000, USD_SAT, 'USD', '$740.74'],
    [0, USD_SAT, 'USD', '$0.00'],
    [-100_000_000, USD_SAT, 'USD', '-$60.00'],
    [100_000_000, 0.0055, 'EUR', '€550.00'],
    [100_000_000, 0.09, 'JPY', '¥9,000'],
    [1_000, 0.09, 'JPY', '¥0.09'],
  ])('%d msat at %d → %s', (msat, price, currency, shown) => {
    expect(satsToFiat(msat, price, currency, 'en-US')).toBe(shown)
  })

  it.each([
    ['zero price', 1000, 0],
    ['negative price', 1000, -0.0006],
    ['NaN price', 1000, Number.NaN],
    ['infinite price', 1000, Number.POSITIVE_INFINITY],
    ['NaN amount', Number.NaN, USD_SAT],
    ['infinite amount', Number.POSITIVE_INFINITY, USD_SAT],
  ])('shows nothing for %s', (_, msat, price) => {
    expect(satsToFiat(msat, price, 'USD', 'en-US')).toBeNull()
  })

  it('formats in the locale asked, each time (formatters are kept per locale and currency)', () => {
    expect(satsToFiat(100_000_000, USD_SAT, 'USD', 'de-DE')).toBe('60,00\u00a0$')
    expect(satsToFiat(100_000_000, USD_SAT, 'USD', 'en-US')).toBe('$60.00')
    expect(satsToFiat(1_000, USD_SAT, 'USD', 'de-DE')).toBe('0,0006\u00a0$')
  })

  it('shows nothing for a currency code Intl does not know', () => {
    expect(satsToFiat(1000, USD_SAT, 'not a code', 'en-US')).toBeNull()
  })
})

describe('fiatToMsat', () => {
  it('reads a price the way the locale writes it, and the other way only where it cannot mislead', () => {
    // German: 1.000 is a thousand euros, not one
    expect(fiatToMsat('1.000', USD_SAT, 'de-DE')).toEqual({ ok: true, msat: 1_666_666_666 })
    expect(fiatToMsat('1.000,50', USD_SAT, 'de-DE')).toEqual({ ok: true, msat: 1_667_500_000 })
    expect(fiatToMsat('12.50', USD_SAT, 'de-DE')).toEqual({ ok: true, msat: 20_833_333 })
    // three digits after the other mark could be a group: the locale decides
    expect(fiatToMsat('1.000', USD_SAT, 'en-US')).toEqual({ ok: true, msat: 1_666_666 })
    expect(fiatToMsat('1,000', USD_SAT, 'de-DE')).toEqual({ ok: true, msat: 1_666_666 })
  })

  it.each([
    ['60', USD_SAT, 100_000_000],
    ['0.06', USD_SAT, 100_000],
    ['12.50', USD_SAT, 20_833_333],
    ['12,50', USD_SAT, 20_833_333],
    ['1,234.5', USD_SAT, 2_057_500_000],
    ['1 234,5', USD_SAT, 2_057_500_000],
    ['1.234,50', USD_SAT, 2_057_500_000],
    ['1,000', USD_SAT, 1_666_666_666],
    ['  7 ', USD_SAT, 11_666_666],
    // exact quotients do not lose an msat to float noise
    ['1', 0.001, 1_000_000],
    ['0.3', 0.0001, 3_000_000],
    ['0.00000001', 1e-8, 1_000],
  ])('%s at %d → %d msat (rounded down)', (input, price, msat) => {
    expect(fiatToMsat(input, price)).toEqual({ ok: true, msat })
  })

  it.each([
    ['', USD_SAT, 'Enter an amount.'],
    ['   ', USD_SAT, 'Enter an amount.'],
    ['-5', USD_SAT, 'Enter an amount such as 12.50.'],
    ['+5', USD_SAT, 'Enter an amount such as 12.50.'],
    ['NaN', USD_SAT, 'Enter an amount such as 12.50.'],
    ['Infinity', USD_SAT, 'Enter an amount such as 12.50.'],
    ['1e3', USD_SAT, 'Enter an amount such as 12.50.'],
    ['0x10', USD_SAT, 'Enter an amount such as 12.50.'],
    ['$5', USD_SAT, 'Enter an amount such as 12.50.'],
    ['1.2.3', USD_SAT, 'Enter an amount such as 12.50.'],
    ['1,23,456', USD_SAT, 'Enter an amount such as 12.50.'],
    ['0.123456789', USD_SAT, 'Enter an amount such as 12.50.'],
    ['0', USD_SAT, 'Enter an amount above zero.'],
    ['0.00', USD_SAT, 'Enter an amount above zero.'],
    ['0.00000001', 1, 'That amount is less than one millisatoshi.'],
    ['0.00000001', USD_SAT, 'That amount is less than one millisatoshi.'],
    ['99999999999999999999', USD_SAT, 'That amount is too large.'],
    ['5', 0, 'There is no price to convert with.'],
    ['5', -1, 'There is no price to convert with.'],
    ['5', Number.NaN, 'There is no price to convert with.'],
    ['5', Number.POSITIVE_INFINITY, 'There is no price to convert with.'],
  ])('refuses %j at %d', (input, price, error) => {
    expect(fiatToMsat(input, price)).toEqual({ ok: false, error })
  })

  it('allows up to the payment cap and no further', () => {
    const price = 1 // 1 unit per sat, so 1 unit = 1000 msat
    expect(fiatToMsat(String(MAX_FIAT_MSAT / 1000), price)).toEqual({ ok: true, msat: MAX_FIAT_MSAT })
    expect(fiatToMsat(String(MAX_FIAT_MSAT / 1000 + 1), price).ok).toBe(false)
  })
})
