// Renaming an account from Settings: main's answer replaces the account (so Home's account line
// follows), and a refusal keeps the old name with the reason to show.
import type { AccountView } from '@shared/contract'
import { beforeEach, expect, test } from 'vitest'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { installFakeWallet } from './fakeWallet'

const initial = useAccounts.getState()
let fake: ReturnType<typeof installFakeWallet>
const acc = (id: string, label: string): AccountView => ({
  id,
  label,
  baseUrl: 'http://127.0.0.1:1',
  authMethod: 'header',
  keyHint: 'sak_…abcd',
  storage: 'keychain',
})
beforeEach(() => {
  fake = installFakeWallet()
  useAccounts.setState({ ...initial, accounts: [acc('a1', 'Shop'), acc('a2', 'Home')], activeId: 'a1' }, true)
})

test('a new label is sent for that account only and main’s answer is what shows', async () => {
  const release = fake.deferred('accounts.update')
  const saving = useAccounts.getState().update('a1', { label: 'Café' })
  expect(useAccounts.getState().busyId).toBe('a1')
  release({ ok: true, value: acc('a1', 'Café') })
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
