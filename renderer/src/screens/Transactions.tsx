// The history from main's ledger: search, filters, one row per payment (its fee folded in) in
// plain words, pages, and the whole filtered history as CSV. Rows are list items with formatting
// only, keyed by place, so a page of 100 paints fast (docs/ledger.md, "The history screen"); long
// memos wrap instead of scrolling sideways.
import type { CsvFormat, HistoryRow } from '@shared/history'
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { ErrorMessage } from '../components/ErrorMessage'
import { FiatThen, fiatThenText } from '../components/FiatThen'
import { Filters, FirstSync } from '../components/HistoryFilters'
import { RowIcon } from '../components/RowIcon'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { Empty, Skeleton } from '../components/Skeleton'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { showMsat, useHidden } from '../lib/money'
import { rowDirection, rowNotes, rowWords } from '../lib/rowText'
import { dayHeading, daysBetween, relativeTime, timeOfDay } from '../lib/when'
import { fiatBeside, fiatTexts, useRates } from '../stores/rates'
import { type HistoryFilter, useTransactions } from '../stores/transactions'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

export default function Transactions(props: { walletId?: string }) {
  const items = useTransactions((s) => s.items)
  const page = useTransactions((s) => s.page)
  const pageCount = useTransactions((s) => s.pageCount)
  const total = useTransactions((s) => s.total)
  const capped = useTransactions((s) => s.capped)
  const next = useTransactions((s) => s.next)
  const status = useTransactions((s) => s.status)
  const error = useTransactions((s) => s.error)
  const open = useTransactions((s) => s.open)
  const goTo = useTransactions((s) => s.goTo)
  const filter = useTransactions((s) => s.filter)
  const rates = useRates((s) => s.view)
  const hidden = useHidden()
  // no currency beside hidden amounts
  const fiat = hidden ? null : fiatTexts(rates)

  useEffect(() => {
    void open(props.walletId)
  }, [props.walletId, open])

  // the time the page's "5 min ago" and day headings are reckoned from: when its rows came
  // biome-ignore lint/correctness/useExhaustiveDependencies: the time is taken anew with each page of rows
  const now = useMemo(() => Date.now(), [items])
  const days = useMemo(() => daysOf(items, now), [items, now])
  useScrollTopOnPage(page)

  const loading = status === 'loading'
  return (
    <Screen title={t('transactions.transactions')}>
      <Filters />
      <FirstSync />
      {error && <ErrorMessage error={error} onRetry={() => void goTo(page)} />}
      {loading && items.length === 0 && <Skeleton label={t('transactions.loadingTransactions')} />}
      <WalletShown />
      {status === 'ready' && total === 0 && (
        <Empty>
          {datesSwapped(filter) ? t('transactions.theFromDateIsAfter') : t('transactions.noTransactionsMatch')}
        </Empty>
      )}
      {items.length > 0 && fiat && <PriceNote />}
      {items.length > 0 && (
        <ul className="history" aria-busy={loading}>
          {items.map((t, i) => [
            // the day's heading before its first row, an item of its own so a row's text is the row's
            days.first[i] && (
              // biome-ignore lint/suspicious/noArrayIndexKey: a heading's place on the page is its identity here
              <li key={`d${i}`} className="history-day">
                <h2>{days.day[i]}</h2>
              </li>
            ),
            // keyed by place, not by row: a new page rewrites the same 100 rows' text instead of
            // removing and creating them, which is most of a page change's cost
            <Row
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are text and a button, no state of their own
              key={`r${i}`}
              tx={t}
              fiat={fiat?.(Math.abs(t.amountMsat)) ?? null}
              hidden={hidden}
              day={days.day[i] ?? ''}
              now={now}
            />,
          ])}
        </ul>
      )}
      {(pageCount > 0 || loading) && (
        <nav className="pager" aria-label={t('transactions.pages')}>
          <button type="button" onClick={() => void goTo(page - 1)} disabled={page <= 1}>
            <FormattedMessage id="transactions.previous" />
          </button>
          <span role="status">
            <FormattedMessage
              id={capped ? 'transactions.pageOfCapped' : 'transactions.pageOf'}
              values={{ page, max: Math.max(pageCount, page), transactions: transactions(total, capped) }}
            />
          </span>
          <button type="button" onClick={() => void goTo(page + 1)} disabled={capped ? !next : page >= pageCount}>
            <FormattedMessage id="transactions.next" />
          </button>
        </nav>
      )}
      <CsvExport />
    </Screen>
  )
}

/**
 * Each row's day ("Today", "Yesterday", "Mon, 23 Nov") and whether it is the first of its day (a
 * heading goes before it). Formatted once per day, not per row: a page of 100 is a few days.
 */
function daysOf(items: HistoryRow[], now: number): { day: string[]; first: boolean[] } {
  const day: string[] = []
  const first: boolean[] = []
  let lastKey = Number.NaN
  let last = ''
  for (const t of items) {
    const key = daysBetween(t.createdAt * 1000, now)
    if (key !== lastKey) last = dayHeading(t.createdAt, now)
    first.push(key !== lastKey)
    day.push(last)
    lastKey = key
  }
  return { day, first }
}

/** Another page: back to the top of the screen, so it reads from its start (not next to Previous). */
function useScrollTopOnPage(page: number) {
  const shown = useRef(page)
  useEffect(() => {
    if (shown.current === page) return
    shown.current = page
    window.scrollTo({ top: 0 })
  }, [page])
}

/** "1 transaction", "25 transactions" */
/** "1 transaction", "25 transactions"; a capped search's floor "1,000+ transactions" */
const transactions = (n: number, capped = false) =>
  capped ? t('transactions.countCapped', { count: n }) : t('transactions.count', { count: n })

