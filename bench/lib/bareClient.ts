// The bare NWC client of bench/nwc.ts in its own process, as an app is in life: its parsing and
// garbage are then not on the app's main thread, where its collections landed in the app's part.
// `argv[2]`: the connection string. Prints one line when subscribed; then each line on stdin is
// a command, answered with one line: `prepare N` signs N `get_balance` requests ahead (nostr-tools'
// pure-JS signing is slow and makes garbage) and answers `ready`; `one` sends one and answers
// with its round trip in ms (the time from sending until its answer arrived).
import { createInterface } from 'node:readline'
import { type Event, finalizeEvent, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import { parseNwcUri } from '../../shared/nwc/uri'

const uri = parseNwcUri(process.argv[2] ?? '')
if (!uri) throw new Error('bareClient: argv[2] is not a connection string')
const { walletPubkey } = uri
const [relay, key] = [uri.relays[0]!, hexToBytes(uri.secret)]
const sealKey = nip44.getConversationKey(key, walletPubkey)
const request = () =>
  finalizeEvent(
    {
      kind: 23194,
      created_at: Math.floor(Date.now() / 1000),
      tags: [
        ['p', walletPubkey],
        ['encryption', 'nip44_v2'],
      ],
      content: nip44.encrypt(JSON.stringify({ method: 'get_balance', params: {} }), sealKey),
    },
    key,
  )

const ws = new WebSocket(relay)
await new Promise((r, j) => {
  ws.addEventListener('open', r)
  ws.addEventListener('error', j)
})
const waiting = new Map<string, () => void>()
ws.addEventListener('message', (m) => {
  const msg = JSON.parse(String(m.data))
  const to = msg[0] === 'EVENT' ? (msg[2] as Event).tags.find((t) => t[0] === 'e')?.[1] : undefined
  if (to) waiting.get(to)?.()
})
ws.send(JSON.stringify(['REQ', 'answers', { kinds: [23195], authors: [walletPubkey] }]))

let ready: Event[] = []
async function one(): Promise<number> {
  const e = ready.pop() ?? request()
  const answered = new Promise<void>((r) => waiting.set(e.id, r))
  const t0 = performance.now()
  ws.send(JSON.stringify(['EVENT', e]))
  await answered
  waiting.delete(e.id)
  return performance.now() - t0
}

console.log('"subscribed"')
createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, n] = line.trim().split(' ')
  if (cmd === 'prepare') {
    ready = Array.from({ length: Number(n) }, request)
    console.log('"ready"')
  } else if (cmd === 'one') void one().then((ms) => console.log(JSON.stringify(ms)))
})
