// One journey every independent NWC client runs against the app (issue 44, item 7), over the
// project's own relay and over snstr's ephemeral relay, in NIP-44 and in NIP-04: info, balance,
// make and look up an invoice, pay within the budget and over it, a race of two payments of which
// the budget allows one, list, and payments from outside each heard exactly once. Each client is
// reached through a small adapter (its own calls, its own way of telling a refusal); what the app
// answered is also read off the relay by a bare subscription, so that a client that misreads an
// answer (applesauce reads NIP-47's error `code` as `type`) is told apart from a wrong answer.
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { type Event, getPublicKey, nip04, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import { NostrRelay } from 'snstr/utils/ephemeral-relay'
import { afterAll, beforeAll, expect } from 'vitest'
import { startRelay } from '../../support/nostrRelay'
import { type NwcWorld, payFromOutsideHeard, startNwcWorld, until, type WorldRelay } from './harness'
import { parseUri } from './rawClient'

export type Enc = 'nip44_v2' | 'nip04'
export const ENCRYPTIONS: Enc[] = ['nip44_v2', 'nip04']

/** a relay, and whether a subscription on it now asks for a kind (a client listens: pay after) */
export interface JourneyRelay extends WorldRelay {
  subscribed(kind: number): boolean
}
export const RELAYS = ['the project relay', "snstr's ephemeral relay"] as const
export type RelayName = (typeof RELAYS)[number]

async function openRelay(name: RelayName): Promise<JourneyRelay> {
  if (name === 'the project relay') return startRelay()
  const r = await new NostrRelay(0).start()
  return {
    url: r.url.replace('localhost', '127.0.0.1'),
    close: () => r.close(),
    subscribed: (kind) => [...r.subs.values()].some((s) => s.filters.some((f) => f.kinds?.includes(kind))),
  }
}

/** a world on the named relay for the journeys of one describe block */
export function journeyWorld(name: RelayName): () => NwcWorld<JourneyRelay> {
  let t: NwcWorld<JourneyRelay> | undefined
  beforeAll(async () => {
    t = await startNwcWorld(10_000, await openRelay(name))
  }, 30_000)
  afterAll(async () => {
    await t?.close()
  })
  return () => t as NwcWorld<JourneyRelay>
}

export interface JourneyClient {
  methods(): Promise<string[]>
  balanceMsat(): Promise<number>
  makeInvoice(msat: number, description: string): Promise<{ invoice?: string; payment_hash?: string }>
  lookupInvoice(paymentHash: string): Promise<{ invoice?: string }>
  /** the preimage, or throws the client's refusal */
  pay(invoice: string): Promise<string>
  /** the error code the client read from a refusal `pay` threw */
  codeOf(err: unknown): string
  list(limit: number): Promise<Array<{ payment_hash?: string }>>
  /** listens to payment_received (msat); resolves once the client has asked for it */
  onReceived(heard: (msat: number) => void): Promise<void>
  close(): Promise<void> | void
}

export interface JourneyOptions {
  /** the code this client reads from the app's QUOTA_EXCEEDED, when it misreads it (applesauce) */
  quotaReadAs?: string
}

/** what the app answered this connection, read off the relay with the app's key: error codes in order */
async function wireCodes(uri: string): Promise<{ codes: string[]; close(): void }> {
  const { walletPubkey, relay, secret } = parseUri(uri)
  const key = hexToBytes(secret)
  const ws = new WebSocket(relay)
  await new Promise((r, j) => {
    ws.addEventListener('open', r)
    ws.addEventListener('error', j)
  })
  const codes: string[] = []
  let listening = false
  ws.addEventListener('message', (m) => {
    const msg = JSON.parse(String(m.data)) as unknown[]
    if (msg[0] === 'EOSE') listening = true
    const e = msg[0] === 'EVENT' ? (msg[2] as Event) : undefined
    if (e?.kind !== 23195) return
    const enc = e.tags.find((x) => x[0] === 'encryption')?.[1]
    const text =
      enc === 'nip44_v2'
        ? nip44.decrypt(e.content, nip44.getConversationKey(key, walletPubkey))
        : nip04.decrypt(key, walletPubkey, e.content)
    const body = JSON.parse(text) as { error: { code: string } | null }
    if (body.error) codes.push(body.error.code)
  })
  ws.send(JSON.stringify(['REQ', 'wire', { kinds: [23195], authors: [walletPubkey], '#p': [getPublicKey(key)] }]))
  await until(() => listening)
  return { codes, close: () => ws.close() }
}

const withdrawals = (t: NwcWorld<JourneyRelay>) =>
  t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+\/withdraw$/ }).length
