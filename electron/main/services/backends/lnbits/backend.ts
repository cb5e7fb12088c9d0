// An LNbits server as a backend (docs/lnbits.md, "The app's side"): its client (client.ts), already
// in the app's terms, with the app's clock read from every answer (hooks.fetchFor), the connection
// monitor watching it (hooks.watched) and its websocket telling the sync loop that something moved
// (hooks.pushed). One client per call policy: reads may be retried by the
// `retry` one, never a payment by either; both share the account's push links.
import { capabilitiesOf } from '@shared/contract'
import type { Backend, BackendHooks } from '../registry'
import { createLnbitsClient } from './client'
import { lnbitsConnect } from './connect'
import { lnbitsPush, type PushLinks } from './push'

export interface LnbitsBackendOptions {
  timeoutMs?: number
  retries?: number
  /** the push links' first delay after a drop */
  backoffMinMs?: number
}

export function lnbitsBackend(o: LnbitsBackendOptions = {}): Backend {
  // One set of push links per account, held by both its clients: an invoice is made through the
  // `once` client, and the link on its payment hash must be open for the push to tell of it.
  const pushes = new Map<string, PushLinks>()
  const sharedPush = (id: string, baseUrl: string, hooks: BackendHooks): PushLinks => {
    const found = pushes.get(id)
    if (found) return found
    const links = lnbitsPush({
      baseUrl,
      onPush: () => hooks.pushed(id),
      log: hooks.log,
      backoffMinMs: o.backoffMinMs,
    })
    const shared: PushLinks = {
      ...links,
      close() {
        if (pushes.get(id) === shared) pushes.delete(id)
        links.close()
      },
    }
    pushes.set(id, shared)
    return shared
  }
  return {
    capabilities: capabilitiesOf('lnbits'),
    connect: lnbitsConnect,
    session: 'perPolicy',
    open(a, hooks) {
      const id = a.accountId
      const push = id ? sharedPush(id, a.baseUrl, hooks) : undefined
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
