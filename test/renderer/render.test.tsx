// Components rendered to HTML with react-dom/server: amounts formatted from the stores, and
// untrusted text (memos, labels) escaped as text, never markup.
import { DEFAULT_SETTINGS } from '@shared/contract'
import type { HistoryRow } from '@shared/history'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { Home } from '../../renderer/src/screens/Home'
import Settings from '../../renderer/src/screens/Settings'
import Transactions from '../../renderer/src/screens/Transactions'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { useRates } from '../../renderer/src/stores/rates'
import { useSettings } from '../../renderer/src/stores/settings'
import { useTransactions } from '../../renderer/src/stores/transactions'
import { useWallets } from '../../renderer/src/stores/wallets'
import { installFakeWallet } from './fakeWallet'
import { account, historyRow } from './fixtures'

const hostile = '<img src=x onerror=alert(1)>'
// zustand renders on the server from the store's *initial* state object, so the seed goes there too.
function seed<T extends object>(store: { setState(p: Partial<T>): void; getInitialState(): T }, state: Partial<T>) {
  store.setState(state)
  Object.assign(store.getInitialState(), state)
}

beforeEach(() => {
  installFakeWallet()
  seed(useWallets, {
    status: 'ready',
    wallets: [
      { id: 'w1', label: hostile, balanceMsat: 1_234_567_000, createdAt: 1 },
      { id: 'w2', label: 'Small', balanceMsat: 891, createdAt: 1 },
    ],
  })
})

test('home shows each balance and the total, msat only where not whole, labels as text', () => {
  const html = renderToString(<Home />)
  expect(html).toContain('1,234,567 sats')
  expect(html).toContain('0.891 sats')
  expect(html).toContain('1,234,567.891 sats')
  expect(html).not.toContain('<img')
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
})

const row = (i: number, over: Partial<HistoryRow> = {}): HistoryRow =>
  historyRow(i, {
    typeName: i % 2 ? 'ln_withdrawal' : 'ln_deposit',
    words: i % 2 ? 'Sent' : 'Received',
    amountMsat: i % 2 ? -1500 : 21_000,
    createdAt: 1_700_000_000 + i,
    ...over,
  })

test('a transactions page renders one keyed row per item with signed amounts, fees and escaped memos', () => {
  const items = Array.from({ length: 100 }, (_, i) =>
    row(i, {
      memo: i === 0 ? hostile : null,
      label: i === 1 ? 'label only' : null,
      comment: i === 2 ? 'thanks!' : null,
      feeMsat: i === 3 ? -2000 : 0,
    }),
  )
  seed(useTransactions, { items, page: 3, perPage: 100, pageCount: 7, total: 650, status: 'ready' })
  const html = renderToString(<Transactions />)
  expect(html.match(/<li class="history-row">/g)).toHaveLength(100)
  expect(html).toContain('+21 sats')
  expect(html).toContain('−1.5 sats')
  expect(html).toContain('label only')
  expect(html).toContain('thanks!')
  expect(html).toContain('fee 2 sats')
  expect(html).toContain('Page 3 of 7')
  expect(html).toContain('Export CSV of all 650 transactions')
  expect(html).not.toContain('<img')
})

test('a search found more often than the count goes says "1,000+"; Next goes on while there is a next page', () => {
  const items = Array.from({ length: 25 }, (_, i) => row(i, {}))
  const next = { createdAt: 1, rowId: 1 }
  seed(useTransactions, {
    items,
    page: 40,
    perPage: 25,
    pageCount: 40,
    total: 1000,
    capped: true,
    next,
    status: 'ready',
  })
  const html = renderToString(<Transactions />)
  expect(html).toContain('Page 40 of 40+ · 1,000+ transactions')
  expect(html).toContain('Export CSV of all 1,000+ transactions')
  const nextButton = () => renderToString(<Transactions />).match(/<button[^>]*>Next<\/button>/)?.[0]
  expect(nextButton()).not.toContain('disabled')
  seed(useTransactions, { next: null })
  expect(nextButton()).toContain('disabled')
})

