// Text written by others (memos, descriptions, LNURL metadata, payers' comments, wallet labels
// from the service, a server's words) made fit to show, by one function wherever such text
// enters (docs/network.md, "Text from others"). Control (Cc) and format (Cf) characters go:
// bidirectional overrides and isolates turn "000,01 evig lliw ew" into "we will give 10,000" on
// screen, zero-width ones hide letters, NUL and ESC confuse whatever reads the text next. Line
// breaks and tabs become one space, so the text is one line; a text longer than `max` characters
// (code points: an emoji is never cut in half) ends with "…".

/** Enough for any memo (the service keeps 639 characters; the ledger 1,024) or description. */
export const CLEAN_TEXT_MAX = 1024

/** Format characters, lone surrogates, and control characters other than whitespace. */
const INVISIBLE = /[\p{Cf}\p{Cs}]|[^\P{Cc}\s]/gu

export function cleanText(s: string, max = CLEAN_TEXT_MAX): string {
  // a hostile megabyte is cut before any other work; what is cut would not show anyway
  const flat = s
    .slice(0, Math.max(max, 16) * 4)
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (flat.length <= max) return flat
  const chars = Array.from(flat)
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat
}

/** `cleanText` for a text that may be absent (null or undefined: null). */
export function cleanOptional(s: string | null | undefined, max = CLEAN_TEXT_MAX): string | null {
  return s == null ? null : cleanText(s, max)
}
