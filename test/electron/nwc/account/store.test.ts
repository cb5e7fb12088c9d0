// The connection string of an NWC account is kept in the real keychain only (under
// scripts/with-keyring.sh), refused unless it parses, and what is shown of it has no secret.
import { generateSecretKey, getPublicKey } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { expect, it } from 'vitest'
import { nwcSecrets } from '../../../../electron/main/services/nwc/client/store'
import { createKeytarStore } from '../../../../electron/main/services/secrets'

const service = `lightning-tray-nwcacct-test-${process.pid}-${Date.now()}`

it('stores the string in the keychain, reads it back checked, shows no secret, removes it', async () => {
  const keychain = createKeytarStore(service)
  const s = nwcSecrets(keychain)
  const secret = bytesToHex(generateSecretKey())
  const wallet = getPublicKey(generateSecretKey())
  const text = `nostr+walletconnect://${wallet}?relay=wss%3A%2F%2Frelay.example.com&secret=${secret}`
  const shown = await s.save('acc_1', text)
  expect(shown).toEqual({ walletPubkey: wallet, relays: ['wss://relay.example.com'] })
  expect(JSON.stringify(shown)).not.toContain(secret)
  expect(await keychain.get('nwcacct:acc_1')).toBe(text)
  expect((await s.load('acc_1'))?.secret).toBe(secret)
  await s.remove('acc_1')
  expect(await s.load('acc_1')).toBeNull()
})

it('refuses a plain ws:// relay off this computer and a short secret, storing nothing', async () => {
  const keychain = createKeytarStore(service)
  const s = nwcSecrets(keychain)
  const wallet = getPublicKey(generateSecretKey())
  const secret = bytesToHex(generateSecretKey())
  const bad = [
    `nostr+walletconnect://${wallet}?relay=ws%3A%2F%2Frelay.example.com&secret=${secret}`,
    `nostr+walletconnect://${wallet}?relay=wss%3A%2F%2Frelay.example.com&secret=abcd`,
  ]
  for (const text of bad) {
    const e = await s.save('acc_2', text).catch((x: Error) => x)
    expect(e).toMatchObject({ code: 'invalid_input' })
    expect(String((e as Error).message)).not.toContain(secret)
  }
  expect(await keychain.get('nwcacct:acc_2')).toBeNull()
})
