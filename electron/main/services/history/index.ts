// The history from the local ledger: a page, a label, the whole filtered history as CSV, streamed
// into the file. The ledger is filled by the sync loop; these only read it (docs/ledger.md).
import { cleanText } from '@shared/cleanText'
import type { Emit, SheetOutcome } from '@shared/contract'
import { AppError } from '@shared/errors'
import {
  type ClaimedLinkView,
  type CsvFormat,
  type HistoryFilterInput,
  type HistoryPage,
  type HistoryQuery,
  type HistoryRow,
  TX_KINDS,
} from '@shared/history'
import { voucherShortId } from '@shared/vouchers'
import type { z } from 'zod'
import type { Logger } from '../../log'
import type { AccountsService } from '../accounts'
import { mt } from '../i18n'
import type { HistoryFilter, Ledger, LedgerTx } from '../ledger'
import type { SettingsStore } from '../settings'
import type { SaveFile } from '../vouchers'

export interface HistoryDeps {
  accounts: Pick<AccountsService, 'active'>
  ledger: () => Ledger
  emit: Emit
  now: () => number
  saveFile?: SaveFile
  log?: Pick<Logger, 'warn'>
  /** the fiat currency of the Koinly export's Net Worth (settings.fiat.currency; USD without) */
  settings?: Pick<SettingsStore, 'current'>
}

/** The renderer's filter as the ledger takes it, for the active account. */
function ledgerFilter(accountId: string, f: HistoryFilterInput): HistoryFilter {
  const search = f.search?.trim()
  return {
    accountId,
    walletId: f.walletId ?? 'all',
    direction: f.direction ?? 'all',
    ...(f.kind ? { types: [...TX_KINDS[f.kind].types] } : {}),
    ...(f.from !== undefined ? { from: f.from } : {}),
    ...(f.to !== undefined ? { to: f.to } : {}),
    ...(search ? { search } : {}),
  }
}

/**
 * A page's rows, each naming the withdraw link of this app it claimed (the person's memo and the
 * link's short id): one look-up for the whole page, by the claim's index, never one per row.
 */
function historyRows(ledger: Ledger, accountId: string, items: readonly LedgerTx[]): HistoryRow[] {
  const links = new Map(
    ledger
      .claimedLinks(
        accountId,
        items.map((t) => t.txId),
      )
      .map((l) => [l.txId, { memo: cleanText(l.memo), shortId: voucherShortId(l.ott) }]),
  )
  return items.map((t) => historyRow(t, links.get(t.txId) ?? null))
}

function historyRow(t: LedgerTx, link: ClaimedLinkView | null): HistoryRow {
  return {
    rowId: t.rowId,
    txId: t.txId,
    walletId: t.walletId,
    walletLabel: t.walletLabel,
    typeName: t.typeName,
    words: t.words,
    amountMsat: t.amountMsat,
    feeMsat: t.feeMsat,
    memo: t.memo,
    comment: t.comment,
    payee: t.payee,
    label: t.label,
    lnTxId: t.lnTxId,
    paymentHash: t.paymentHash,
    createdAt: t.createdAt,
    priceThen: t.priceThen ?? null,
    link,
    zap: t.zap ?? null,
  }
}

/** `transactions-2026-11-23.csv`, `transactions-2026-11-23-koinly.csv` */
const csvName = (ms: number, format: string) =>
  `transactions-${new Date(ms).toISOString().slice(0, 10)}${format === 'plain' ? '' : `-${format}`}.csv`

export type History = ReturnType<typeof createHistory>

export function createHistory(d: HistoryDeps) {
  function page(q: z.output<typeof HistoryQuery>): HistoryPage {
    const ledger = d.ledger()
    const filter = ledgerFilter(d.accounts.active().id, q)
    const at = (n: number) =>
      ledger.page({ ...filter, limit: q.limit, ...(q.after ? { after: q.after } : { offset: (n - 1) * q.limit }) })
    let n = q.page
    let p = at(n)
    // a page past the end (the filter or the history shrank since): the last page, as the service
    // does (of a capped search, the last whose number is known)
    if (!q.after && p.items.length === 0 && p.total > 0) {
      n = Math.ceil(p.total / q.limit)
      p = at(n)
    }
    return {
      items: historyRows(ledger, filter.accountId, p.items),
      total: p.total,
      capped: p.capped,
      page: n,
      pageCount: Math.ceil(p.total / q.limit),
      limit: q.limit,
      next: p.next,
    }
  }

  async function exportCsv({
    requestId,
    format = 'plain',
    ...f
  }: HistoryFilterInput & { requestId: string; format?: CsvFormat }): Promise<{ rows: number; file: SheetOutcome }> {
    const saveFile = d.saveFile
    if (!saveFile) throw new AppError('internal', mt('errors.noSaving'), { retryable: false })
    const filter = ledgerFilter(d.accounts.active().id, f)
    const currency = d.settings?.current().settings.fiat.currency ?? 'USD'
    let rows = 0
    try {
      // the place first, then the rows straight into it, each chunk written before the next is read:
      // a million rows are 300 MB of text, never held at once
      const file = await saveFile({
        defaultName: csvName(d.now(), format),
        filters: [{ name: 'CSV', extensions: ['csv'] }],
        stream: async (write) => {
          ;({ rows } = await d.ledger().exportCsv(filter, {
            write,
            onProgress: (done, total) => d.emit('history.progress', { requestId, done, total }),
            format,
            currency,
          }))
        },
      })
      return { rows, file }
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code
      d.log?.warn('history CSV not saved', { code })
      return {
        rows,
        file: {
          status: 'failed',
          message: mt('notices.fileNotSaved', { code: typeof code === 'string' ? code : 'none' }),
        },
      }
    }
  }

  return {
    page,
    /** the person's label of a transaction; empty removes it */
    label({ txId, label }: { txId: string; label: string }) {
      d.ledger().setLabel(d.accounts.active().id, txId, label || null, Math.floor(d.now() / 1000))
      return { txId, label: label || null }
    },
    exportCsv,
  }
}
