// The loopback relay of nostrRelay.ts in a process of its own, turned against the wallet service
// on command (floodRelay.ts sends the commands): it pushes events straight to the service's
// subscription, without checking them, as a relay that does not verify (or means harm) would.
// Its work is not the app's, so the app's event loop is measured alone.
import { randomBytes } from 'node:crypto'
import { type Event, finalizeEvent, generateSecretKey } from 'nostr-tools'
import { startRelay } from './nostrRelay'

export type FloodKind = 'junk' | 'strangers' | 'replay'

export interface FloodSpec {
  kind: FloodKind
  walletPubkey: string
  /** junk: the app's key, which some of it claims */
  clientPubkey?: string
  /** junk: a body the app really sent, copied into forged events */
  genuine?: string
  /** replay: the events sent again and again, in turn */
  events?: Event[]
  /** events a second; none: as fast as the socket takes them */
  perSec?: number
  maxCount: number
  maxMs: number
}

/** events published here of `kind`, tagged to `p`, answering `e`, to a stranger, or answering junk */
export type Count = { kind: number; p?: string; e?: string; strangers?: boolean; junk?: boolean }

export type ToChild =
  | { ref: number; type: 'strangers'; walletPubkey: string; keys: number; events: number }
  | { ref: number; type: 'flood'; spec: FloodSpec }
  | { ref: number; type: 'count'; count: Count }

const relay = await startRelay()
const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const now = () => Math.floor(Date.now() / 1000)
let strangerEvents: string[] = []
const strangerKeys = new Set<string>()
/** the ids of the junk sent (an answer to any of them is counted) */
const junkIds = new Set<string>()

/** signed requests from `keys` keys to the wallet (their bodies are never read: random) */
function signStrangers(walletPubkey: string, keys: number, events: number): void {
  const secrets = Array.from({ length: keys }, () => generateSecretKey())
  strangerEvents = Array.from({ length: events }, (_, i) => {
    const e = finalizeEvent(
      {
        kind: 23194,
        created_at: now(),
        tags: [
          ['p', walletPubkey],
          ['encryption', 'nip44_v2'],
        ],
        content: randomBytes(180).toString('base64'),
      },
      secrets[i % keys] as Uint8Array,
    )
    strangerKeys.add(e.pubkey)
    return JSON.stringify(e)
  })
}

/** one junk event, of a kind chosen by `i`: none of them signed right */
function junk(s: FloodSpec, i: number): string {
  const base = { id: hex(32), created_at: now(), kind: 23194, sig: hex(64) }
  junkIds.add(base.id)
  const tags = (enc = 'nip44_v2') => [
    ['p', s.walletPubkey],
    ['encryption', enc],
  ]
  const app = s.clientPubkey ?? hex(32)
  switch (i % 8) {
    case 0: // a stranger's
      return JSON.stringify({ ...base, pubkey: hex(32), tags: tags(), content: randomBytes(300).toString('base64') })
    case 1: // the app's key claimed, a body not sealed for it
      return JSON.stringify({ ...base, pubkey: app, tags: tags(), content: randomBytes(300).toString('base64') })
    case 2: // the app's key claimed, a body it really sent
      return JSON.stringify({ ...base, pubkey: app, tags: tags(), content: s.genuine ?? '' })
    case 3: // the app's key claimed, NIP-04 (no MAC to check)
      return JSON.stringify({ ...base, pubkey: app, tags: tags('nip04'), content: `${hex(48)}?iv=${hex(8)}` })
    case 4: // the app's key claimed, as large a body as is read
      return JSON.stringify({ ...base, pubkey: app, tags: tags(), content: randomBytes(45_000).toString('base64') })
    case 5: // another wallet key
      return JSON.stringify({ ...base, pubkey: hex(32), tags: [['p', hex(32)]], content: 'x' })
    case 6: // not an event
      return JSON.stringify({ nope: i })
    default: // a bad shape
      return JSON.stringify({ ...base, pubkey: app, tags: 'p', content: 5 })
  }
}

const nextEvent = (s: FloodSpec, i: number): string => {
  if (s.kind === 'junk') return junk(s, i)
  if (s.kind === 'strangers') return strangerEvents[i % strangerEvents.length] as string
  return JSON.stringify((s.events as Event[])[i % (s.events as Event[]).length])
}

const tick = () => new Promise((r) => setImmediate(r))
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** pushes events to the service, paced or as fast as its socket takes them, bounded in count and time */
async function flood(s: FloodSpec): Promise<{ sent: number; ms: number }> {
  const started = Date.now()
  let sent = 0
  const over = () => sent >= s.maxCount || Date.now() - started >= s.maxMs
  while (!over()) {
    // as a relay does: a socket that has not taken what it was given waits (a bounded buffer)
    if (relay.buffered() > 1024 * 1024) {
      await wait(1)
      continue
    }
    const burst = s.perSec ? Math.max(1, Math.round(s.perSec / 100)) : 50
    for (let n = 0; n < burst && !over(); n++) relay.toServices(nextEvent(s, sent++))
    await (s.perSec ? wait(10) : tick())
  }
  return { sent, ms: Date.now() - started }
}

function count(c: Count): number {
  return relay.published.filter((e) => {
    if (e.kind !== c.kind) return false
    const p = e.tags.find((t) => t[0] === 'p')?.[1]
    if (c.p !== undefined && p !== c.p) return false
    if (c.strangers && !strangerKeys.has(p ?? '')) return false
    const to = e.tags.find((t) => t[0] === 'e')?.[1] ?? ''
    if (c.junk && !junkIds.has(to)) return false
    return c.e === undefined || to === c.e
  }).length
}

process.on('message', async (m: ToChild) => {
  if (m.type === 'strangers') {
    signStrangers(m.walletPubkey, m.keys, m.events)
    process.send?.({ ref: m.ref, value: strangerEvents.length })
  } else if (m.type === 'flood') process.send?.({ ref: m.ref, value: await flood(m.spec) })
  else if (m.type === 'count') process.send?.({ ref: m.ref, value: count(m.count) })
})
process.on('disconnect', () => void relay.close().then(() => process.exit(0)))
process.send?.({ ref: 0, value: relay.url })
