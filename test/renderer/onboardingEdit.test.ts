// Onboarding: an edit of the address, key or auth method clears the last "Test connection" (also
// one still on its way), so "Connected" never shows for input other than what was tested.
import { beforeEach, describe, expect, test } from 'vitest'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { installFakeWallet } from './fakeWallet'

const initial = useAccounts.getState()
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useAccounts.setState(initial, true)
})

const input = {
  kind: 'service' as const,
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'sak_rightkey',
  authMethod: 'header' as const,
}
const wallet = { id: 'w1', label: 'Main', balanceMsat: 1000, createdAt: 1 }

describe('an edit clears the last test result', () => {
  test('a finished result (wallets found, or the reason) goes', async () => {
    fake.ok('accounts.test', { wallets: [wallet] })
    await useAccounts.getState().testConnection(input)
    expect(useAccounts.getState().test.status).toBe('ready')
    useAccounts.getState().clearTest()
    expect(useAccounts.getState().test).toEqual({ status: 'idle', wallets: [], error: null })

    fake.fail('accounts.test', 'unauthorized', 'The service did not accept this API key.')
    await useAccounts.getState().testConnection(input)
    useAccounts.getState().clearTest()
    expect(useAccounts.getState().test).toEqual({ status: 'idle', wallets: [], error: null })
  })

  test('an answer for the input before the edit does not show when it arrives', async () => {
    const release = fake.deferred('accounts.test')
    const testing = useAccounts.getState().testConnection(input)
    expect(useAccounts.getState().test.status).toBe('loading')
    useAccounts.getState().clearTest()
    expect(useAccounts.getState().test.status).toBe('idle')
    release({ ok: true, value: { wallets: [wallet] } })
    expect(await testing).toBe(false)
    expect(useAccounts.getState().test).toEqual({ status: 'idle', wallets: [], error: null })
    // a test of the new input shows as before
    fake.ok('accounts.test', { wallets: [wallet] })
    expect(await useAccounts.getState().testConnection({ ...input, authMethod: 'basic' })).toBe(true)
    expect(useAccounts.getState().test.wallets).toEqual([wallet])
  })
})
