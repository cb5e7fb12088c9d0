// The history from main's ledger: search, filters, one row per payment (its fee folded in) in
// plain words, pages, and the whole filtered history as CSV. Rows are list items with formatting
// only, keyed by place, so a page of 100 paints fast (docs/ledger.md, "The history screen"); long
// memos wrap instead of scrolling sideways.
import type { CsvFormat, HistoryRow } from '@shared/history'
import { TX_KINDS, type TxKind } from '@shared/history'
import { memo, useEffect, useState } from 'react'
import { ErrorMessage } from '../components/ErrorMessage'
import { FiatThen } from '../components/FiatThen'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { Empty, Skeleton } from '../components/Skeleton'
import { TextField } from '../components/TextField'
import { formatDate } from '../lib/format'
import { showMsat, useHidden } from '../lib/money'
import { useAccounts } from '../stores/accounts'
import { fiatBeside, fiatTexts, useRates } from '../stores/rates'
import { type HistoryFilter, PER_PAGE_CHOICES, useTransactions } from '../stores/transactions'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

export default function Transactions(props: { walletId?: string }) {
  const items = useTransactions((s) => s.items)
  const page = useTransactions((s) => s.page)
  const pageCount = useTransactions((s) => s.pageCount)
  const total = useTransactions((s) => s.total)
  const status = useTransactions((s) => s.status)
  const error = useTransactions((s) => s.error)
  const open = useTransactions((s) => s.open)
  const goTo = useTransactions((s) => s.goTo)
  const rates = useRates((s) => s.view)
  const hidden = useHidden()
  // no currency beside hidden amounts
  const fiat = hidden ? null : fiatTexts(rates)

  useEffect(() => {
    void open(props.walletId)
  }, [props.walletId, open])

  const loading = status === 'loading'
  return (
    <Screen title="Transactions">
      <Filters />
      <FirstSync />
      {error && <ErrorMessage error={error} onRetry={() => void goTo(page)} />}
      {loading && items.length === 0 && <Skeleton label="Loading transactions…" />}
      {status === 'ready' && total === 0 && <Empty>No transactions match.</Empty>}
      {items.length > 0 && fiat && <PriceNote />}
      {items.length > 0 && (
        <ul className="history" aria-busy={loading}>
          {items.map((t, i) => (
            // keyed by place, not by row: a new page rewrites the same 100 rows' text instead of
            // removing and creating them, which is most of a page change's cost
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are text and a button, no state of their own
            <Row key={i} tx={t} fiat={fiat?.(Math.abs(t.amountMsat)) ?? null} hidden={hidden} />
          ))}
        </ul>
      )}
      {(pageCount > 0 || loading) && (
        <nav className="pager" aria-label="Pages">
          <button type="button" onClick={() => void goTo(page - 1)} disabled={page <= 1}>
            Previous
          </button>
          <span role="status">
            Page {page} of {Math.max(pageCount, page)} · {total} transactions
          </span>
          <button type="button" onClick={() => void goTo(page + 1)} disabled={page >= pageCount}>
            Next
          </button>
        </nav>
      )}
      <CsvExport />
    </Screen>
  )
}

/** How many filters besides the search narrow the list. */
function activeFilters(f: HistoryFilter): number {
  return [f.walletId !== 'all', f.direction !== 'all', f.kind !== '', f.from !== '', f.to !== ''].filter(Boolean).length
}

/**
 * Search always shows; the other filters fold away, so at tray size the rows start near the top.
 * Folded or not is remembered; at first it follows the window's width.
 */
