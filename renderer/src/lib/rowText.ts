// What a history row says beside the service's words: the notes (memo, the payer's comment, the
// person's label) without saying the same text twice, and the short title a list row leads with:
// who was paid, or what the payment was for.
import type { HistoryRow } from '@shared/history'
import { localWords } from '../i18n/txWords'

type Notes = Pick<HistoryRow, 'memo' | 'comment' | 'label'>

/** memo, comment and label, each once: a comment equal to the memo is not repeated (N19). */
export function rowNotes(t: Notes): string[] {
  const out: string[] = []
  for (const s of [t.memo, t.comment, t.label]) {
    const v = s?.trim()
    if (v && !out.some((o) => o.toLowerCase() === v.toLowerCase())) out.push(v)
  }
  return out
}

/** The payer's comment when it says more than the memo; null when it only repeats it. */
export function distinctComment(t: Pick<HistoryRow, 'memo' | 'comment'>): string | null {
  const c = t.comment?.trim()
  if (!c) return null
  return c.toLowerCase() === t.memo?.trim().toLowerCase() ? null : c
}

/** In or out, a move between one's own wallets, or a fee: the row's icon. */
export type RowDirection = 'in' | 'out' | 'move' | 'fee'

export function rowDirection(t: Pick<HistoryRow, 'typeName' | 'amountMsat'>): RowDirection {
  if (t.typeName === 'ln_transfer_in' || t.typeName === 'ln_transfer_out') return 'move'
  if (t.typeName === 'network_fee' || t.typeName === 'service_fee') return 'fee'
  return t.amountMsat < 0 ? 'out' : 'in'
}

/**
 * The line a short list leads with: the memo or comment when there is one (what it was for),
 * else the service's words ("Sent to alice@…", "Moved from Savings"), which name the payee.
 */
export function rowTitle(t: Pick<HistoryRow, 'memo' | 'comment' | 'label' | 'words'>): string {
  return t.label?.trim() || t.memo?.trim() || t.comment?.trim() || localWords(t.words)
}
