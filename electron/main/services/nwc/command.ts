// The command in a request's decrypted body (main's side: its refusals are in the app's language).
import { z } from 'zod'
import { mt } from '../i18n'
import { SERVED, type Served } from './types'

const Command = z.object({
  method: z.string().max(64),
  params: z.record(z.string(), z.unknown()).default({}),
})

export type Refusal = { answer: { code: 'NOT_IMPLEMENTED' | 'OTHER'; message: string; method: string } }

/** The command in a decrypted body: a known method and its params, or why it cannot be served. */
export function commandOf(text: string): { method: Served; params: Record<string, unknown> } | Refusal {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { answer: { code: 'OTHER', message: mt('nwc.notJson'), method: 'unknown' } }
  }
  const cmd = Command.safeParse(json)
  if (!cmd.success) return { answer: { code: 'OTHER', message: mt('nwc.noMethod'), method: 'unknown' } }
  const method = cmd.data.method
  if (!(SERVED as readonly string[]).includes(method))
    return {
      answer: { code: 'NOT_IMPLEMENTED', message: mt('nwc.notServed', { method: method.slice(0, 64) }), method },
    }
  return { method: method as Served, params: cmd.data.params }
}
