// Each kind of secret in a keychain namespace of its own (services/secrets/names.ts), on the real
// keychain (scripts/with-keyring.sh): the entry names the store makes, the ids it refuses for a
// kind (so no caller can name another kind's entry), and the move of entries from the names older
// versions used, read straight from the keychain before and after.
import { describe, expect, it } from 'vitest'
import { AccountId, NwcConnectionId, newAccountId, newNwcConnectionId } from '../../../../electron/main/services/ids'
import {
  apiKeyName,
  createKeytarStore,
  createMemoryStore,
  nwcWalletName,
  type SecretName,
} from '../../../../electron/main/services/secrets'
import { keychainEntries, keytar } from '../../../support/keychainEntries'

const service = `lightning-tray-test-names-${process.pid}-${Date.now()}`
/** every entry under the test's service, as the keychain holds it */
const entries = () => keychainEntries(service)

const account = 'acc_0123456789ab'
const connection = 'nwc_0f8fad5b-d9cb-469f-a165-70867728950e'

describe('the ids the app makes', () => {
  it('are what their one schema accepts, and nothing of another kind is', () => {
    for (let i = 0; i < 50; i++) {
      expect(AccountId.safeParse(newAccountId()).success).toBe(true)
      expect(NwcConnectionId.safeParse(newNwcConnectionId()).success).toBe(true)
    }
    for (const odd of [
      `nwc:${connection}`,
      connection,
      '../x',
      '',
      'a'.repeat(5000),
      'acc_0123456789AB',
      `${account} `,
    ])
      expect(AccountId.safeParse(odd).success, odd).toBe(false)
    expect(NwcConnectionId.safeParse(account).success).toBe(false)
  })
})

describe('entry names', () => {
  it('are <kind>:<id>; an id of the wrong shape for its kind is refused and nothing is written', async () => {
    const store = createKeytarStore(service)
    await store.set(apiKeyName(account), 'sak_the_api_key_0001')
    await store.set(nwcWalletName(connection), 'ab'.repeat(32))
    expect(await entries()).toEqual({
      [`apiKey:${account}`]: 'sak_the_api_key_0001',
      [`nwcWallet:${connection}`]: 'ab'.repeat(32),
    })
    const crafted: SecretName[] = [
      apiKeyName(`nwc:${connection}`),
      apiKeyName(connection),
      apiKeyName(`nwcWallet:${connection}`),
      apiKeyName('../x'),
      apiKeyName(''),
      apiKeyName('a'.repeat(5000)),
      nwcWalletName(account),
      { kind: 'toString' as never, id: account },
    ]
    const before = await entries()
    for (const name of crafted)
      for (const store of [createKeytarStore(service), createMemoryStore()]) {
        await expect(store.set(name, 'sak_crafted_0001'), name.id.slice(0, 40)).rejects.toThrow(/not the id of/)
        await expect(store.get(name)).rejects.toThrow(/not the id of/)
        await expect(store.delete(name)).rejects.toThrow(/not the id of/)
      }
    expect(await entries()).toEqual(before)
    await store.delete(apiKeyName(account))
    await store.delete(nwcWalletName(connection))
    expect(await entries()).toEqual({})
  })
})

describe('entries kept under the names of older versions', () => {
  const old = async (names: Record<string, string>, svc = service) => {
    const k = await keytar()
    for (const [name, secret] of Object.entries(names)) await k.setPassword(svc, name, secret)
  }

  it('move to their kind’s name at start: the old entry read, the new one written, the old deleted', async () => {
    const other = 'acc_fedcba987654'
    await old({ [account]: 'sak_old_name_key_0001', [`nwc:${connection}`]: 'cd'.repeat(32) })
    await createKeytarStore(service).set(apiKeyName(other), 'sak_already_moved_0002')
    const store = createKeytarStore(service)
    expect(await store.migrate([apiKeyName(account), nwcWalletName(connection), apiKeyName(other)])).toBe(2)
    expect(await entries()).toEqual({
      [`apiKey:${account}`]: 'sak_old_name_key_0001',
      [`nwcWallet:${connection}`]: 'cd'.repeat(32),
      [`apiKey:${other}`]: 'sak_already_moved_0002',
    })
    // a second start has nothing left to move
    expect(await store.migrate([apiKeyName(account), nwcWalletName(connection)])).toBe(0)
    for (const n of [apiKeyName(account), nwcWalletName(connection), apiKeyName(other)]) await store.delete(n)
    expect(await entries()).toEqual({})
  })

  it('a read finds an old entry and moves it; a write or a delete leaves no old copy behind', async () => {
    const store = createKeytarStore(service)
    await old({ [account]: 'sak_old_name_key_0001' })
    expect(await store.get(apiKeyName(account))).toBe('sak_old_name_key_0001')
    expect(await entries()).toEqual({ [`apiKey:${account}`]: 'sak_old_name_key_0001' })
    await old({ [account]: 'sak_stale_copy_0003' })
    await store.set(apiKeyName(account), 'sak_replaced_key_0004')
    expect(await entries()).toEqual({ [`apiKey:${account}`]: 'sak_replaced_key_0004' })
    await old({ [`nwc:${connection}`]: 'ef'.repeat(32) })
    await store.delete(nwcWalletName(connection))
    await store.delete(apiKeyName(account))
    expect(await entries()).toEqual({})
  })
})