/** From later than To finds nothing: say why (N16). Both are YYYY-MM-DD, so they compare as text. */
const datesSwapped = (f: HistoryFilter) => f.from !== '' && f.to !== '' && f.from > f.to

/** A wallet chosen on Home stays chosen here: said above the rows, with a way back to all (N12). */
function WalletShown() {
  const walletId = useTransactions((s) => s.filter.walletId)
  const label = useWallets((s) => s.wallets.find((w) => w.id === walletId)?.label)
  if (walletId === 'all') return null
  return (
    <p className="wallet-shown small">
      <FormattedMessage id="transactions.showingOnly" values={{ wallet: label ?? t('transactions.oneWallet') }} />{' '}
      <button
        type="button"
        className="link"
        onClick={() => void useTransactions.getState().setFilter({ walletId: 'all' })}
      >
        <FormattedMessage id="transactions.showAllWallets" />
      </button>
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
      <FormattedMessage id="transactions.inAtTodaySPrice" values={{ currency: view.currency, age: shown.age }} />
    </p>
  )
}

const csvFormats = (): ReadonlyArray<{ value: CsvFormat; label: string }> => [
  { value: 'plain', label: t('transactions.plainCsv') },
  { value: 'koinly', label: 'Koinly' },
  { value: 'cointracker', label: 'CoinTracker' },
]

/** The whole filtered history, not just this page, through the save dialog, in the chosen format. */
function CsvExport() {
  const exp = useTransactions((s) => s.export)
  const total = useTransactions((s) => s.total)
  const capped = useTransactions((s) => s.capped)
  const exportCsv = useTransactions((s) => s.exportCsv)
  const busy = exp.requestId !== null
  const [format, setFormat] = useState<CsvFormat>('plain')
  return (
    <section className="history-export" aria-label={t('transactions.export')}>
      <SelectField
        id="csv-format"
        label={t('transactions.format')}
        value={format}
        onValue={(v) => setFormat(v as CsvFormat)}
      >
        {csvFormats().map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </SelectField>
      <button type="button" onClick={() => void exportCsv(format)} disabled={busy || total === 0}>
        <FormattedMessage id="transactions.exportCsvOfAll" values={{ transactions: transactions(total, capped) }} />
      </button>
      {busy && (
        <p role="status">
          <progress value={exp.done} max={exp.total || 1} />{' '}
          <FormattedMessage id="transactions.writingOf" values={{ done: exp.done, total: exp.total }} />
        </p>
      )}
      {exp.result?.file.status === 'saved' && (
        <p role="status">
          <FormattedMessage
            id="transactions.savedTo"
            values={{ transactions: transactions(exp.result.rows), fileName: exp.result.file.fileName }}
          />
        </p>
      )}
      {exp.result?.file.status === 'cancelled' && (
        <p role="status">
          <FormattedMessage id="transactions.notSaved" />
        </p>
      )}
      {exp.result?.file.status === 'failed' && <p role="alert">{exp.result.file.message}</p>}
      {exp.error && <ErrorMessage error={exp.error} />}
    </section>
  )
}

const Row = memo(function Row(props: {
  tx: HistoryRow
  fiat: string | null
  hidden: boolean
  /** the row's day, as its heading says it */
  day: string
  now: number
}) {
  const { tx, fiat, hidden, day, now } = props
  const time = timeOfDay(tx.createdAt)
  const date = `${day} ${time}`
  const amount = showMsat(tx.amountMsat, hidden, { signed: true })
  const notes = rowNotes(tx)
  const words = rowWords(tx)
  // today's rows say how long ago; older ones their time, under the day's heading
  const when = daysBetween(tx.createdAt * 1000, now) === 0 ? relativeTime(tx.createdAt, now) : time
  const view = useRates((s) => s.view)
  const fee = tx.feeMsat !== 0 ? t('transactions.fee', { showMsat: showMsat(-tx.feeMsat, hidden) }) : null
  const then = hidden ? null : (fiatThenText(tx.amountMsat, tx.priceThen, view)?.text ?? null)
  // a screen reader hears what the row shows, in its order, then the full date: a name that
  // holds the visible words (WCAG 2.5.3) and still says which row it is
  const more = [when, tx.walletLabel, ...notes, fiat, then, fee, date].filter(Boolean).join(', ')
  return (
    <li className="history-row">
      {/* the whole row opens the detail: one control covering it, one focus stop, its name saying
          which row it is (a page has many) */}
      <button
        type="button"
        className="history-open"
        aria-label={t('transactions.detailsOf', { words, amount, more })}
        onClick={() =>
          useUi.getState().go({ to: 'transaction', walletId: tx.walletId, txId: tx.txId, lnTxId: tx.lnTxId })
        }
      >
        <RowIcon direction={rowDirection(tx)} />
        {/* what and how much on the first line; when, where and the notes under it, then the
            fiat and the fee, each part kept whole (styles.css puts the dots between them) */}
        <span className="words">{words}</span>{' '}
        <span className={tx.amountMsat < 0 ? 'num out' : 'num in'}>{amount}</span>{' '}
        <span className="meta">
          {when}
          {tx.walletLabel && ` · ${tx.walletLabel}`}
          {notes.length > 0 && ` · ${notes.join(' · ')}`}
        </span>{' '}
        {(fiat || tx.priceThen || tx.feeMsat !== 0) && (
          <span className="side">
            {fiat && (
              <>
                <span className="row-fiat">{fiat}</span>{' '}
              </>
            )}
            <FiatThen msat={tx.amountMsat} priceThen={tx.priceThen} testId="row-fiat-then" />
            {tx.feeMsat !== 0 && <span className="fee">{fee}</span>}
          </span>
        )}
      </button>
    </li>
  )
})
