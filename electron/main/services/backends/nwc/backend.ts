// A Nostr Wallet Connect string as a backend (docs/nwc.md, "An NWC account"): one relay link per
// account, opened on first use, the wallet's clock learnt from its answers' `created_at`, and its
// pushed payments handed to the sync loop.
import { capabilitiesOf } from '@shared/contract'
import { AppError } from '@shared/errors'
import { type NwcUri, parseNwcUri } from '@shared/nwc/uri'
import { mt } from '../../i18n'
import type { Backend } from '../registry'
import { lazyNwcClient } from './client'

const PREFIX = 'nostr+walletconnect://'

export interface NwcBackendOptions {
  backoffMinMs?: number
  /** how long a request to the wallet may take */
  timeoutMs?: number
}

/** the string read, or a refusal that does not echo it */
export function readNwcUri(text: string): NwcUri {
  const uri = parseNwcUri(text)
  if (!uri) throw new AppError('invalid_input', mt('nwcAccount.badString'))
  return uri
}

/** an NWC account's address (its base URL): its wallet's public key, no secret */
export const nwcAddress = (uri: Pick<NwcUri, 'walletPubkey'>) => `${PREFIX}${uri.walletPubkey}`

export const walletPubkeyOf = (baseUrl: string) => baseUrl.slice(PREFIX.length)

export function nwcBackend(o: NwcBackendOptions = {}): Backend {
  return {
    capabilities: capabilitiesOf('nwc'),
    session: 'shared',
    open(a, hooks) {
      const id = a.accountId
      const client = lazyNwcClient({
        walletPubkey: walletPubkeyOf(a.baseUrl),
        uri: async () => readNwcUri(await a.key()),
        nowSec: () => hooks.nowSec(id),
        ...(id
          ? {
              onClock: (sec, sentAt, receivedAt) => hooks.clockSample(id, sec, sentAt, receivedAt),
              onNotification: () => hooks.pushed(id),
              onInfo: (i: { pushesReceived: boolean }) => hooks.offers?.(id, i.pushesReceived),
            }
          : {}),
        log: hooks.log,
        backoffMinMs: o.backoffMinMs,
        timeoutMs: o.timeoutMs,
      })
      // its calls tell the connection state as a service account's do: a relay down is "cannot be
      // reached", not the last balance shown as current (close is not a call to the wallet)
      const { close, ...calls } = client
      return { ...hooks.watched(id, calls), close }
    },
  }
}
