// A bare NIP-47 client for the fault tests: it signs what it is told (an old time, another key,
// a body that is not JSON) and publishes it on its own socket, where @getalby/sdk would refuse.
import { type Event, finalizeEvent, generateSecretKey, getPublicKey, nip04, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import { droppedRequests } from '../../support/nwcDropped'

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

/**
 * What a send waits for, the sign its request was dealt with (never a time): `answer`, one more
 * answer to it; `dropped`, one more request the service logged as dropped (services/nwc/handle.ts);
 * `refused`, the relay's OK false for it; `acked`, the relay's OK (a relay told to pass it on to
 * no one: nothing more can come of it).
 */
export type Sign = 'answer' | 'dropped' | 'refused' | 'acked'

/** `logs`: the app's log lines, where the service says what it dropped */
export async function rawClient(uri: string, logs: readonly string[]) {
  const { walletPubkey, relay, secret } = parseUri(uri)
  const mine = hexToBytes(secret)
  const ws = new WebSocket(relay)
  await new Promise((r, j) => {
    ws.addEventListener('open', r)
    ws.addEventListener('error', j)
  })
  const answers = new Map<string, Event[]>()
  /** the relay's OK to each event sent: whether it took it */
  const oks = new Map<string, boolean>()
  ws.addEventListener('message', (m) => {
    const msg = JSON.parse(String(m.data))
    if (msg[0] === 'OK') oks.set(msg[1], msg[2] === true)
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

  /** publishes `e`; resolves with its answers once `sign` came (decrypted with `key`) */
  async function send(e: Event, sign: Sign = 'answer', key: Uint8Array = mine): Promise<RawAnswer[]> {
    // the same event sent again waits for an answer more than it had
    const had = answers.get(e.id)?.length ?? 0
    const dropped = droppedRequests(logs)
    oks.delete(e.id)
    const came: Record<Sign, () => boolean> = {
      answer: () => (answers.get(e.id)?.length ?? 0) > had,
      dropped: () => droppedRequests(logs) > dropped,
      refused: () => oks.get(e.id) === false,
      acked: () => oks.has(e.id),
    }
    ws.send(JSON.stringify(['EVENT', e]))
    // a guard against a hang, not a wait: the sign comes long before on any machine
    const end = Date.now() + 20_000
    while (!came[sign]()) {
      if (Date.now() > end) throw new Error(`no ${sign} for request ${e.id} in 20 s`)
      await new Promise((r) => setTimeout(r, 20))
    }
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
