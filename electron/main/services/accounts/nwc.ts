// An account that is a Nostr Wallet Connect string another wallet gave (docs/nwc.md, "An NWC
// account"). The string is its key: kept where an API key is kept (keychain or memory), under the
// account's id, and never shown again. What is shown of it: the wallet's public key (the account's
// address) and its first relay's host (the key hint).
import type { AccountView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { type NwcUri, parseNwcUri } from '@shared/nwc/uri'
import type { ServiceClient } from '../client'
import { mt } from '../i18n'

export interface NwcClient extends ServiceClient {
  /** closes the relay links; a request still waiting gets no answer */
  close(): void
}

export type NwcClientFactory = (o: {
  /** the stored account this client serves; absent for a string being tested */
  accountId?: string
  walletPubkey: string
  uri: () => Promise<NwcUri>
}) => NwcClient

const PREFIX = 'nostr+walletconnect://'

export const isNwc = (m: Pick<AccountView, 'kind'>) => m.kind === 'nwc'

/** the string read, or a refusal that does not echo it */
export function readNwcUri(text: string): NwcUri {
  const uri = parseNwcUri(text)
  if (!uri) throw new AppError('invalid_input', mt('nwcAccount.badString'))
  return uri
}

/** an NWC account's address: its wallet's public key, no secret */
export const nwcAddress = (uri: NwcUri) => `${PREFIX}${uri.walletPubkey}`

export function walletPubkeyOf(meta: Pick<AccountView, 'baseUrl'>): string {
  return meta.baseUrl.slice(PREFIX.length)
}

/** the relay's host: tells two strings of one wallet apart, says nothing of the secret */
export function nwcHint(uri: NwcUri): string {
  return new URL(uri.relays[0] ?? PREFIX).host
}

/** A string being tested: its wallet read once, the link closed after. */
export async function testNwc(make: NwcClientFactory, text: string) {
  const uri = readNwcUri(text)
  const client = make({ walletPubkey: uri.walletPubkey, uri: async () => uri })
  try {
    return await client.listWallets()
  } finally {
    client.close()
  }
}
