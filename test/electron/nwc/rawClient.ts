// A bare NIP-47 client for the fault tests: it signs what it is told (an old time, another key,
// a body that is not JSON) and publishes it on its own socket, where @getalby/sdk would refuse.
import { type Event, finalizeEvent, generateSecretKey, getPublicKey, nip04, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'

export interface RawAnswer {
  result_type: string
  result: Record<string, unknown> | null
  error: { code: string; message: string } | null
}

export function parseUri(uri: string) {
  const u = new URL(uri.replace('nostr+walletconnect://', 'http://'))
  return {
    walletPubkey: u.hostname,
    relay: u.searchParams.get('relay') as string,
    secret: u.searchParams.get('secret') as string,
  }
}

export async function rawClient(uri: string) {
  const { walletPubkey, relay, secret } = parseUri(uri)
  const mine = hexToBytes(secret)
  const ws = new WebSocket(relay)
  await new Promise((r, j) => {
    ws.addEventListener('open', r)
    ws.addEventListener('error', j)
  })
  const answers = new Map<string, Event[]>()
  ws.addEventListener('message', (m) => {
    const msg = JSON.parse(String(m.data))
    if (msg[0] !== 'EVENT') return
    const e = msg[2] as Event
    const to = e.tags.find((t) => t[0] === 'e')?.[1]
    if (to) answers.set(to, [...(answers.get(to) ?? []), e])
  })
  ws.send(JSON.stringify(['REQ', 'answers', { kinds: [23195], authors: [walletPubkey] }]))

  /** a signed request event (not sent) */
  function make(
    body: unknown,
    o: { createdAt?: number; key?: Uint8Array; enc?: 'nip44_v2' | 'nip04'; content?: string } = {},
  ): Event {
    const key = o.key ?? mine
    const text = typeof body === 'string' ? body : JSON.stringify(body)
    const enc = o.enc ?? 'nip44_v2'
    const content =
      o.content ??
      (enc === 'nip44_v2'
        ? nip44.encrypt(text, nip44.getConversationKey(key, walletPubkey))
        : nip04.encrypt(key, walletPubkey, text))
    return finalizeEvent(
      {
        kind: 23194,
        created_at: o.createdAt ?? Math.floor(Date.now() / 1000),
        tags: [
          ['p', walletPubkey],
          ['encryption', enc],
        ],
        content,
      },
      key,
    )
  }

  /** publishes `e`; resolves with its answers once one came or `waitMs` passed (decrypted with `key`) */
  async function send(e: Event, waitMs = 5000, key: Uint8Array = mine): Promise<RawAnswer[]> {
    // the same event sent again waits for an answer more than it had
    const had = answers.get(e.id)?.length ?? 0
    ws.send(JSON.stringify(['EVENT', e]))
    const end = Date.now() + waitMs
    while (Date.now() < end && (answers.get(e.id)?.length ?? 0) <= had) await new Promise((r) => setTimeout(r, 20))
    await new Promise((r) => setTimeout(r, 100))
    return (answers.get(e.id) ?? []).map((a) => {
      const enc = a.tags.find((t) => t[0] === 'encryption')?.[1]
      const text =
        enc === 'nip04'
          ? nip04.decrypt(key, walletPubkey, a.content)
          : nip44.decrypt(a.content, nip44.getConversationKey(key, walletPubkey))
      return JSON.parse(text) as RawAnswer
    })
  }

  return { make, send, stranger: () => generateSecretKey(), pubkeyOf: getPublicKey, close: () => ws.close() }
}