function Filters() {
  const filter = useTransactions((s) => s.filter)
  const perPage = useTransactions((s) => s.perPage)
  const setFilter = useTransactions((s) => s.setFilter)
  const setPerPage = useTransactions((s) => s.setPerPage)
  const open = useTransactions((s) => s.filtersOpen ?? wideWindow())
  const wallets = useWallets((s) => s.wallets)
  const active = activeFilters(filter)
  return (
    <search className="toolbar history-filters">
      <TextField
        id="tx-search"
        label="Search"
        type="search"
        placeholder="Memo, comment, payee, label or amount"
        value={filter.search}
        maxLength={200}
        onValue={(search) => void setFilter({ search })}
      />
      <details
        className="history-more"
        open={open}
        onToggle={(e) => useTransactions.setState({ filtersOpen: e.currentTarget.open })}
      >
        <summary>Filters{active > 0 && <span className="badge"> · {active} on</span>}</summary>
        <div className="history-filter-grid">
          <SelectField
            id="tx-wallet"
            label="Wallet"
            value={filter.walletId}
            onValue={(walletId) => void setFilter({ walletId })}
          >
            <option value="all">All wallets</option>
            {wallets.map((w) => (
              <option key={w.id} value={w.id}>
                {w.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="tx-direction"
            label="Direction"
            value={filter.direction}
            onValue={(v) => void setFilter({ direction: v as 'all' | 'sent' | 'received' })}
          >
            <option value="all">Sent and received</option>
            <option value="received">Received</option>
            <option value="sent">Sent</option>
          </SelectField>
          <SelectField
            id="tx-kind"
            label="Type"
            value={filter.kind}
            onValue={(v) => void setFilter({ kind: v as TxKind | '' })}
          >
            <option value="">Every type</option>
            {(Object.keys(TX_KINDS) as TxKind[]).map((k) => (
              <option key={k} value={k}>
                {TX_KINDS[k].label}
              </option>
            ))}
          </SelectField>
          <TextField
            id="tx-from"
            label="From"
            type="date"
            value={filter.from}
            onValue={(from) => void setFilter({ from })}
          />
          <TextField id="tx-to" label="To" type="date" value={filter.to} onValue={(to) => void setFilter({ to })} />
          <SelectField id="per-page" label="Per page" value={perPage} onValue={(v) => void setPerPage(Number(v))}>
            {PER_PAGE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>
      </details>
    </search>
  )
}

/** A window wide enough to show the filters open without pushing the rows off the first screen. */
function wideWindow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(min-width: 40rem)').matches
    : true
}

/** The first sync of a large history runs in the background; how far it has come, until it is through. */
function FirstSync() {
  const activeId = useAccounts((s) => s.activeId)
  const p = useTransactions((s) => (activeId ? s.syncing[activeId] : undefined))
  if (!p || p.loaded >= p.total) return null
  return (
    <p role="status" className="history-sync">
      <progress value={p.loaded} max={p.total} /> Loading history: {p.loaded.toLocaleString('en-US')} of ~
      {p.total.toLocaleString('en-US')}
    </p>
  )
}

/** Said once for the page: the fiat beside each row is at today's price, not the day's. */
function PriceNote() {
  const view = useRates((s) => s.view)
  const shown = fiatBeside(1, view, Date.now())
  if (!view || !shown) return null
  return (
    <p className="muted small" title={shown.title} data-testid="history-price">
      ≈ in {view.currency} at today's price · {shown.age}
    </p>
  )
}

const CSV_FORMATS: ReadonlyArray<{ value: CsvFormat; label: string }> = [
  { value: 'plain', label: 'Plain CSV' },
  { value: 'koinly', label: 'Koinly' },
  { value: 'cointracker', label: 'CoinTracker' },
]

/** The whole filtered history, not just this page, through the save dialog, in the chosen format. */
function CsvExport() {
  const exp = useTransactions((s) => s.export)
  const total = useTransactions((s) => s.total)
  const exportCsv = useTransactions((s) => s.exportCsv)
  const busy = exp.requestId !== null
  const [format, setFormat] = useState<CsvFormat>('plain')
  return (
    <section className="history-export" aria-label="Export">
      <SelectField id="csv-format" label="Format" value={format} onValue={(v) => setFormat(v as CsvFormat)}>
        {CSV_FORMATS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </SelectField>
      <button type="button" onClick={() => void exportCsv(format)} disabled={busy || total === 0}>
        Export CSV of all {total} transactions
      </button>
      {busy && (
        <p role="status">
          <progress value={exp.done} max={exp.total || 1} /> Writing {exp.done} of {exp.total}…
        </p>
      )}
      {exp.result?.file.status === 'saved' && (
        <p role="status">
          Saved {exp.result.rows} transactions to {exp.result.file.fileName}.
        </p>
      )}
      {exp.result?.file.status === 'cancelled' && <p role="status">Not saved.</p>}
      {exp.result?.file.status === 'failed' && <p role="alert">{exp.result.file.message}</p>}
      {exp.error && <ErrorMessage error={exp.error} />}
    </section>
  )
}

const Row = memo(function Row({ tx: t, fiat, hidden }: { tx: HistoryRow; fiat: string | null; hidden: boolean }) {
  const date = formatDate(t.createdAt)
  const amount = showMsat(t.amountMsat, hidden, { signed: true })
  const note = [t.memo, t.comment].filter(Boolean).join(' · ')
  return (
    <li className="history-row">
      {/* what and how much on the first line; when, where and the notes under it (they wrap) */}
      <span className="words">{t.words}</span> <span className={t.amountMsat < 0 ? 'num out' : 'num in'}>{amount}</span>
      <span className="meta">
        {date}
        {t.walletLabel && ` · ${t.walletLabel}`}
        {note && ` · ${note}`}
        {t.label && ` · ${t.label}`}
      </span>
      <span className="side">
        {fiat && (
          <span className="row-fiat">
            {fiat}
            {t.feeMsat !== 0 ? ' · ' : ' '}
          </span>
        )}
        <FiatThen msat={t.amountMsat} priceThen={t.priceThen} testId="row-fiat-then" />
        {t.feeMsat !== 0 && <span className="fee">fee {showMsat(-t.feeMsat, hidden)} </span>}
        <button
          type="button"
          className="link"
          // a page has many rows: "Details" alone would not say which one in a screen reader's list
          aria-label={`Details of ${t.words}, ${amount}, ${date}`}
          onClick={() =>
            useUi.getState().go({ to: 'transaction', walletId: t.walletId, txId: t.txId, lnTxId: t.lnTxId })
          }
        >
          Details
        </button>
      </span>
    </li>
  )
})
