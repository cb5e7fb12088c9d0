// Who zapped and through what, from a payment's NIP-47 metadata or its description (a NIP-57 zap
// request, kind 9734), as the history says it: "Zap from … via …" (docs/ledger.md). Kept in the
// row's pass_thru under `zap`. All of it is outside text: cleaned and capped; a key is shown as a
// short npub. A payment with payer data but no zap request is no zap.
import { cleanText } from '@shared/cleanText'
import type { ZapView } from '@shared/history'
import { nip19 } from 'nostr-tools'

const NAME_MAX = 64
const clean = (v: unknown): string | null => (typeof v === 'string' ? cleanText(v, NAME_MAX) || null : null)
const isKey = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v)
const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null

export function shortNpub(pubkey: string): string {
  const n = nip19.npubEncode(pubkey)
  return `${n.slice(0, 12)}…${n.slice(-4)}`
}

/** the zap request: metadata's `nostr` (Alby Hub keeps its pubkey and tags), `zap_request`, or the description */
function zapRequest(metadata: Record<string, unknown> | null, description: string | null | undefined) {
  const nostr = record(metadata?.nostr)
  if (nostr) return nostr
  for (const v of [metadata?.zap_request, description]) {
    let e: unknown = v
    if (typeof v === 'string' && v.startsWith('{')) {
      try {
        e = JSON.parse(v)
      } catch {
        continue
      }
    }
    const r = record(e)
    if (r?.kind === 9734) return r
  }
  return null
}

/**
 * A zap's sender (the payer's name, else the zap request's key as a short npub) and the app it
 * came through (`via`, the connected app that made the invoice, else the zap request's NIP-89
 * `client` tag); null when the payment is no zap.
 */
export function zapOf(metadata: unknown, description?: string | null, via?: string | null): ZapView | null {
  const m = record(metadata)
  const z = zapRequest(m, description)
  if (!z) return null
  const payer = record(m?.payer_data)
  const key = [z.pubkey, payer?.pubkey].find(isKey)
  const tags = Array.isArray(z.tags) ? z.tags : []
  const client = tags.find((t): t is unknown[] => Array.isArray(t) && t[0] === 'client')?.[1]
  return { from: clean(payer?.name) ?? (key ? shortNpub(key) : null), via: clean(via) ?? clean(client) }
}
