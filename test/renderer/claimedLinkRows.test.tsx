// A claim of one of the person's own withdraw links (field report: history showed the claimer's
// invoice memo, "Outside invoice"): the history row, Home's recent row and the detail say the
// person's memo of the link and name the link; the claimer's memo only in the detail, only when it
// says something else, and nothing twice.
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { RecentActivity } from '../../renderer/src/components/RecentActivity'
import { detailMemo, distinctComment, rowNotes, rowTitle, rowWords } from '../../renderer/src/lib/rowText'
import TransactionDetail from '../../renderer/src/screens/TransactionDetail'
import Transactions from '../../renderer/src/screens/Transactions'
import { useRecent } from '../../renderer/src/stores/recent'
import { useTransactions } from '../../renderer/src/stores/transactions'
import { installFakeWallet } from './fakeWallet'
import { historyRow } from './fixtures'

const text = (el: React.ReactElement) =>
  renderToString(el)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '|')
const count = (s: string, part: string) => s.split(part).length - 1
/** a server render reads a store's first state: set both */
function seed<T extends object>(store: { setState(p: Partial<T>): void; getInitialState(): T }, state: Partial<T>) {
  store.setState(state)
  Object.assign(store.getInitialState(), state)
}

const claim = historyRow(7, {
  typeName: 'ln_lnurl_withdraw',
  words: 'Withdraw link claimed',
  amountMsat: -1_000_000,
  memo: 'Outside invoice',
  link: { memo: 'Lunch with Ana', shortId: 'K3F9QZ' },
})
const deposit = historyRow(8, { memo: 'Rent for the garage', amountMsat: 5_000 })

beforeEach(() => {
  installFakeWallet()
  seed(useTransactions, {
    filter: { walletId: 'all', direction: 'all', kind: '', search: '', from: '', to: '' },
    items: [claim, deposit],
    page: 1,
    perPage: 25,
    pageCount: 1,
    total: 2,
    status: 'ready',
  })
  seed(useRecent, { rows: [claim, deposit], status: 'ready', arrived: [] })
})

test("the words say the person's memo of the link and name it, not the claimer's memo", () => {
  expect(rowWords(claim)).toBe('Withdraw link K3F9QZ claimed: Lunch with Ana')
  expect(rowWords({ ...claim, link: { memo: ' ', shortId: 'K3F9QZ' } })).toBe('Withdraw link K3F9QZ claimed')
  expect(rowWords(deposit)).toBe('Received')
  expect(rowNotes(claim)).toEqual([])
  // the person's label and a comment still show, never a repeat of the link's memo
  expect(rowNotes({ ...claim, comment: 'lunch with ana', label: 'Team' })).toEqual(['Team'])
  expect(rowTitle(claim)).toBe('Withdraw link K3F9QZ claimed: Lunch with Ana')
  expect(rowTitle({ ...claim, label: 'Team' })).toBe('Team')
  expect(detailMemo(claim)).toBe('Outside invoice')
  expect(detailMemo({ ...claim, memo: 'LUNCH WITH ANA' })).toBeNull()
  expect(distinctComment({ ...claim, comment: 'Lunch with Ana' })).toBeNull()
})

test('the Transactions row', () => {
  const html = text(<Transactions />)
  expect(html).toContain('|Withdraw link K3F9QZ claimed: Lunch with Ana|')
  // the row's button is named by the same words in a screen reader's list
  expect(renderToString(<Transactions />)).toContain(
    'aria-label="Details of Withdraw link K3F9QZ claimed: Lunch with Ana,',
  )
  expect(html).not.toContain('Outside invoice')
  expect(html).toContain('Rent for the garage')
})

test("Home's recent row", () => {
  const html = text(<RecentActivity now={Date.now()} />)
  expect(count(html, 'Lunch with Ana')).toBe(1)
  expect(html).toContain('|Withdraw link K3F9QZ claimed: Lunch with Ana|')
  // under it the wallet, not the same claim again in the service's plainer words
  expect(html).toContain('|Everyday · ')
  expect(html).not.toContain('Withdraw link claimed')
  expect(html).not.toContain('Outside invoice')
})

test("the detail: the link's words, the claimer's memo apart, each once", () => {
  const html = text(<TransactionDetail walletId="w1" txId="wtx_7" lnTxId={null} />)
  expect(html).toContain('|What||Withdraw link K3F9QZ claimed: Lunch with Ana|')
  expect(html).toContain('|Claimer’s invoice memo||Outside invoice|')
  expect(html).not.toContain('|Memo|')
  expect(count(html, 'Lunch with Ana')).toBe(1)
  // the claimer's memo that only repeats the person's is not said again
  seed(useTransactions, { items: [{ ...claim, memo: 'lunch with ana' }] })
  const again = text(<TransactionDetail walletId="w1" txId="wtx_7" lnTxId={null} />)
  expect(count(again.toLowerCase(), 'lunch with ana')).toBe(1)
  expect(again).not.toContain('Claimer’s invoice memo')
})

test('a zap says who sent it and through which app, in the chosen words, and leads with it over its memo', () => {
  const zap = historyRow(9, { memo: '{"kind":9734,"content":"great post"}', amountMsat: 21_000 })
  expect(rowWords({ ...zap, zap: { from: 'Alice', via: 'Primal' } })).toBe('Zap from Alice via Primal')
  expect(rowWords({ ...zap, zap: { from: 'Alice', via: null } })).toBe('Zap from Alice')
  expect(rowWords({ ...zap, zap: { from: null, via: 'Primal' } })).toBe('Zap via Primal')
  expect(rowWords({ ...zap, zap: { from: null, via: null } })).toBe('Zap')
  expect(rowTitle({ ...zap, zap: { from: 'Alice', via: 'Primal' } })).toBe('Zap from Alice via Primal')
  expect(rowTitle({ ...zap, comment: 'great post', zap: { from: 'Alice', via: null } })).toBe('great post')
  expect(rowWords(zap)).toBe('Received')
})
