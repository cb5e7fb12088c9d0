// The relays the connections use: one link per relay URL, subscribed to requests for the wallet
// keys of the connections on it, opened when the first connection needs it and closed with the
// last. On each (re)connect the info events of its connections are published again.
import type { VerifiedEvent } from 'nostr-tools'
import { openRelay, type RelayLink } from './relay'
import type { RelayProblem } from './relayProblem'
import { MAX_AGE_SEC } from './request'
import { KIND_REQUEST } from './types'

export interface LinksDeps {
  /** the wallet pubkeys served on each relay now */
  served(): Map<string, string[]>
  onEvent(raw: unknown, relay: string): void
  /** the info events to (re)publish on a relay that (re)connected */
  infoFor(relay: string): VerifiedEvent[]
  /** a link opened or closed */
  status?(relay: string, connected: boolean, problem?: RelayProblem): void
  log?: (message: string, fields?: Record<string, unknown>) => void
  backoffMinMs?: number
  maxEventsPerSec?: number
}

export interface Links {
  /** opens, resubscribes and closes links to match `served()` */
  sync(): void
  publish(relay: string, event: VerifiedEvent): Promise<boolean>
  connected(relay: string): boolean
  close(): void
}

export function createLinks(d: LinksDeps): Links {
  const links = new Map<string, RelayLink>()
  let served = new Map<string, string[]>()
  const since = (downSinceMs: number | null) => sinceFor(Math.floor(Date.now() / 1000), downSinceMs)
  return {
    sync() {
      served = d.served()
      for (const [url, link] of links)
        if (!served.has(url)) {
          link.close()
          links.delete(url)
        }
      for (const url of served.keys()) {
        const had = links.get(url)
        if (had) {
          had.resubscribe()
          for (const e of d.infoFor(url)) void had.publish(e)
          continue
        }
        const link = openRelay({
          url,
          filter: (down) => ({ kinds: [KIND_REQUEST], '#p': served.get(url) ?? [], since: since(down) }),
          onEvent: (raw) => d.onEvent(raw, url),
          onOpen: () => {
            for (const e of d.infoFor(url)) void link.publish(e)
          },
          onStatus: (up, problem) => d.status?.(url, up, problem),
          ...{ log: d.log, backoffMinMs: d.backoffMinMs, maxEventsPerSec: d.maxEventsPerSec },
        })
        links.set(url, link)
      }
    },
    publish: (relay, event) => links.get(relay)?.publish(event) ?? Promise.resolve(false),
    connected: (relay) => links.get(relay)?.connected() ?? false,
    close() {
      for (const link of links.values()) link.close()
      links.clear()
    },
  }
}

/**
 * The subscription's `since`: a request older than MAX_AGE_SEC is refused anyway, and asking for less
 * spares the relay's history. After a drop, what came meanwhile (a relay that keeps requests) is
 * asked for, a minute before the drop at most, while still fresh.
 */
export function sinceFor(nowSec: number, downSinceMs: number | null): number {
  if (downSinceMs === null) return nowSec - 60
  return Math.max(nowSec - MAX_AGE_SEC, Math.floor(downSinceMs / 1000) - 60)
}
