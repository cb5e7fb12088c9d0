// CSV cells for spreadsheets. Text that a spreadsheet would run as a formula (=, +, -, @, tab,
// carriage return first) gets a leading apostrophe; numbers stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const s = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function csvRow(cells: Array<string | number | null>): string {
  return cells.map(csvCell).join(',')
}
