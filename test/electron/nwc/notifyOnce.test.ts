// Issue 44, defect 3: every notification went out twice (kind 23197 and 23196), and a client that
// listens to both kinds told each payment twice. Each is now sent once per connection, in the
// encryption its app's requests use; before any request, NIP-44 (the info event's first choice).
// Counted at a client that listens to both kinds and decrypts whichever comes.
import { type Event, getPublicKey, nip04, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import { afterAll, expect, it } from 'vitest'
import { until, withNwcWorld } from './harness'
import { parseUri, rawClient } from './rawClient'

const world = withNwcWorld()
const sockets: WebSocket[] = []
afterAll(() => {
  for (const s of sockets) s.close()
})

interface Told {
  kind: number
  notification_type: string
  notification: { amount: number; description?: string }
}

/** an app listening to both notification kinds, as some clients do: everything it hears, decrypted */
async function listener(uri: string) {
  const { walletPubkey, relay, secret } = parseUri(uri)
  const key = hexToBytes(secret)
  const heard: Told[] = []
  const ws = new WebSocket(relay)
  sockets.push(ws)
  await new Promise((r, j) => {
    ws.addEventListener('open', r)
    ws.addEventListener('error', j)
  })
  let ready = false
  ws.addEventListener('message', (m) => {
    const msg = JSON.parse(String(m.data))
    if (msg[0] === 'EOSE') ready = true
    if (msg[0] !== 'EVENT') return
    const e = msg[2] as Event
    const text =
      e.kind === 23196
        ? nip04.decrypt(key, walletPubkey, e.content)
        : nip44.decrypt(e.content, nip44.getConversationKey(key, walletPubkey))
    heard.push({ kind: e.kind, ...JSON.parse(text) })
  })
  const filter = { kinds: [23196, 23197], authors: [walletPubkey], '#p': [getPublicKey(key)] }
  ws.send(JSON.stringify(['REQ', 'told', filter]))
  await until(() => ready)
  return heard
}

it('tells each payment once per connection, in the encryption its app uses', async () => {
  const t = world()
  const methods = ['get_balance' as const]
  const [old, modern, quiet] = [
    await t.connect({ name: 'NIP-04 app', methods }),
    await t.connect({ name: 'NIP-44 app', methods }),
    await t.connect({ name: 'Never asked', methods }),
  ]
  // two apps ask once, each in its own encryption; the third asks nothing
  for (const [c, enc] of [
    [old, 'nip04'],
    [modern, 'nip44_v2'],
  ] as const) {
    const raw = await rawClient(c.uri, t.logs)
    const [a] = await raw.send(raw.make({ method: 'get_balance', params: {} }, { enc }))
    expect(a?.result_type).toBe('get_balance')
    raw.close()
  }
  const heard = [await listener(old.uri), await listener(modern.uri), await listener(quiet.uri)]

  await t.sim.control.payInbound(t.w.id, 401, 'first')
  t.app.sync.onResume()
  await until(() => heard.every((h) => h.some((n) => n.notification.amount === 401_000)))
  // a second payment, told after the first on the same socket: a duplicate of the first would be here by then
  await t.sim.control.payInbound(t.w.id, 402, 'second')
  t.app.sync.onResume()
  await until(() => heard.every((h) => h.some((n) => n.notification.amount === 402_000)))

  const amounts = (h: Told[]) => h.map((n) => n.notification.amount)
  for (const h of heard) expect(amounts(h)).toEqual([401_000, 402_000])
  expect(heard.map((h) => h.map((n) => n.kind))).toEqual([
    [23196, 23196],
    [23197, 23197],
    [23197, 23197],
  ])
  expect(heard[0]?.[0]).toMatchObject({ notification_type: 'payment_received', notification: { description: 'first' } })
}, 40_000)
