// The CSV formats beside the plain one (docs/ledger.md, "Exports for tax tools"): each a header
// and a row's cells, streamed by exportCsv.ts like the plain file.
import type { FiatCurrency } from '@shared/contract'
import { cointrackerFormat } from './cointracker'
import type { ExportFormat } from './common'
import { koinlyFormat } from './koinly'

export { COINTRACKER_HEADER } from './cointracker'
export type { ExportFormat } from './common'
export { KOINLY_HEADER } from './koinly'

export type CsvFormatName = 'plain' | 'koinly' | 'cointracker'

/** the format's header and cells; null for the plain CSV (exportCsv.ts's own columns) */
export function exportFormat(name: CsvFormatName, currency: FiatCurrency): ExportFormat | null {
  if (name === 'koinly') return koinlyFormat(currency)
  if (name === 'cointracker') return cointrackerFormat
  return null
}
