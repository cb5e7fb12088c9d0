// A Nostr Wallet Connect string as a backend (docs/nwc.md, "An NWC account"): one relay link per
// account, opened on first use, the wallet's clock learnt from its answers' `created_at`, and its
// pushed payments handed to the sync loop.
import { capabilitiesOf } from '@shared/contract'
import type { Backend } from '../registry'
import { lazyNwcClient } from './client'
import { nwcConnect, readNwcUri, walletPubkeyOf } from './connect'

export interface NwcBackendOptions {
  backoffMinMs?: number
  /** how long a request to the wallet may take */
  timeoutMs?: number
}

export function nwcBackend(o: NwcBackendOptions = {}): Backend {
  return {
    capabilities: capabilitiesOf('nwc'),
    connect: nwcConnect,
    session: 'shared',
    // a NIP-47 wallet need not send notifications; its info event says whether it does
    looksUpUntilPushes: true,
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
