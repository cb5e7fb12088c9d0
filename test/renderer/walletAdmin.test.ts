// Moving sats between one's own wallets and making a wallet, against a fake `window.wallet`.
import { beforeEach, expect, test } from 'vitest'
import { useWalletAdmin } from '../../renderer/src/stores/walletAdmin'
import { installFakeWallet } from './fakeWallet'

const initial = useWalletAdmin.getState()
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useWalletAdmin.setState(initial, true)
})

const form = { fromWalletId: 'w1', toWalletId: 'w2', amount: '1,500', memo: ' Rent ', balanceMsat: 2_000_000 }
const moved = {
  fromWalletId: 'w1',
  toWalletId: 'w2',
  amountSat: 1500,
  memo: 'Rent',
  outTxId: 'wtx_o',
  inTxId: 'wtx_i',
  createdAt: 1,
}

test('the form is checked before any review: wallets, whole sats, balance', () => {
  const s = useWalletAdmin.getState()
  expect(s.reviewTransfer({ ...form, toWalletId: 'w1' })).toBe('Choose two different wallets.')
  expect(s.reviewTransfer({ ...form, amount: '0.5' })).toMatch(/whole number of sats/)
  expect(s.reviewTransfer({ ...form, amount: '3000' })).toMatch(/more than the wallet holds/)
  expect(useWalletAdmin.getState().review).toBeNull()
  expect(s.reviewTransfer(form)).toBeNull()
  expect(useWalletAdmin.getState().review).toMatchObject({ amountSat: 1500, memo: 'Rent' })
})

test('a double click on Confirm sends one move; the next review has a new request id', async () => {
  useWalletAdmin.getState().reviewTransfer(form)
  const first = useWalletAdmin.getState().review!.requestId
  const release = fake.deferred('wallets.transfer')
  const a = useWalletAdmin.getState().confirm()
  const b = useWalletAdmin.getState().confirm()
  release({ ok: true, value: moved })
  await Promise.all([a, b])
  expect(fake.callsOf('wallets.transfer')).toHaveLength(1)
  expect(fake.callsOf('wallets.transfer')[0]?.input).toMatchObject({ requestId: first, amountSat: 1500 })
  expect(useWalletAdmin.getState()).toMatchObject({ review: null, moved })
  await useWalletAdmin.getState().confirm() // nothing to confirm any more
  expect(fake.callsOf('wallets.transfer')).toHaveLength(1)
  useWalletAdmin.getState().reviewTransfer(form)
  expect(useWalletAdmin.getState().review?.requestId).not.toBe(first)
})

test('an unknown outcome is kept to show, and the review is used up (no silent second send)', async () => {
  useWalletAdmin.getState().reviewTransfer(form)
  fake.fail('wallets.transfer', 'unknown_outcome', 'The outcome is unknown.')
  await useWalletAdmin.getState().confirm()
  expect(useWalletAdmin.getState()).toMatchObject({ review: null, moveError: { code: 'unknown_outcome' } })
})

test("a new wallet's keys are held only while shown", async () => {
  fake.ok('wallets.create', { walletId: 'w9', label: 'Gifts', keys: [{ role: 'Wallet Admin', keys: ['waka_x'] }] })
  // made: the form clears its name on this answer
  expect(await useWalletAdmin.getState().createWallet('Gifts', true)).toBe(true)
  // one request id per press: main makes the wallet once for it
  expect(fake.callsOf('wallets.create')[0]?.input).toEqual({
    name: 'Gifts',
    showKeys: true,
    requestId: expect.stringMatching(/^.{8,100}$/),
  })
  expect(useWalletAdmin.getState().created?.keys).toHaveLength(1)
  useWalletAdmin.getState().hideKeys()
  expect(useWalletAdmin.getState().created).toEqual({ walletId: 'w9', label: 'Gifts', keys: null })
})

test('a refused wallet answers false, so the form keeps the name to try again', async () => {
  fake.fail('wallets.create', 'invalid_input', 'That name is too long.')
  expect(await useWalletAdmin.getState().createWallet('Gifts', false)).toBe(false)
  expect(useWalletAdmin.getState()).toMatchObject({ created: null, createError: { code: 'invalid_input' } })
})

test('a new problem in the form clears the last move\'s "Moved …", so the two are never shown together', async () => {
  useWalletAdmin.getState().reviewTransfer(form)
  fake.ok('wallets.transfer', moved)
  await useWalletAdmin.getState().confirm()
  expect(useWalletAdmin.getState().moved).toEqual(moved)
  expect(useWalletAdmin.getState().reviewTransfer({ ...form, toWalletId: 'w1' })).toBe('Choose two different wallets.')
  expect(useWalletAdmin.getState().moved).toBeNull()
})

test('an unknown outcome stays under a new problem of the form: it still has to be checked', async () => {
  useWalletAdmin.getState().reviewTransfer(form)
  fake.fail('wallets.transfer', 'unknown_outcome', 'The outcome is unknown.')
  await useWalletAdmin.getState().confirm()
  useWalletAdmin.getState().reviewTransfer({ ...form, amount: '0.5' })
  expect(useWalletAdmin.getState().moveError?.code).toBe('unknown_outcome')
})
