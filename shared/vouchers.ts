// Voucher sheets: limits, and the plain text that may go on a printed sheet. Shared so the form
// can say beforehand what the sheet will print (docs/architecture.md, "Voucher sheets").

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

// The sheet uses the PDF's built-in Helvetica, which has the Windows-1252 (WinAnsi) letters only.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'

function printable(c: string): boolean {
  const code = c.codePointAt(0) ?? 0
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c)
}

/**
 * Text a person gave, as the sheet prints it: one line, without control or direction-changing
 * characters (an RTL override would reorder what follows), letters Helvetica lacks shown as `?`,
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
 * The most the service lets a claim's routing fee be (docs/architecture.md, "Voucher sheets"): a
 * claim is a payment, capped at 5 % of its whole sats, rounded up. Usually far less is taken, and
 * nothing when the claimant's wallet is on the same service.
 */
export function claimFeeCapSat(amountSat: number): number {
  return Math.ceil((amountSat * 5) / 100)
}
