// Voucher sheets: limits, and the plain text that may go on a printed sheet. Shared so the form
// can say beforehand what the sheet will print (docs/vouchers.md, "Voucher sheets").

/** vouchers on one sheet */
export const VOUCHER_COUNT_MAX = 50
/** characters of the note printed on every voucher (and sent as each link's memo) */
export const VOUCHER_NOTE_MAX = 60

/** A withdraw link not claimed this long after it was made is no longer watched: it is "old". */
export const WITHDRAW_WATCH_SEC = 7 * 86_400

/** What a withdraw link is at `nowSec`: waiting, claimed, or old (not claimed, no longer watched). */
export function withdrawLinkState(
  link: { status: 'waiting' | 'claimed'; createdAt: number },
  nowSec: number,
): 'waiting' | 'claimed' | 'old' {
  if (link.status === 'claimed') return 'claimed'
  return nowSec - link.createdAt > WITHDRAW_WATCH_SEC ? 'old' : 'waiting'
}

/**
 * What the sheet's font (DejaVu Sans) prints, by Unicode block: Latin with its extensions
 * (Vietnamese too), Greek, Cyrillic, punctuation and currency signs. Scripts written right to left
 * or needing shaping are left out: pdfkit would print them in the wrong order.
 * test/electron/services/vouchers/sheetFont.test.ts checks every letter here against the font.
 */
export const SHEET_BLOCKS: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1e00, 0x1efb],
  [0x2000, 0x206f],
  [0x20a0, 0x20b5],
]

function printable(c: string): boolean {
  const code = c.codePointAt(0) ?? 0
  return SHEET_BLOCKS.some(([from, to]) => code >= from && code <= to) && !/\p{Cn}/u.test(c)
}

/**
 * Text a person gave, as the sheet prints it: one line, without control or direction-changing
 * characters (an RTL override would reorder what follows), letters the sheet's font lacks shown as `?`,
 * and at most `max` characters (the last one `…` when cut).
 */
export function sheetText(s: string, max: number): string {
  const flat = s
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim()
  const chars = Array.from(flat, (c) => (printable(c) ? c : '?'))
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('')
}

/** True when the sheet would print `s` differently (letters it cannot print, controls). */
export function changesOnSheet(s: string): boolean {
  return sheetText(s, Number.MAX_SAFE_INTEGER) !== s.normalize('NFC').replace(/\s+/gu, ' ').trim()
}

/** A short label for one voucher, printed on its card and shown in the list of withdraw links. */
export function voucherShortId(ott: string): string {
  return ott
    .replace(/[^0-9a-z]/gi, '')
    .slice(-6)
    .toUpperCase()
}

/**
 * The most the service lets a claim's routing fee be (docs/vouchers.md, "Voucher sheets"): a
 * claim is a payment, capped at 5 % of its whole sats, rounded up. Usually far less is taken, and
 * nothing when the claimant's wallet is on the same service.
 */
export function claimFeeCapSat(amountSat: number): number {
  return Math.ceil((amountSat * 5) / 100)
}
