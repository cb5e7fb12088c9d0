// Renaming an account from Settings: main's answer replaces the account (so Home's account line
// follows), and a refusal keeps the old name with the reason to show.
import { beforeEach, expect, test } from 'vitest'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { installFakeWallet } from './fakeWallet'
import { account } from './fixtures'

const initial = useAccounts.getState()
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useAccounts.setState({ ...initial, accounts: [account('a1', 'Shop'), account('a2', 'Home')], activeId: 'a1' }, true)
})

test('a new label is sent for that account only and main’s answer is what shows', async () => {
  const release = fake.deferred('accounts.update')
  const saving = useAccounts.getState().update('a1', { label: 'Café' })
  expect(useAccounts.getState().busyId).toBe('a1')
  release({ ok: true, value: account('a1', 'Café') })
  expect(await saving).toBe(true)
  expect(fake.callsOf('accounts.update').map((c) => c.input)).toEqual([{ id: 'a1', label: 'Café' }])
  expect(useAccounts.getState().accounts.map((a) => a.label)).toEqual(['Café', 'Home'])
  expect(useAccounts.getState()).toMatchObject({ busyId: null, actionError: null, activeId: 'a1' })
})

test('a refused rename keeps the old name and says why', async () => {
  fake.fail('accounts.update', 'invalid_input', 'A name has 80 characters at most.')
  expect(await useAccounts.getState().update('a2', { label: 'x'.repeat(81) })).toBe(false)
  expect(useAccounts.getState().accounts.map((a) => a.label)).toEqual(['Shop', 'Home'])
  expect(useAccounts.getState().actionError?.message).toBe('A name has 80 characters at most.')
  expect(useAccounts.getState().busyId).toBeNull()
})
