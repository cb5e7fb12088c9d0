// Start-up with early.js's answers already in (public/early.js): boot puts them in the stores at
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
