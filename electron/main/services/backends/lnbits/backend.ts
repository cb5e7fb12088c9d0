// An LNbits server as a backend (docs/lnbits.md, "The app's side"): its client (client.ts), already
// in the app's terms, with the app's clock read from every answer (hooks.fetchFor), the connection
// monitor watching it (hooks.watched) and its websocket telling the sync loop that something moved
// (hooks.pushed). One client per call policy: reads may be retried by the
// `retry` one, never a payment by either; only the `retry` client holds the push links.
import { capabilitiesOf } from '@shared/contract'
import type { Backend } from '../registry'
import { createLnbitsClient } from './client'
import { lnbitsPush } from './push'

export interface LnbitsBackendOptions {
  timeoutMs?: number
  retries?: number
  /** the push links' first delay after a drop */
  backoffMinMs?: number
}

export function lnbitsBackend(o: LnbitsBackendOptions = {}): Backend {
  return {
    capabilities: capabilitiesOf('lnbits'),
    session: 'perPolicy',
    open(a, hooks) {
      const id = a.accountId
      const push =
        id && a.retries !== 0
          ? lnbitsPush({
              baseUrl: a.baseUrl,
              onPush: () => hooks.pushed(id),
              log: hooks.log,
              backoffMinMs: o.backoffMinMs,
            })
          : undefined
      const client = createLnbitsClient({
        baseUrl: a.baseUrl,
        secret: a.key,
        fetch: hooks.fetchFor(id),
        timeoutMs: o.timeoutMs,
        retries: a.retries === 0 ? 0 : o.retries,
        push,
      })
      // the connection banner hears of its answers as of any account's
      return hooks.watched(id, client)
    },
  }
}
