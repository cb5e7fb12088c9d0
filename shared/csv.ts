// CSV cells for spreadsheets, safe whichever separator the spreadsheet splits on. The file is
// comma-separated, but a spreadsheet in a German, French or Dutch locale splits on `;`, and some
// on tabs; there a quote inside a field is just a character, so a cell's `;` or tab starts a new
// field of its own, and a line break a new row. A payer's comment `x;=cmd|' /C calc'!A0;` would be
// a formula there. So every place inside a text where any of those splits could start a field
// (the cell's start, after `,` `;` tab or a line break) gets an apostrophe before a leading
// = + - @ (or tab, carriage return: some spreadsheets drop them and read what follows), even
// after spaces or quotes; and a cell with any of those characters is quoted for the comma reader.
// Numbers stay numbers.

/** Spaces and quotes a spreadsheet may read past, then what starts a formula. */
const DANGER = String.raw`(?:[^\S\t\r\n]|")*[=+\-@\t\r]`
/** A separator of some locale, or a line break, where a field starts that is a formula. */
const INNER = new RegExp(String.raw`[,;\t\r\n](?=${DANGER})`, 'g')
const AT_START = new RegExp(`^${DANGER}`)
const NEEDS_QUOTES = /[",;\t\r\n]/

/** `value` with an apostrophe before every formula a `,`, `;` or tab split could make of it. */
export function defuse(value: string): string {
  // after each separator first; that never changes how the text starts
  const inner = value.replace(INNER, "$&'")
  return AT_START.test(inner) ? `'${inner}` : inner
}

export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const s = defuse(value)
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function csvRow(cells: Array<string | number | null>): string {
  return cells.map(csvCell).join(',')
}
