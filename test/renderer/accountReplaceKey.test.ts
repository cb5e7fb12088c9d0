// Replacing an account's key from Settings: main's answer (the new hint) replaces the account, a
// second press while one is on its way sends nothing, and a refusal goes back to the form that
// asked (not to the accounts list's error line), leaving the account as it was.
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

test('the new key is sent once for that account; main’s answer is what shows', async () => {
  const release = fake.deferred('accounts.replaceKey')
  const first = useAccounts.getState().replaceKey('a1', 'sak_newKeyForShop_9f2c')
  expect(useAccounts.getState().busyId).toBe('a1')
  // a second press while the first is on its way
  expect(await useAccounts.getState().replaceKey('a1', 'sak_newKeyForShop_9f2c')).toEqual({ ok: false, error: null })
  release({ ok: true, value: { ...account('a1', 'Shop'), keyHint: 'sak_…9f2c' } })
  expect(await first).toEqual({ ok: true })
  expect(fake.callsOf('accounts.replaceKey').map((c) => c.input)).toEqual([
    { id: 'a1', apiKey: 'sak_newKeyForShop_9f2c' },
  ])
  expect(useAccounts.getState().accounts.map((a) => a.keyHint)).toEqual(['sak_…9f2c', account('a2', 'Home').keyHint])
  expect(useAccounts.getState()).toMatchObject({ busyId: null, actionError: null })
})

test('a refused key comes back to the form and changes nothing', async () => {
  const before = useAccounts.getState().accounts
  fake.fail('accounts.replaceKey', 'invalid_input', 'This key opens another account.')
  const res = await useAccounts.getState().replaceKey('a2', 'sak_someoneElsesKey_0001')
  expect(res).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'This key opens another account.' } })
  expect(useAccounts.getState().accounts).toEqual(before)
  expect(useAccounts.getState()).toMatchObject({ busyId: null, actionError: null })
})
