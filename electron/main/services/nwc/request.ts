// A request event from a relay, read with suspicion: its shape (zod, sizes capped), its signature,
// its kind and recipient, its age (at most MAX_AGE_SEC old, at most MAX_SKEW_SEC ahead) and
// whether this id was seen before (kept on disk, so a replay after a restart is refused too).
import { verifyEvent } from 'nostr-tools'
import { z } from 'zod'
import { mt } from '../i18n'
import { decryptFrom } from './crypto'
import { type Encryption, KIND_REQUEST, METHODS, type Method } from './types'

export const MAX_AGE_SEC = 300
export const MAX_SKEW_SEC = 60
const MAX_CONTENT = 64 * 1024
const hex64 = z.string().regex(/^[0-9a-f]{64}$/)

export const RequestEvent = z.object({
  id: hex64,
  pubkey: hex64,
  created_at: z.number().int().nonnegative(),
  kind: z.literal(KIND_REQUEST),
  tags: z.array(z.array(z.string().max(1024)).max(8)).max(16),
  content: z.string().max(MAX_CONTENT),
  sig: z.string().regex(/^[0-9a-f]{128}$/),
})
export type RequestEvent = z.infer<typeof RequestEvent>

const Command = z.object({
  method: z.string().max(64),
  params: z.record(z.string(), z.unknown()).default({}),
})

export type Refusal =
  | { drop: string }
  | { answer: { code: 'NOT_IMPLEMENTED' | 'OTHER'; message: string; method: string } }

/** Shape, signature and freshness: what may be checked before anything is decrypted. */
export function readEvent(raw: unknown, nowSec: number): { event: RequestEvent } | { drop: string } {
  const parsed = RequestEvent.safeParse(raw)
  if (!parsed.success) return { drop: 'malformed' }
  const event = parsed.data
  if (!verifyEvent({ ...event })) return { drop: 'bad signature' }
  if (event.created_at < nowSec - MAX_AGE_SEC) return { drop: 'too old' }
  if (event.created_at > nowSec + MAX_SKEW_SEC) return { drop: 'from the future' }
  return { event }
}

export const tagOf = (e: RequestEvent, name: string) => e.tags.find((t) => t[0] === name)?.[1]

export function encryptionOf(e: RequestEvent): Encryption {
  return tagOf(e, 'encryption') === 'nip44_v2' ? 'nip44_v2' : 'nip04'
}

/** The decrypted command: a known method and its params, or why it cannot be served. */
export function readCommand(
  e: RequestEvent,
  secret: Uint8Array,
): { method: Method; params: Record<string, unknown> } | Refusal {
  let text: string
  try {
    text = decryptFrom(encryptionOf(e), secret, e.pubkey, e.content)
  } catch {
    return { drop: 'undecryptable' }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { answer: { code: 'OTHER', message: mt('nwc.notJson'), method: 'unknown' } }
  }
  const cmd = Command.safeParse(json)
  if (!cmd.success) return { answer: { code: 'OTHER', message: mt('nwc.noMethod'), method: 'unknown' } }
  const method = cmd.data.method
  if (!(METHODS as readonly string[]).includes(method))
    return {
      answer: { code: 'NOT_IMPLEMENTED', message: mt('nwc.notServed', { method: method.slice(0, 64) }), method },
    }
  return { method: method as Method, params: cmd.data.params }
}
