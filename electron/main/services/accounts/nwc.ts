// An account that is a Nostr Wallet Connect string another wallet gave (docs/nwc.md, "An NWC
// account"). The string is its key: kept where an API key is kept (keychain or memory), under the
// account's id, and never shown again. What is shown of it: the wallet's public key (the account's
// address) and its first relay's host (the key hint).
import type { AccountView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { type NwcUri, parseNwcUri } from '@shared/nwc/uri'
import type { ServiceClient } from '../backends/service'
import type { Wallet } from '../backends/service/schemas'
import { mt } from '../i18n'
import type { AccountMeta } from '../settings'

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

/** A string being tested (already read): its wallet read once, the link closed after. */
export async function testNwc(make: NwcClientFactory, uri: NwcUri) {
  const client = make({ walletPubkey: uri.walletPubkey, uri: async () => uri })
  try {
    return await client.listWallets()
  } finally {
    client.close()
  }
}

/** A new NWC account's settings: named by the person, else by its wallet, else by its relay. */
export function nwcMeta(
  uri: NwcUri,
  a: { id: string; createdAt: number; label?: string; storage: AccountMeta['storage'] },
  wallet: Wallet | undefined,
): AccountMeta {
  return {
    ...{ id: a.id, label: a.label || wallet?.user_label || nwcHint(uri), baseUrl: nwcAddress(uri) },
    ...{ authMethod: 'header', keyHint: nwcHint(uri), storage: a.storage, kind: 'nwc', createdAt: a.createdAt },
  }
}

/** A stored NWC account's client; its string is read from where it is kept when first needed. */
export function nwcClientOf(make: NwcClientFactory, meta: AccountMeta, readKey: (m: AccountMeta) => Promise<string>) {
  return make({
    accountId: meta.id,
    walletPubkey: walletPubkeyOf(meta),
    uri: async () => readNwcUri(await readKey(meta)),
  })
}

/** Closes an NWC account's relay links (a service client has none). */
export function closeNwc(c: ServiceClient | undefined) {
  if (c && 'close' in c) (c as NwcClient).close()
}
