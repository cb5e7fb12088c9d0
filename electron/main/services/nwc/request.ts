// A request event from a relay, read with suspicion: its shape (zod, sizes capped), its kind and
// its age (at most MAX_AGE_SEC old, at most MAX_SKEW_SEC ahead). Its signature and seal are checked
// after, in the order of gate.ts (cheapest first); its body is read in command.ts.
import { z } from 'zod'
import { type Encryption, KIND_REQUEST } from './types'

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

/** Shape and freshness: the first and cheapest checks (gate.ts). */
export function readEvent(raw: unknown, nowSec: number): { event: RequestEvent } | { drop: string } {
  const parsed = RequestEvent.safeParse(raw)
  if (!parsed.success) return { drop: 'malformed' }
  const event = parsed.data
  if (event.created_at < nowSec - MAX_AGE_SEC) return { drop: 'too old' }
  if (event.created_at > nowSec + MAX_SKEW_SEC) return { drop: 'from the future' }
  return { event }
}

export const tagOf = (e: RequestEvent, name: string) => e.tags.find((t) => t[0] === name)?.[1]

export function encryptionOf(e: RequestEvent): Encryption {
  return tagOf(e, 'encryption') === 'nip44_v2' ? 'nip44_v2' : 'nip04'
}
