// The history reads like a statement: rows grouped by day under a heading, each note once, plural
// words right, a reason when the dates are swapped; the times said as a person would.
import { DEFAULT_SETTINGS } from '@shared/contract'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { distinctComment, rowNotes, rowTitle } from '../../renderer/src/lib/rowText'
import { dayHeading, relativeTime } from '../../renderer/src/lib/when'
import Transactions from '../../renderer/src/screens/Transactions'
import { useSettings } from '../../renderer/src/stores/settings'
import { useTransactions } from '../../renderer/src/stores/transactions'
import { installFakeWallet } from './fakeWallet'
import { historyRow } from './fixtures'

function seed<T extends object>(store: { setState(p: Partial<T>): void; getInitialState(): T }, state: Partial<T>) {
  store.setState(state)
  Object.assign(store.getInitialState(), state)
}
const render = () => renderToString(<Transactions />).replace(/<!-- -->/g, '')
const NOW = new Date(2026, 10, 26, 15, 0).getTime()
const at = (d: number, h: number, m = 0) => Math.floor(new Date(2026, 10, d, h, m).getTime() / 1000)

beforeEach(() => {
  installFakeWallet()
  seed(useTransactions, { filter: { walletId: 'all', direction: 'all', kind: '', search: '', from: '', to: '' } })
})

test("a payer's comment equal to the memo is shown once in the row", () => {
  const items = [historyRow(1, { memo: 'from a friend', comment: 'from a friend', amountMsat: 5000 })]
  seed(useTransactions, { items, page: 1, perPage: 25, pageCount: 1, total: 1, status: 'ready' })
  const html = render()
  // shown once; the row's name, for a screen reader, says what the row shows, so once there too
  const shown = html.replace(/ aria-label="[^"]*"/g, '')
  expect(shown.split('from a friend').length - 1).toBe(1)
  expect(html.split('from a friend').length - 1).toBe(2)
  expect(rowNotes({ memo: 'Rent', comment: 'rent', label: 'Flat' })).toEqual(['Rent', 'Flat'])
  // the detail's Comment likewise: only when it says more than the memo
  expect(distinctComment({ memo: 'from a friend', comment: ' From a friend ' })).toBeNull()
  expect(distinctComment({ memo: 'LNURL PAY', comment: 'from a friend' })).toBe('from a friend')
})

test('one transaction is one, not "1 transactions"', () => {
  const items = [historyRow(1, { amountMsat: 5000 })]
  seed(useTransactions, { items, page: 1, perPage: 25, pageCount: 1, total: 1, status: 'ready' })
  const html = render()
  expect(html).toContain('Page 1 of 1 · 1 transaction<')
  expect(html).toContain('Export CSV of all 1 transaction<')
})

test('rows are grouped by day: a heading on the first row of each day', () => {
  const items = [
    historyRow(1, { createdAt: Math.floor(Date.now() / 1000) - 60 }),
    historyRow(2, { createdAt: Math.floor(Date.now() / 1000) - 120 }),
    historyRow(3, { createdAt: at(3, 12) }),
    historyRow(4, { createdAt: at(3, 9) }),
  ]
  seed(useTransactions, { items, page: 1, perPage: 25, pageCount: 1, total: 4, status: 'ready' })
  const headings = [...render().matchAll(/<li class="history-day"><h2>([^<]*)<\/h2>/g)].map((m) => m[1])
  expect(headings).toHaveLength(2)
  expect(headings[0]).toBe('Today')
})

test('From after To says the dates are swapped, not only that nothing matches', () => {
  seed(useTransactions, {
    filter: { walletId: 'all', direction: 'all', kind: '', search: '', from: '2026-11-20', to: '2026-11-01' },
    items: [],
    page: 1,
    pageCount: 0,
    total: 0,
    status: 'ready',
  })
  expect(render()).toContain('The From date is after the To date')
})

test('times as a person says them', () => {
  expect(relativeTime(at(26, 14, 59) + 30, NOW)).toBe('just now')
  expect(relativeTime(at(26, 14, 48), NOW)).toBe('12 min ago')
  expect(relativeTime(at(26, 11, 0), NOW)).toBe('4 h ago')
  expect(relativeTime(at(25, 23, 0), NOW)).toMatch(/^yesterday /)
  expect(dayHeading(at(26, 1), NOW)).toBe('Today')
  expect(dayHeading(at(25, 23), NOW)).toBe('Yesterday')
  expect(dayHeading(at(23, 12), NOW)).toMatch(/23/)
  expect(dayHeading(Math.floor(new Date(2025, 0, 5).getTime() / 1000), NOW)).toMatch(/2025/)
})

test("a recent row leads with what it was for, else the service's words that name the payee", () => {
  expect(rowTitle({ memo: 'Coffee', comment: null, label: null, words: 'Sent to bob@x.example' })).toBe('Coffee')
  expect(rowTitle({ memo: null, comment: null, label: null, words: 'Sent to bob@x.example' })).toBe(
    'Sent to bob@x.example',
  )
})

test("a page size chosen is kept in main's settings, and the next first visit uses it", async () => {
  const fake = installFakeWallet()
  useSettings.setState({ settings: DEFAULT_SETTINGS, status: 'ready' })
  useTransactions.setState({ status: 'ready' })
  const page = { items: [], total: 0, page: 1, pageCount: 0, limit: 250, next: null }
  fake.ok('settings.update', { ...DEFAULT_SETTINGS, historyPerPage: 250 })
  fake.ok('history.page', page)
  await useTransactions.getState().setPerPage(250)
  expect(fake.callsOf('settings.update').map((c) => c.input)).toEqual([{ historyPerPage: 250 }])
  // a restart: the store starts again, the settings come from main
  useTransactions.setState({ status: 'idle', perPage: 25 })
  useSettings.setState({ settings: { ...DEFAULT_SETTINGS, historyPerPage: 250 }, status: 'ready' })
  fake.ok('history.page', page)
  await useTransactions.getState().open()
  expect(useTransactions.getState().perPage).toBe(250)
  expect(fake.callsOf('history.page').at(-1)?.input).toMatchObject({ limit: 250 })
})
