// The move's store (Settings → the account → Move everything) against a fake `window.wallet`: the
// target chosen from the plan, a stopped move resumed to its own target, the backup step going on
// only once its own form saved a backup (or by the explicit choice), and a double press of the confirmation moving once.
import type { MovePlan, MoveView } from '@shared/contract'
import { beforeEach, expect, test } from 'vitest'
import { useMove } from '../../renderer/src/stores/move'
import { installFakeWallet } from './fakeWallet'

const initial = useMove.getState()
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useMove.setState(initial, true)
})

const plan: MovePlan = {
  fromAccountId: 'acc_from',
  targets: [
    { accountId: 'acc_gone', label: 'Unreachable', wallets: [] },
    { accountId: 'acc_to', label: 'Hub', wallets: [{ id: 'wal_hub', name: 'Hub wallet' }] },
  ],
  wallets: [{ walletId: 'wal_a', name: 'A', balanceMsat: 10_000_000, amountMsat: 9_990_000, feeReserveMsat: 10_000 }],
  last: null,
}
const view = (state: MoveView['state']): MoveView => ({
  ...{ moveId: 'm1', fromAccountId: 'acc_from', toAccountId: 'acc_to', toWalletId: 'wal_hub', toLabel: 'Hub' },
  state,
  wallets: [
    { walletId: 'wal_a', name: 'A', amountMsat: 9_990_000, feeReserveMsat: 10_000, state: 'moved', detail: null },
  ],
  movedMsat: 9_990_000,
  createdAt: 1,
  updatedAt: 2,
})

test('the plan picks the first target it can reach, and its first wallet', async () => {
  fake.ok('move.plan', plan)
  await useMove.getState().open('acc_from')
  expect(useMove.getState()).toMatchObject({ status: 'ready', toAccountId: 'acc_to', toWalletId: 'wal_hub' })
  expect(fake.callsOf('move.plan')).toEqual([{ name: 'move.plan', input: { fromAccountId: 'acc_from' } }])
})

test('a stopped move keeps its own target', async () => {
  const stopped = { ...view('running'), toAccountId: 'acc_other', toWalletId: 'wal_other' }
  fake.ok('move.plan', { ...plan, last: stopped })
  await useMove.getState().open('acc_from')
  expect(useMove.getState()).toMatchObject({ toAccountId: 'acc_other', toWalletId: 'wal_other', result: stopped })
})

test('the backup step goes on only once its own form saved a backup, or by the explicit choice', async () => {
  fake.ok('move.plan', plan)
  await useMove.getState().open('acc_from')
  useMove.getState().toBackup()
  // Continue before the backup was saved: nothing happens
  useMove.getState().afterBackup()
  expect(useMove.getState()).toMatchObject({ stage: 'backup', backupSaved: false, requestId: null })
  useMove.getState().saved()
  useMove.getState().afterBackup()
  expect(useMove.getState().stage).toBe('confirm')
  expect(useMove.getState().requestId).toBeTruthy()
  // again from the choice: "I already have a backup" goes on without one, only from the backup step
  // outside the backup step the choice does nothing (no new confirmation, no new request id)
  const id = useMove.getState().requestId
  useMove.getState().haveBackup()
  expect(useMove.getState().requestId).toBe(id)
  useMove.getState().toBackup()
  expect(useMove.getState().backupSaved).toBe(false)
  useMove.getState().haveBackup()
  expect(useMove.getState().stage).toBe('confirm')
})

test('a double press of the confirmation moves once, with the confirmation’s request id', async () => {
  fake.ok('move.plan', plan)
  await useMove.getState().open('acc_from')
  useMove.getState().toConfirm()
  const requestId = useMove.getState().requestId
  const release = fake.deferred('move.run')
  const a = useMove.getState().run()
  const b = useMove.getState().run()
  release({ ok: true, value: view('done') })
  await Promise.all([a, b])
  expect(fake.callsOf('move.run')).toEqual([
    {
      name: 'move.run',
      input: { fromAccountId: 'acc_from', toAccountId: 'acc_to', toWalletId: 'wal_hub', requestId },
    },
  ])
  expect(useMove.getState()).toMatchObject({ stage: 'summary', result: { state: 'done' }, requestId: null })
})
