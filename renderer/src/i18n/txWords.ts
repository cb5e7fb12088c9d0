// Main's words for a row ("Sent to alice@…", "Moved from Savings", shared/txWords.ts) in the chosen
// language. Main writes them in English for the ledger and the CSV export; the page reads each
// known form back and says it again from the catalog. Words of no known form are shown as they are.
import { type MessageId, t } from './index'

const WHOLE: Record<string, MessageId> = {
  Received: 'txWords.received',
  'Received with your permanent QR': 'txWords.receivedWithPermanentQr',
  Sent: 'txWords.sent',
  'Withdraw link claimed': 'txWords.withdrawClaimed',
  'Moved from another wallet': 'txWords.movedFromAnother',
  'Moved to another wallet': 'txWords.movedToAnother',
  'Network fee': 'txWords.networkFee',
  'Service fee': 'txWords.serviceFee',
}
const PREFIXED: Array<[string, MessageId]> = [
  ['Sent to ', 'txWords.sentTo'],
  ['Moved from ', 'txWords.movedFrom'],
  ['Moved to ', 'txWords.movedTo'],
]

export function localWords(words: string): string {
  const whole = WHOLE[words]
  if (whole) return t(whole)
  for (const [prefix, id] of PREFIXED) if (words.startsWith(prefix)) return t(id, { who: words.slice(prefix.length) })
  return words
}

/** A zap received: "Zap from alice via Damus", with what is known of the sender and the app. */
export function zapWords(zap: { from: string | null; via: string | null }): string {
  const [who, app] = [zap.from?.trim(), zap.via?.trim()]
  if (who && app) return t('txWords.zapFromVia', { who, app })
  if (who) return t('txWords.zapFrom', { who })
  return app ? t('txWords.zapVia', { app }) : t('txWords.zap')
}

/** A claim of one of the person's own withdraw links: its short id and the person's memo of it. */
export function claimedLinkWords(link: { memo: string; shortId: string }): string {
  const memo = link.memo.trim()
  return memo
    ? t('txWords.linkClaimedMemo', { id: link.shortId, memo })
    : t('txWords.linkClaimed', { id: link.shortId })
}
