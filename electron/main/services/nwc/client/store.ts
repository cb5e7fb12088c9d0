// Where an NWC account's connection string lives: the keychain only, under `nwcacct:<account id>`,
// like an API key. What may be shown (the wallet's key, the relays) is derived; the secret is not.
import { AppError } from '@shared/errors'
import type { SecretStore } from '../../secrets'
import { type NwcUri, parseNwcUri } from './uri'

const slot = (accountId: string) => `nwcacct:${accountId}`

/** what the renderer may see of a connection string: no secret */
export interface NwcAccountPublic {
  walletPubkey: string
  relays: string[]
}

export function publicPart(u: NwcUri): NwcAccountPublic {
  return { walletPubkey: u.walletPubkey, relays: [...u.relays] }
}

export function nwcSecrets(store: SecretStore) {
  return {
    /** validates, then stores the string as given; refuses without echoing it */
    async save(accountId: string, text: string): Promise<NwcAccountPublic> {
      const u = parseNwcUri(text.trim())
      if (!u) throw new AppError('invalid_input', 'That is not a Nostr Wallet Connect string this app can use.')
      await store.set(slot(accountId), text.trim())
      return publicPart(u)
    },
    /** the string read back and checked again (a keychain entry is outside text too) */
    async load(accountId: string): Promise<NwcUri | null> {
      const text = await store.get(slot(accountId))
      return text ? parseNwcUri(text) : null
    },
    remove: (accountId: string) => store.delete(slot(accountId)),
  }
}
