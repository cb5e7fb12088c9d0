// Typing an amount in the person's currency: which prices the field accepts (checked again here,
// whatever main said) and what a typed fiat amount hands the form.
import type { RatesView } from '@shared/contract'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { AmountInput, fiatEntry, fieldPrice } from '../../renderer/src/components/AmountField'

const view = (over: Partial<RatesView>): RatesView => ({
  currency: 'USD',
  satPrice: 0.0006, // 60,000 USD per BTC
  fetchedAt: 1_700_000_000_000,
  status: 'fresh',
  reason: null,
  host: 'rates.example',
  firstRun: false,
  ...over,
})

describe('fieldPrice', () => {
  test('a fresh or stale believable price is used', () => {
    expect(fieldPrice(view({}))).toEqual({ currency: 'USD', satPrice: 0.0006 })
    expect(fieldPrice(view({ status: 'stale' }))).toEqual({ currency: 'USD', satPrice: 0.0006 })
    expect(fieldPrice(view({ currency: 'JPY', satPrice: 0.09 }))).toEqual({ currency: 'JPY', satPrice: 0.09 })
  })
  test('0, negative, not a number, absurd, off or unavailable: no price, so only sats', () => {
    expect(fieldPrice(null)).toBeNull()
    for (const satPrice of [0, -0.0006, Number.NaN, Number.POSITIVE_INFINITY, 1e-9, 5, null]) {
      expect(fieldPrice(view({ satPrice })), String(satPrice)).toBeNull()
    }
    // a dollar price read as yen: outside the yen's bounds
    expect(fieldPrice(view({ currency: 'JPY', satPrice: 0.0006 }))).toBeNull()
    expect(fieldPrice(view({ status: 'off' }))).toBeNull()
    expect(fieldPrice(view({ status: 'unavailable' }))).toBeNull()
  })
})

describe('fiatEntry', () => {
  const usd = { currency: 'USD', satPrice: 0.0006 }
  test('a fiat amount becomes whole sats, rounded down, with what it comes to', () => {
    expect(fiatEntry('12.60', usd)).toEqual({ sats: '21000', shown: '= 21,000 sats' })
    // 1.00 USD = 1,666.67 sats: never asks for more than was typed
    expect(fiatEntry('1', usd)).toEqual({ sats: '1666', shown: '= 1,666 sats' })
  })
  test('empty stays empty; what cannot be converted says what to fix and gives no sats', () => {
    expect(fiatEntry('  ', usd)).toEqual({ sats: '', shown: '' })
    expect(fiatEntry('abc', usd)).toEqual({ sats: null, problem: 'Enter an amount such as 12.50.' })
    expect(fiatEntry('-5', usd).sats).toBeNull()
    expect(fiatEntry('0.0001', usd)).toEqual({ sats: null, problem: 'That is less than one sat at this price.' })
  })
})

describe('AmountField', () => {
  // as AmountField renders it: the store's view, through fieldPrice
  const field = (v: RatesView) =>
    renderToString(
      <AmountInput id="a" label="Amount" note="at most 5 sats" value="1000" onValue={() => {}} price={fieldPrice(v)} />,
    )

  test('with a believable price: a choice of sats or the currency, and the value beside', () => {
    const html = field(view({}))
    expect(html).toContain('<span>Amount (sats, at most 5 sats)</span>')
    expect(html).toMatch(/aria-pressed="true"[^>]*>sats</)
    expect(html).toMatch(/aria-pressed="false"[^>]*>USD</)
    expect(html).toContain('≈ $0.60')
  })
  test('a lying price (0 or absurd) never reaches the field: sats only, nothing beside', () => {
    for (const satPrice of [0, 50]) {
      const html = field(view({ satPrice }))
      expect(html).not.toContain('USD')
      expect(html).not.toContain('≈')
    }
  })
})
