// CSV of the loaded transactions. Text cells that a spreadsheet would run as a formula
// (=, +, -, @, tab, carriage return first) get a leading apostrophe; numbers stay numbers.
import type { TxView } from '@shared/contract'

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const s = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

function csvRow(cells: Array<string | number | null>): string {
  return cells.map(csvCell).join(',')
}

export function transactionsCsv(items: readonly TxView[]): string {
  const rows = [csvRow(['date', 'type', 'amount_msat', 'fee_msat', 'memo', 'label', 'id', 'lntx_id'])]
  for (const t of items)
    rows.push(
      csvRow([
        new Date(t.createdAt * 1000).toISOString(),
        t.typeDisplay,
        t.amountMsat,
        t.feeMsat,
        t.memo,
        t.label,
        t.id,
        t.lnTxId,
      ]),
    )
  return `${rows.join('\r\n')}\r\n`
}
