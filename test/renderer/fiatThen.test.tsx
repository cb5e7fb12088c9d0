// "≈ $x then": an amount at the price its row was seen at, in the person's currency, with the
// price's source and day in the title; nothing without a price in that currency or with prices off.
import type { RatesView } from '@shared/contract'
import type { PriceThen } from '@shared/priceThen'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, test } from 'vitest'
import { fiatThenText } from '../../renderer/src/components/FiatThen'
import TransactionDetail from '../../renderer/src/screens/TransactionDetail'
import Transactions from '../../renderer/src/screens/Transactions'
import { useRates } from '../../renderer/src/stores/rates'
import { useTransactions } from '../../renderer/src/stores/transactions'
import { installFakeWallet } from './fakeWallet'
import { historyRow } from './fixtures'

const view = (over: Partial<RatesView> = {}): RatesView => ({
  currency: 'USD',
  satPrice: 0.0009, // today: 90,000 USD per BTC
  fetchedAt: 1_760_000_000_000,
  status: 'fresh',
  reason: null,
  host: 'rates.example',
  firstRun: false,
  ...over,
})
const day: PriceThen = {
  prices: { USD: 50_000, EUR: 46_000 },
  at: 1_759_276_800,
  source: 'history.example',
  kind: 'day',
}

describe('fiatThenText', () => {
  test('the amount at the day’s price, not today’s, with where it came from', () => {
    const shown = fiatThenText(-100_000_000, day, view()) // 100,000 sats out
    expect(shown?.text).toBe('≈ $50.00 then')
    expect(shown?.title).toContain('history.example')
    expect(shown?.title).toMatch(/2025/)
    expect(fiatThenText(100_000_000, day, view({ currency: 'EUR' }))?.text).toBe('≈ €46.00 then')
  })
  test('no price in that currency, none stored, an unbelievable one or prices off: nothing', () => {
    expect(fiatThenText(1000, day, view({ currency: 'JPY' }))).toBeNull()
    expect(fiatThenText(1000, null, view())).toBeNull()
    expect(fiatThenText(1000, { ...day, prices: { USD: 3 } }, view())).toBeNull()
    expect(fiatThenText(1000, day, view({ status: 'off', satPrice: null }))).toBeNull()
    expect(fiatThenText(1000, day, null)).toBeNull()
  })
})

function seed<T extends object>(store: { setState(p: Partial<T>): void; getInitialState(): T }, state: Partial<T>) {
  store.setState(state)
  Object.assign(store.getInitialState(), state)
}
beforeEach(() => installFakeWallet())

test('a history row shows its price then beside today’s', () => {
  seed(useRates, { view: view() })
  const items = [historyRow(1, { amountMsat: 100_000_000, priceThen: day }), historyRow(2, { amountMsat: 5_000 })]
  seed(useTransactions, { items, page: 1, perPage: 25, pageCount: 1, total: 2, status: 'ready' })
  const html = renderToString(<Transactions />).replace(/<!-- -->/g, '')
  // shown once (the row's name, for a screen reader, says it again)
  const shown = html.replace(/ aria-label="[^"]*"/g, '')
  expect(shown.match(/≈ \$50\.00 then/g)).toHaveLength(1)
  expect(html).toMatch(/aria-label="[^"]*≈ \$50\.00 then/)
  expect(html).toContain('≈ $90.00') // today's price, as before
  expect(html).toContain(`id="csv-format"`)
  for (const f of ['Koinly', 'CoinTracker', 'Plain CSV']) expect(html).toContain(f)
})

// A row seen today carries today's price: "≈ $90.00 · ≈ $90.00 then" said the same figure twice.
describe('the price then, only when it says something the price now does not', () => {
  const today: PriceThen = { prices: { USD: 90_000 }, at: 1_760_000_000, source: 'history.example', kind: 'live' }

  test('the same figure as now: nothing; a figure now cannot show (no price now): shown', () => {
    expect(fiatThenText(100_000_000, today, view())).toBeNull()
    // 90,001 USD/BTC makes 100,000 sats $90.001: shown as $90.00, as now is
    expect(fiatThenText(100_000_000, { ...today, prices: { USD: 90_001 } }, view())).toBeNull()
    expect(fiatThenText(100_000_000, { ...today, prices: { USD: 90_020 } }, view())?.text).toBe('≈ $90.02 then')
    expect(fiatThenText(100_000_000, today, view({ status: 'unavailable' }))?.text).toBe('≈ $90.00 then')
  })

  test('a history row seen today shows its fiat once, on the row and in its name; the day before, both', () => {
    seed(useRates, { view: view() })
    const items = [
      historyRow(1, { amountMsat: 100_000_000, priceThen: today }),
      historyRow(2, { amountMsat: 100_000_000, priceThen: day }),
    ]
    seed(useTransactions, { items, page: 1, perPage: 25, pageCount: 1, total: 2, status: 'ready' })
    const html = renderToString(<Transactions />).replace(/<!-- -->/g, '')
    const rows = html.split('class="history-row"').slice(1)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toContain('≈ $90.00')
    expect(rows[0]).not.toContain('then')
    expect(rows[1]).toContain('≈ $90.00')
    expect(rows[1]?.match(/≈ \$50\.00 then/g)).toHaveLength(2) // shown, and in the row's name
  })

  test("the detail of a row seen today: today's figure, no second one", () => {
    seed(useRates, { view: view() })
    seed(useTransactions, { items: [historyRow(1, { amountMsat: 100_000_000, priceThen: today })], status: 'ready' })
    const html = renderToString(<TransactionDetail walletId="w1" txId="wtx_1" lnTxId={null} />)
    expect(html).toContain('data-testid="tx-fiat"')
    expect(html).not.toContain('data-testid="tx-fiat-then"')
  })
})
