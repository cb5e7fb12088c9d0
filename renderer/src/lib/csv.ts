// CSV of the loaded transactions; cells are made safe for spreadsheets in @shared/csv.
import type { TxView } from '@shared/contract'
import { csvRow } from '@shared/csv'

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
