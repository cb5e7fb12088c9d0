// An account that is a Nostr Wallet Connect string another wallet gave (docs/nwc.md, "An NWC
// account"). The string is its key: kept where an API key is kept (keychain or memory), under the
// account's id, and never shown again. What is shown of it: the wallet's public key (the account's
// address) and its first relay's host (the key hint). Its client is the NWC backend's
// (backends/nwc/backend.ts).
import type { AccountView } from '@shared/contract'
import type { NwcUri } from '@shared/nwc/uri'
import type { BackendAccount, BackendClient } from '../backends'
import { nwcAddress } from '../backends/nwc/backend'
import type { Wallet } from '../backends/service/schemas'
import type { AccountMeta } from '../settings'

export { nwcAddress, readNwcUri } from '../backends/nwc/backend'

const PREFIX = 'nostr+walletconnect://'

export const isNwc = (m: Pick<AccountView, 'kind'>) => m.kind === 'nwc'

/** the relay's host: tells two strings of one wallet apart, says nothing of the secret */
export function nwcHint(uri: NwcUri): string {
  return new URL(uri.relays[0] ?? PREFIX).host
}

/** A string being tested (`uri`: it read): its wallet read once, the link closed after. */
export async function testNwc(open: (a: BackendAccount) => BackendClient, uri: NwcUri, text: string) {
  const client = open({ baseUrl: nwcAddress(uri), authMethod: 'header', key: () => text })
  try {
    return await client.listWallets()
  } finally {
    client.close?.()
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
