// A relay that floods the wallet service (docs/nwc.md, "Floods"; audit issue 41): anyone who reads
// a connection's info event can have events pushed to the app. The relay runs in a child process
// (floodRelay.ts) and pushes, bounded in count and time, one event replayed 200 times a second,
// 600 signed strangers at 200 a second, and junk as fast as the app's socket takes it. Meanwhile
// this process (the app's main) keeps its event loop's delay under 200 ms at p99, @getalby/sdk's
// client is answered within 2 s each time, and a replay is answered once. Both limits are for a
// quiet machine: on a busy one they grow with the same measures taken without a flood, in the same
// run (four times them), so a freeze of the app still fails and a loaded machine does not.
import { finalizeEvent, generateSecretKey, getPublicKey, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRANGERS_PER_MIN } from '../../../electron/main/services/nwc/gate'
import { type FloodRelay, startAppChild, startFloodRelay, underFlood } from '../../support/floodRelay'
import { type NwcWorld, startNwcWorld, until } from './harness'
import { parseUri } from './rawClient'

const P99_MS = 200
const ANSWER_MS = 2_000
const STRANGERS = 600
/** each flood: at most this many events, for at most this long */
const bounds = { maxCount: 200_000, maxMs: 4_000 }

let relay: FloodRelay
let t: NwcWorld<FloodRelay>
let app: { walletPubkey: string; secret: Uint8Array; clientPubkey: string }
let client: Awaited<ReturnType<typeof startAppChild>>
/** the limits on this machine now: the quiet ones, or four times what no flood costs */
let limits = { p99Ms: P99_MS, answerMs: ANSWER_MS }
beforeAll(async () => {
  relay = await startFloodRelay()
  t = await startNwcWorld(10_000, relay)
  const { uri } = await t.connect({ methods: ['get_balance', 'get_info'] })
  const { walletPubkey, secret } = parseUri(uri)
  app = { walletPubkey, secret: hexToBytes(secret), clientPubkey: getPublicKey(hexToBytes(secret)) }
  client = await startAppChild(uri)
  await client.getBalance() // the subscription is in place
  await relay.strangers(walletPubkey, STRANGERS, STRANGERS) // 600 signatures: seconds
  const calm = await underFlood(Promise.resolve(), () => client.getBalance(), { atLeast: 20, giveUpMs: 10_000 })
  limits = { p99Ms: Math.max(P99_MS, 4 * calm.p99Ms), answerMs: Math.max(ANSWER_MS, 4 * Math.max(...calm.times)) }
}, 120_000)
afterAll(async () => {
  await client?.close()
  await t?.close()
})

/** a get_balance request signed by `key` (the app's: as @getalby/sdk's client would send it) */
function request(key = app.secret) {
  const sealed = nip44.encrypt(
    JSON.stringify({ method: 'get_balance', params: {} }),
    nip44.getConversationKey(key, app.walletPubkey),
  )
  const tags = [
    ['p', app.walletPubkey],
    ['encryption', 'nip44_v2'],
  ]
  return finalizeEvent({ kind: 23194, created_at: Math.floor(Date.now() / 1000), tags, content: sealed }, key)
}
const answers = (e?: string) => relay.count({ kind: 23195, e })

const measure = (flood: Promise<unknown>) =>
  underFlood(flood, () => client.getBalance(), { atLeast: 3, giveUpMs: 10_000 })

/** main's event loop and the real app's answers, during one flood */
function expectResponsive(r: Awaited<ReturnType<typeof measure>>) {
  const seen = JSON.stringify({ ...r, times: r.times.map(Math.round), limits })
  expect(r.p99Ms, seen).toBeLessThan(limits.p99Ms)
  expect(Math.max(...r.times), seen).toBeLessThan(limits.answerMs)
}

describe('a relay floods the wallet service', () => {
  it('answers a replayed event once, a stranger the same', async () => {
    const [mine, stranger] = [request(), request(generateSecretKey())]
    const r = await measure(
      relay.flood({ kind: 'replay', walletPubkey: app.walletPubkey, events: [mine, stranger], perSec: 400, ...bounds }),
    )
    expectResponsive(r)
    await until(async () => (await answers(mine.id)) > 0 && (await answers(stranger.id)) > 0)
    expect(await answers(mine.id)).toBe(1)
    expect(await answers(stranger.id)).toBe(1)
  }, 60_000)

  it(`tells ${STRANGERS} signed strangers at 200 a second UNAUTHORIZED ${STRANGERS_PER_MIN} a minute at most`, async () => {
    const started = Date.now()
    const r = await measure(
      relay.flood({ kind: 'strangers', walletPubkey: app.walletPubkey, perSec: 200, ...bounds, maxCount: STRANGERS }),
    )
    expectResponsive(r)
    const told = () => relay.count({ kind: 23195, strangers: true })
    await until(async () => (await told()) > 0)
    // the budget: STRANGERS_PER_MIN at once, refilled at as many a minute meanwhile
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * STRANGERS_PER_MIN)
    expect(await told()).toBeLessThanOrEqual(STRANGERS_PER_MIN + refilled)
  }, 60_000)

  it('drops junk sent as fast as the socket takes it, unanswered', async () => {
    const genuine = request().content
    const toApp = () => relay.count({ kind: 23195, p: app.clientPubkey })
    const before = await toApp()
    const r = await measure(
      relay.flood({ kind: 'junk', walletPubkey: app.walletPubkey, clientPubkey: app.clientPubkey, genuine, ...bounds }),
    )
    expectResponsive(r)
    // nothing of the junk is answered: the app's answers are its real requests', once each
    expect(await relay.count({ kind: 23195, junk: true })).toBe(0)
    expect((await toApp()) - before).toBe(r.times.length)
    // read off the main thread, not by a fallback on it
    expect(t.logs.filter((l) => l.includes('relays are read on the main thread'))).toEqual([])
  }, 60_000)
})
