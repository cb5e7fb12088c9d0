// History from the local ledger: pages, labels and exports (docs/ledger.md).
import { z } from 'zod'
import { CsvFormat, HistoryFilterInput, HistoryPage, HistoryQuery, LABEL_MAX } from '../history'
import { id, int, op, RequestId, SheetOutcome } from './base'

export const historyOps = {
  /** A page of the active account's history from the local ledger: by page number or keyset cursor. */
  'history.page': op('read', HistoryQuery, HistoryPage),
  /** The person's label of a transaction (by its service id); empty removes it. */
  'history.label': op(
    'local',
    z
      .object({ txId: id, label: z.string().trim().max(LABEL_MAX, `A label is at most ${LABEL_MAX} characters.`) })
      .strict(),
    z.object({ txId: id, label: z.string().nullable() }),
  ),
  /** The WHOLE filtered history as CSV through the save dialog; `history.progress` events on the way. */
  'history.exportCsv': op(
    'local',
    HistoryFilterInput.extend({ requestId: RequestId, format: CsvFormat.default('plain') }).strict(),
    z.object({ rows: int.nonnegative(), file: SheetOutcome }),
  ),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const historyWhileLocked = {
  'history.page': 'refused',
  'history.label': 'refused',
  'history.exportCsv': 'refused',
} as const
