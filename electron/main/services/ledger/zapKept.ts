// The `zap` a row's pass_thru keeps (ledger/zap.ts makes it), read back for the history. Apart
// from zap.ts so every reader of rows (the CSV worker's capped heap too) does not load nostr-tools.
import { cleanText } from '@shared/cleanText'
import type { ZapView } from '@shared/history'

const NAME_MAX = 64
const clean = (v: unknown): string | null => (typeof v === 'string' ? cleanText(v, NAME_MAX) || null : null)
const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null

/** the `zap` a row's pass_thru keeps, cleaned again on the way out */
export function zapInPassThru(passThru: string | null | undefined): ZapView | null {
  if (!passThru?.includes('"zap"')) return null
  try {
    const z = record(record(JSON.parse(passThru))?.zap)
    return z ? { from: clean(z.from), via: clean(z.via) } : null
  } catch {
    return null
  }
}
