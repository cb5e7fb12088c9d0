// What a history row says beside the service's words: the notes (memo, the payer's comment, the
// person's label) without saying the same text twice, and the short title a list row leads with:
// who was paid, or what the payment was for. A claim of one of the person's own withdraw links
// says the person's memo of the link and names it; the claimer's invoice memo is theirs, not the
// person's, so only the detail shows it, and only when it says something else.
import type { HistoryRow } from '@shared/history'
import { claimedLinkWords, localWords, zapWords } from '../i18n/txWords'

type Notes = Pick<HistoryRow, 'memo' | 'comment' | 'label' | 'link'>

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a?.trim() && a.trim().toLowerCase() === b?.trim().toLowerCase()

/** What happened, in the chosen language: "Sent to alice@…", "Withdraw link K3F9QZ claimed: Lunch". */
export function rowWords(t: Pick<HistoryRow, 'words' | 'link' | 'zap'>): string {
  if (t.link) return claimedLinkWords(t.link)
  return t.zap ? zapWords(t.zap) : localWords(t.words)
}

/**
 * memo, comment and label, each once: a comment equal to the memo is not repeated (N19). A
 * claimed link's row leaves out the claimer's memo and anything its words (the link's memo) say.
 */
export function rowNotes(t: Notes): string[] {
  const out: string[] = []
  for (const s of t.link ? [t.comment, t.label] : [t.memo, t.comment, t.label]) {
    const v = s?.trim()
    if (v && !out.some((o) => same(o, v)) && !same(v, t.link?.memo)) out.push(v)
  }
  return out
}

/** The memo the detail shows as "Memo", or for a claimed link as the claimer's: null when it repeats the link's memo. */
export function detailMemo(t: Pick<HistoryRow, 'memo' | 'link'>): string | null {
  const m = t.memo?.trim()
  return m && !same(m, t.link?.memo) ? m : null
}

/** The payer's comment when it says more than the memo (and a claimed link's memo); null when it repeats one. */
export function distinctComment(t: Pick<HistoryRow, 'memo' | 'comment' | 'link'>): string | null {
  const c = t.comment?.trim()
  if (!c) return null
  return same(c, t.memo) || same(c, t.link?.memo) ? null : c
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
 * else the service's words ("Sent to alice@…", "Moved from Savings"), which name the payee. A
 * claimed link leads with its own words (the person's memo of it), never the claimer's memo.
 */
export function rowTitle(t: Pick<HistoryRow, 'memo' | 'comment' | 'label' | 'words' | 'link' | 'zap'>): string {
  if (t.link) return t.label?.trim() || rowWords(t)
  // a zap's memo is often its zap request (JSON): the sender and app say more
  if (t.zap) return t.label?.trim() || t.comment?.trim() || zapWords(t.zap)
  return t.label?.trim() || t.memo?.trim() || t.comment?.trim() || localWords(t.words)
}
