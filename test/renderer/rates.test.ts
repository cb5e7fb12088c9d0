// The renderer's rates store and what Home shows beside an amount: a price only when main has a
// usable one, with its age; nothing when prices are off or unavailable; a load overtaken by the
// event does not bring back the older view.
import type { RatesView } from '@shared/contract'
import { beforeEach, describe, expect, test } from 'vitest'
import { fiatBeside, fiatTexts, rateAge, useRates } from '../../renderer/src/stores/rates'
import { installFakeWallet } from './fakeWallet'

const T = 1_700_000_000_000
const fresh: RatesView = {
  currency: 'USD',
  satPrice: 0.0006,
  fetchedAt: T,
  status: 'fresh',
  reason: null,
  host: 'api.coingecko.com',
  firstRun: false,
}

beforeEach(() => {
  useRates.setState({ view: null })
})

describe('fiatBeside', () => {
  test('a fresh price: the value, its age and where it is from', () => {
    const shown = fiatBeside(100_000_000, fresh, T + 3 * 60_000 + 5_000)
    expect(shown?.text).toMatch(/^≈ \$60\.00$/)
    expect(shown?.age).toBe('rate 3 min old')
    expect(shown?.title).toContain('USD price from api.coingecko.com')
  })

  test('a stale price is still shown, with the reason it was not updated', () => {
    const shown = fiatBeside(
      1_000,
      { ...fresh, status: 'stale', reason: 'The price source answered with HTTP 500.' },
      T,
    )
    expect(shown?.text).toMatch(/^≈ \$0\.0006$/)
    expect(shown?.age).toBe('rate just now · stale')
    expect(shown?.title).toContain('HTTP 500')
  })

  test.each<[string, RatesView | null]>([
    ['no view yet', null],
    ['prices off', { ...fresh, status: 'off', satPrice: null, fetchedAt: null }],
    ['unavailable', { ...fresh, status: 'unavailable', satPrice: null, fetchedAt: null, reason: 'No price yet.' }],
    // a view that claims off but carries a price still shows nothing
    ['off with a price left in it', { ...fresh, status: 'off' }],
  ])('nothing for %s', (_, view) => {
    expect(fiatBeside(100_000_000, view, T)).toBeNull()
    // nor on a history page's rows
    expect(fiatTexts(view)).toBeNull()
  })

  test("a history page's amounts: the same text as beside any amount, at one price", () => {
    const each = fiatTexts(fresh)
    for (const msat of [1_000, 100_000_000, 2_100_000_000_000]) {
      expect(each?.(msat)).toBe(fiatBeside(msat, fresh, T)?.text)
    }
    expect(each?.(Number.NaN)).toBeNull()
  })

  test.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 min old'],
    [59 * 60_000, '59 min old'],
    [60 * 60_000, '1 h old'],
    [-5_000, 'just now'],
  ])('age after %d ms: %s', (ms, text) => {
    expect(rateAge(T, T + ms)).toBe(text)
  })
})

describe('rates store', () => {
  test('loads with rates.get', async () => {
    const w = installFakeWallet()
    w.ok('rates.get', fresh)
    await useRates.getState().load()
    expect(w.callsOf('rates.get')).toHaveLength(1)
    expect(useRates.getState().view).toEqual(fresh)
  })

  test('an event that arrives while a load is on its way wins', async () => {
    const w = installFakeWallet()
    const release = w.deferred('rates.get')
    const loading = useRates.getState().load()
    const off: RatesView = { ...fresh, status: 'off', satPrice: null, fetchedAt: null }
    useRates.getState().apply(off)
    release({ ok: true, value: fresh })
    await loading
    expect(useRates.getState().view).toEqual(off)
  })

  test('a failed load keeps what is there', async () => {
    const w = installFakeWallet()
    useRates.getState().apply(fresh)
    w.fail('rates.get', 'internal')
    await useRates.getState().load()
    expect(useRates.getState().view).toEqual(fresh)
  })
})
