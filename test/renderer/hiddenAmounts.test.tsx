// "Hide balances" in the page: every amount goes through lib/money.ts, which writes a mask while
// the setting is on (or not known yet), so no digit of an amount is rendered; main's words that
// name an amount are masked too. Screens rendered to HTML from seeded stores.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { DEFAULT_SETTINGS } from '@shared/contract'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import { ErrorMessage } from '../../renderer/src/components/ErrorMessage'
import { WalletSelect } from '../../renderer/src/components/WalletSelect'
import { hidesAmounts, MASK, maskAmounts, showMsat, showSat } from '../../renderer/src/lib/money'
import { Home } from '../../renderer/src/screens/Home'
import Transactions from '../../renderer/src/screens/Transactions'
import { WithdrawLinks } from '../../renderer/src/screens/WithdrawLinks'
import { useSettings } from '../../renderer/src/stores/settings'
import { useTransactions } from '../../renderer/src/stores/transactions'
import { useWallets } from '../../renderer/src/stores/wallets'
import { useWithdraw } from '../../renderer/src/stores/withdraw'
import { installFakeWallet } from './fakeWallet'
import { historyRow, withdrawLink } from './fixtures'

const SRC = join(__dirname, '../../renderer/src')
/** every way these amounts could be written: 4,321 · 4321 · 98,765.432 · 777 · 55 · 5 sats */
const AMOUNTS = /4,?321|98,?765|\b777\b|\b55\b|\b5 sats?\b|sat(s)? ?≈/

// zustand renders on the server from the store's *initial* state object, so the seed goes there too.
function seed<T extends object>(store: { setState(p: Partial<T>): void; getInitialState(): T }, state: Partial<T>) {
  store.setState(state)
  Object.assign(store.getInitialState(), state)
}
const hide = (hideBalances: boolean) =>
  seed(useSettings, { settings: { ...DEFAULT_SETTINGS, hideBalances }, status: 'ready' })

beforeEach(() => {
  installFakeWallet()
  seed(useWallets, {
    status: 'ready',
    wallets: [
      { id: 'w1', label: 'Everyday', balanceMsat: 4_321_000, createdAt: 1 },
      { id: 'w2', label: 'Savings', balanceMsat: 98_765_432, createdAt: 1 },
    ],
  })
  seed(useTransactions, {
    items: [historyRow(1, { amountMsat: 777_000, feeMsat: -55_000 }), historyRow(2, { amountMsat: -4_321_000 })],
    page: 1,
    perPage: 25,
    pageCount: 1,
    total: 2,
    status: 'ready',
  })
  seed(useWithdraw, { links: { ott1: withdrawLink } })
})

const screens = () =>
  [
    renderToString(<Home />),
    renderToString(<Transactions />),
    renderToString(<WalletSelect value="w1" onChange={() => {}} />),
    renderToString(<WithdrawLinks />),
  ].join('\n')

describe('hidden balances in the page', () => {
  it('shows the amounts when the setting is off', () => {
    hide(false)
    const html = screens()
    expect(html).toContain('4,321 sats')
    expect(html).toContain('98,765.432 sats')
    expect(html).toContain('+777 sats')
    expect(html).toContain('fee 55 sats')
    expect(html).toContain('<strong>5 sats</strong>')
    expect(html).toMatch(AMOUNTS)
  })

  it('renders no digit of any amount once it is on: balances, total, history, fees, wallet lists, links', () => {
    hide(true)
    const html = screens()
    expect(html).not.toMatch(AMOUNTS)
    expect(html).toContain(`${MASK} sats`)
    // in or out is not an amount: the sign stays
    expect(html).toContain(`+${MASK} sats`)
    expect(html).toContain(`−${MASK} sats`)
    // and the button on Home says how to show them again
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*Show balances/)
  })

  it('masks while the setting is being read or could not be read: no flash of amounts after a restart', () => {
    expect(hidesAmounts(null, 'idle')).toBe(false) // never asked: a test's store, not the app (stores/lock.ts)
    expect(hidesAmounts(null, 'loading')).toBe(true)
    expect(hidesAmounts(null, 'error')).toBe(true)
    seed(useSettings, { settings: null, status: 'loading' })
    expect(screens()).not.toMatch(AMOUNTS)
  })

  it('masks amounts in main’s own words (an error naming a balance)', () => {
    const error = { code: 'insufficient_funds' as const, message: 'Savings holds 98,765.432 sats.', retryable: false }
    hide(true)
    expect(renderToString(<ErrorMessage error={error} />)).not.toMatch(AMOUNTS)
    hide(false)
    expect(renderToString(<ErrorMessage error={error} />)).toContain('98,765.432 sats')
    expect(maskAmounts('7 of 12 vouchers were made; 1 234 sats and 1 sat left', true)).toBe(
      `7 of 12 vouchers were made; ${MASK} sats and ${MASK} sat left`,
    )
    expect(maskAmounts('4,321 sats', false)).toBe('4,321 sats')
  })

  it('writes masks with no digit, keeping the unit and the sign', () => {
    expect(showMsat(-1_500, true, { signed: true })).toBe(`−${MASK} sats`)
    expect(showMsat(0, true, { signed: true })).toBe(`${MASK} sats`)
    expect(showSat(21, true, { unit: false })).toBe(MASK)
    expect(showSat(21, false)).toBe('21 sats')
    expect(showMsat(1_500, false, { signed: true })).toBe('+1.5 sats')
  })

  // lib/amountText.ts is money.ts's own text, without the stores (the page's first script uses it)
  it('no renderer file but lib/money.ts and lib/amountText.ts formats an amount itself', () => {
    const files: string[] = []
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) walk(path)
        else if (/\.tsx?$/.test(name)) files.push(path)
      }
    }
    walk(SRC)
    const offenders = files
      .filter((f) => ![join('lib', 'money.ts'), join('lib', 'amountText.ts')].includes(relative(SRC, f)))
      .filter((f) => /\bformat(?:Msat|Sat)\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f))
    expect(files.length).toBeGreaterThan(30)
    expect(offenders).toEqual([])
  })
})
