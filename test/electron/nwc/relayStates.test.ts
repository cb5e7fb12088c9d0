// Relays you can see (docs/nwc.md): the relay is killed and the connection's relay shows
// "reconnecting", then "failing" with the reason in the catalog's terms; it comes back on the same
// port holding what came meanwhile (as a relay that keeps a wallet's requests does): the request
// made during the outage is answered, one older than the age limit is not, and a request made
// after is answered too (so the old one had its turn). The real keychain, the simulator over HTTP.
import type { NwcConnectionView, NwcRelayView } from '@shared/contract/nwc'
import type { Event } from 'nostr-tools'
import { afterAll, describe, expect, it } from 'vitest'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { droppedRequests } from '../../support/nwcDropped'
import { type NwcWorld, startNwcWorld, until } from './harness'
import { rawClient } from './rawClient'

type List = { connections: NwcConnectionView[]; relays: NwcRelayView[] }

describe('a relay killed and brought back', () => {
  let relay: TestRelay
  let t: NwcWorld<{ url: string; close(): Promise<void> }>
  afterAll(async () => {
    await t?.close()
  })

  it('shows reconnecting, then failing; answers a fresh request held meanwhile, not an old one', async () => {
    relay = await startRelay()
    const port = Number(new URL(relay.url).port)
    // the world closes whichever relay runs at the end
    t = await startNwcWorld(10_000, { url: relay.url, close: () => relay.close() }, { backoffMinMs: 400 })
    const { uri } = await t.connect()
    const raw = await rawClient(uri as string, t.logs)
    const first = await raw.send(raw.make({ method: 'get_balance' }))
    expect(first[0]?.result).toEqual({ balance: 10_000_000 })
    const shown = async () => (await t.call<List>('nwc.list')).relays
    await until(async () => (await shown())[0]?.state === 'connected')
    const before = (await shown())[0] as NwcRelayView
    expect(before.url).toBe(relay.url)
    expect(before.lastRequestAt).not.toBeNull()

    // made now, to be held by the relay while the app is away; and one older than 5 minutes
    const now = Math.floor(Date.now() / 1000)
    await relay.close()
    raw.close()
    await until(async () => (await shown())[0]?.state === 'reconnecting', 5_000)
    const fresh: Event = raw.make({ method: 'get_balance' }, { createdAt: now + 1 })
    const old: Event = raw.make({ method: 'get_balance' }, { createdAt: now - 400 })
    // three attempts in a row refused (0.4 s, 0.8 s, 1.6 s, each up to a quarter more)
    await until(async () => (await shown())[0]?.state === 'failing', 15_000)
    const failing = (await shown())[0] as NwcRelayView
    expect(failing.problem).toBe('refused')
    expect(failing.since).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))

    relay = await startRelay({ port, keep: [fresh, old] })
    // the old one reaches the app whatever its `since` asks: the age check is what refuses it
    relay.faults.ignoreSince = true
    await until(async () => (await shown())[0]?.state === 'connected', 20_000)
    const answered = (id: string) => relay.published.some((e) => e.kind === 23195 && e.tags.some((x) => x[1] === id))
    await until(() => answered(fresh.id), 10_000)
    const after = await rawClient(uri as string, t.logs)
    const later = await after.send(after.make({ method: 'get_balance' }))
    expect(later[0]?.result).toEqual({ balance: 10_000_000 })
    expect(answered(old.id)).toBe(false)
    expect(droppedRequests(t.logs, 'too old')).toBeGreaterThan(0)
    expect((await shown())[0]?.problem).toBeNull()
    after.close()
  }, 60_000)
})