test("the first sync's progress shows for the active account only, until it is through", () => {
  seed(useAccounts, { accounts: [account('a1', 'Everyday'), account('a2', 'Shop')], activeId: 'a1', status: 'ready' })
  const progress = (syncing: Record<string, { accountId: string; loaded: number; total: number }>) => {
    seed(useTransactions, { items: [], page: 1, perPage: 25, pageCount: 0, total: 0, status: 'ready', syncing })
    return renderToString(<Transactions />).replace(/<!-- -->/g, '')
  }
  expect(progress({ a1: { accountId: 'a1', loaded: 3_400, total: 10_001 } })).toContain(
    'Loading history: 3,400 of ~10,001',
  )
  expect(progress({ a2: { accountId: 'a2', loaded: 3_400, total: 10_001 } })).not.toContain('Loading history')
  expect(progress({ a1: { accountId: 'a1', loaded: 10_001, total: 10_001 } })).not.toContain('Loading history')
  seed(useTransactions, { syncing: {} })
})

test('each row is one button covering it, named for its transaction in a screen reader, not just Details', () => {
  const items = [
    row(1, { words: 'Moved from Savings', amountMsat: 21_000 }),
    row(2, { words: 'Sent to alice@example.com', amountMsat: -1500, feeMsat: -1000 }),
  ]
  seed(useTransactions, { items, page: 1, perPage: 25, pageCount: 1, total: 2, status: 'ready' })
  const html = renderToString(<Transactions />)
  const rows = [...html.matchAll(/<li class="history-row">(.*?)<\/li>/g)].map((m) => m[1] as string)
  expect(rows).toHaveLength(2)
  for (const r of rows) {
    // the button is the row's only child and its only control: the words, amount and fee inside it
    expect(r).toMatch(/^<button type="button" class="history-open"[^>]*>.*<\/button>$/)
    expect(r.match(/<button/g)).toHaveLength(1)
  }
  expect(rows[1]).toContain('fee 1 sat')
  const names = rows.map((b) => /aria-label="([^"]*)"/.exec(b)?.[1])
  expect(names[0]).toMatch(/^Details of Moved from Savings, \+21 sats, /)
  expect(names[1]).toMatch(/^Details of Sent to alice@example.com, −1\.5 sats, /)
})

test('every drop-down is labelled like a text field: its name in the bold span, tied to it by id', () => {
  seed(useAccounts, { accounts: [account('a1', 'Everyday')], activeId: 'a1', status: 'ready' })
  seed(useSettings, { settings: DEFAULT_SETTINGS, status: 'ready' })
  const html = renderToString(<Settings />) + renderToString(<Transactions />)
  const selects = [...html.matchAll(/<select[^>]*\bid="([^"]+)"/g)].map((m) => m[1])
  const fields = [...html.matchAll(/<label class="field" for="([^"]+)"><span>[^<]+<\/span><select[^>]*\bid="\1"/g)]
  expect(selects).toEqual([
    'auth-a1',
    'move-from',
    'move-to',
    'language',
    'fiat-currency',
    'tx-wallet',
    'tx-direction',
    'tx-kind',
    'per-page',
    'csv-format',
  ])
  expect(fields.map((m) => m[1])).toEqual(selects)
})

test("Home says when the balances were updated: after the fiat value, or as the line's first words", () => {
  const now = Date.now()
  seed(useWallets, { updatedAt: now })
  const updated = () =>
    renderToString(<Home />)
      .replace(/<!-- -->/g, '')
      .match(/data-testid="updated">([^<]*)</)?.[1]
  seed(useRates, { view: null })
  expect(updated()).toBe('Updated just now')
  const view = {
    currency: 'USD' as const,
    satPrice: 0.0006,
    fetchedAt: now,
    status: 'fresh' as const,
    reason: null,
    host: 'rates.example',
    firstRun: false,
  }
  seed(useRates, { view })
  expect(renderToString(<Home />)).toContain('data-testid="total-fiat"')
  expect(updated()).toBe(' · updated just now')
  // hidden amounts hide the fiat value too: the time stands alone again
  seed(useSettings, { settings: { ...DEFAULT_SETTINGS, hideBalances: true } })
  expect(renderToString(<Home />)).not.toContain('data-testid="total-fiat"')
  expect(updated()).toBe('Updated just now')
})
