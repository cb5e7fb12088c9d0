// Start-up with early.js's answers already in (renderer/src/early): boot puts them in the stores at
// once, before anything awaits, so Home's first render shows the balances; nothing is asked twice.
import { expect, test } from 'vitest'
import { boot } from '../../renderer/src/boot'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { useWallets } from '../../renderer/src/stores/wallets'
import { installFakeWallet } from './fakeWallet'

const wallet = { id: 'wal_early', label: 'Everyday', balanceMsat: 5_000_000, createdAt: 1 }
const accounts = { accounts: [], activeId: 'acct_early' }

test('answers already in are in the stores as boot returns its promise; no request is sent again', async () => {
  const fake = installFakeWallet()
  fake.ok('rates.get', { status: 'off' })
  fake.ok('payments.unfinished', { payments: [] })
  const w = window as unknown as { __early?: Record<string, unknown>; __earlyIn?: Record<string, unknown> }
  w.__early = { 'wallets.list': Promise.resolve(), 'accounts.list': Promise.resolve() }
  w.__earlyIn = {
    'wallets.list': { ok: true, value: { wallets: [wallet] } },
    'accounts.list': { ok: true, value: accounts },
  }
  const booting = boot()
  // synchronously: before any await inside boot has resumed
  expect(useWallets.getState()).toMatchObject({ wallets: [wallet], status: 'ready' })
  expect(useAccounts.getState().activeId).toBe('acct_early')
  await booting
  expect(fake.callsOf('wallets.list')).toEqual([])
  expect(fake.callsOf('accounts.list')).toEqual([])
  expect(w.__earlyIn).toEqual({ 'wallets.list': undefined, 'accounts.list': undefined })
})

test('an early answer that is an error is not taken: the store asks through its own load', async () => {
  const fake = installFakeWallet()
  fake.ok('wallets.list', { wallets: [wallet] })
  fake.ok('accounts.list', accounts)
  const w = window as unknown as { __early?: Record<string, unknown>; __earlyIn?: Record<string, unknown> }
  const refused = { ok: false, error: { code: 'network', message: 'down', retryable: true } }
  w.__early = { 'wallets.list': undefined, 'accounts.list': undefined }
  w.__earlyIn = { 'wallets.list': refused }
  useWallets.setState({ wallets: [], status: 'idle' })
  await boot()
  expect(useWallets.getState().wallets).toEqual([wallet])
  expect(fake.callsOf('wallets.list')).toHaveLength(1)
})

test('what the first balance does not need is asked for after the first paint, once', async () => {
  await new Promise((r) => setTimeout(r, 0)) // the tests above left their own reads to go out
  const fake = installFakeWallet()
  fake.ok('rates.get', { status: 'off' })
  fake.ok('payments.unfinished', { payments: [] })
  fake.ok('history.page', { items: [], page: 1, perPage: 5, pageCount: 0, total: 0 })
  const w = window as unknown as { __early?: Record<string, unknown>; __earlyIn?: Record<string, unknown> }
  w.__early = { 'wallets.list': Promise.resolve(), 'accounts.list': Promise.resolve() }
  w.__earlyIn = {
    'wallets.list': { ok: true, value: { wallets: [wallet] } },
    'accounts.list': { ok: true, value: accounts },
  }
  await boot()
  // the page renders Home in the same task as boot; nothing else has gone out before it paints
  expect(fake.callsOf('rates.get')).toEqual([])
  expect(fake.callsOf('payments.unfinished')).toEqual([])
  expect(fake.callsOf('history.page')).toEqual([])
  // (no frames here: afterPaint runs in the next task)
  await new Promise((r) => setTimeout(r, 0))
  expect(fake.callsOf('rates.get')).toHaveLength(1)
  expect(fake.callsOf('payments.unfinished')).toHaveLength(1)
  expect(fake.callsOf('history.page')).toHaveLength(1)
})
