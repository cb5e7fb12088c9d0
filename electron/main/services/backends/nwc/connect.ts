// Connecting an account that is a Nostr Wallet Connect string another wallet gave (docs/nwc.md,
// "An NWC account"). The string is its key, kept where an API key is kept and never shown again.
// What is shown of it: the wallet's public key (the account's address) and its first relay's host
// (the key hint). Its wallet is read once over a link closed after.
import { ACCOUNT_KINDS, type ConnectionOf } from '@shared/contract'
import { AppError } from '@shared/errors'
import { type NwcUri, parseNwcUri } from '@shared/nwc/uri'
import { mt } from '../../i18n'
import type { BackendKind } from '../registry'

const PREFIX = 'nostr+walletconnect://'

/** the string read, or a refusal that does not echo it */
export function readNwcUri(text: string): NwcUri {
  const uri = parseNwcUri(text)
  if (!uri) throw new AppError('invalid_input', mt('nwcAccount.badString'))
  return uri
}

/** an NWC account's address (its base URL): its wallet's public key, no secret */
export const nwcAddress = (uri: Pick<NwcUri, 'walletPubkey'>) => `${PREFIX}${uri.walletPubkey}`

export const walletPubkeyOf = (baseUrl: string) => baseUrl.slice(PREFIX.length)

/** the relay's host: tells two strings of one wallet apart, says nothing of the secret */
export function nwcHint(uri: NwcUri): string {
  return new URL(uri.relays[0] ?? PREFIX).host
}

export const nwcConnect: BackendKind<ConnectionOf<'nwc'>> = {
  ...ACCOUNT_KINDS.nwc,
  checkAddress: (baseUrl) => baseUrl,
  read(input) {
    const uri = readNwcUri(input.uri)
    return { baseUrl: nwcAddress(uri), authMethod: 'header', secret: input.uri, secrets: [uri.secret] }
  },
  /** named by the person, else by its wallet, else by its relay */
  async check(reading, open) {
    const uri = readNwcUri(reading.secret)
    const client = open({ baseUrl: reading.baseUrl, authMethod: 'header', key: () => reading.secret })
    try {
      const wallets = await client.listWallets()
      return { wallets, label: wallets[0]?.name || nwcHint(uri), keyHint: nwcHint(uri) }
    } finally {
      client.close?.()
    }
  },
  newKey() {
    throw new AppError('invalid_input', mt('nwcAccount.noReplace'))
  },
}