const hashOf = (preimage: string) => createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex')

/** the encryption the app learned from this connection's requests (nwc.sqlite, read only) */
function encryptionKept(t: NwcWorld<JourneyRelay>, connectionId: string): string | null {
  const db = new DatabaseSync(join(t.dir, 'nwc.sqlite'), { readOnly: true })
  try {
    const r = db.prepare('SELECT encryption FROM connections WHERE id = ?').get(connectionId) as
      | { encryption: string | null }
      | undefined
    return r?.encryption ?? null
  } finally {
    db.close()
  }
}

/**
 * The journey, on a fresh connection with a 1,000-sat daily budget: 300 paid, 800 refused, then two
 * 400s at once of which exactly one fits (300 + 400 and their fee caps, not 300 + 800).
 */
export async function runJourney(
  t: NwcWorld<JourneyRelay>,
  enc: Enc,
  open: (uri: string, enc: Enc) => Promise<JourneyClient>,
  o: JourneyOptions = {},
): Promise<void> {
  const { connection, uri } = await t.connect({ budgetSat: 1000 })
  const wire = await wireCodes(uri)
  const client = await open(uri, enc)
  try {
    expect(await client.methods()).toEqual(expect.arrayContaining(['pay_invoice', 'get_balance', 'get_budget']))
    expect(await client.balanceMsat()).toBe(t.sim.control.balanceMsat(t.w.id))
    const made = await client.makeInvoice(2_000_000, `journey ${enc}`)
    expect(made.invoice).toMatch(/^lnbcrt/)
    expect((await client.lookupInvoice(made.payment_hash ?? '')).invoice).toBe(made.invoice)

    const n = withdrawals(t)
    const preimage = await client.pay(t.sim.control.outsideInvoice(300, 'within'))
    const refusal = (e: unknown) => ({ refused: client.codeOf(e) })
    expect(await client.pay(t.sim.control.outsideInvoice(800, 'over')).catch(refusal)).toEqual({
      refused: o.quotaReadAs ?? 'QUOTA_EXCEEDED',
    })
    const race = await Promise.all(
      [1, 2].map((i) => client.pay(t.sim.control.outsideInvoice(400, `race ${i}`)).then((p) => ({ paid: p }), refusal)),
    )
    expect(race.filter((r) => 'paid' in r)).toHaveLength(1)
    expect(race.filter((r) => 'refused' in r)).toEqual([{ refused: o.quotaReadAs ?? 'QUOTA_EXCEEDED' }])
    expect(withdrawals(t)).toBe(n + 2)
    // the app's answers themselves, whatever the client made of them
    await until(() => wire.codes.length >= 2)
    expect(wire.codes).toEqual(['QUOTA_EXCEEDED', 'QUOTA_EXCEEDED'])

    // list_transactions reads the ledger: the payment is there once the sync loop has read it
    const listedPaid = async () => {
      t.app.sync.onResume()
      await t.app.sync.idle()
      return (await client.list(20)).some((x) => x.payment_hash === hashOf(preimage))
    }
    await until(listedPaid)
    expect(encryptionKept(t, connection.id)).toBe(enc)

    const heard: number[] = []
    await client.onReceived((msat) => heard.push(msat))
    await until(() => t.relay.subscribed(enc === 'nip04' ? 23196 : 23197))
    expect(heard).toEqual([])
    expect(await payFromOutsideHeard(t, heard)).toEqual(heard)
  } finally {
    wire.close()
    await client.close()
  }
}
