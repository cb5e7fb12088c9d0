// The history's search and filters (search always shows; the rest fold away at tray size), and
// the first sync's progress above the rows.
import { TX_KINDS, type TxKind } from '@shared/historyLimits'
import { formatLocale, type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useAccounts } from '../stores/accounts'
import { type HistoryFilter, PER_PAGE_CHOICES, useTransactions } from '../stores/transactions'
import { useWallets } from '../stores/wallets'
import { SelectField } from './SelectField'
import { TextField } from './TextField'

/** Each kind's name in the Type filter (a new kind without one does not compile). */
const KIND_NAMES: Record<TxKind, MessageId> = {
  lightning: 'historyFilters.kindLightning',
  address: 'historyFilters.kindAddress',
  withdraw: 'historyFilters.kindWithdraw',
  transfer: 'historyFilters.kindTransfer',
  fee: 'historyFilters.kindFee',
}

/** How many filters besides the search narrow the list. */
function activeFilters(f: HistoryFilter): number {
  return [f.walletId !== 'all', f.direction !== 'all', f.kind !== '', f.from !== '', f.to !== ''].filter(Boolean).length
}

/**
 * Search always shows; the other filters fold away, so at tray size the rows start near the top.
 * Folded or not is remembered; at first it follows the window's width.
 */
export function Filters() {
  const filter = useTransactions((s) => s.filter)
  const setFilter = useTransactions((s) => s.setFilter)
  const open = useTransactions((s) => s.filtersOpen ?? wideWindow())
  const active = activeFilters(filter)
  return (
    <search className="toolbar history-filters">
      <TextField
        id="tx-search"
        label={t('historyFilters.search')}
        type="search"
        placeholder={t('historyFilters.memoCommentPayeeLabelOr')}
        value={filter.search}
        maxLength={200}
        onValue={(search) => void setFilter({ search })}
      />
      <details
        className="history-more"
        open={open}
        onToggle={(e) => useTransactions.setState({ filtersOpen: e.currentTarget.open })}
      >
        <summary>
          <FormattedMessage id="historyFilters.filters" />
          {active > 0 && (
            <span className="badge">
              {' '}
              <FormattedMessage id="historyFilters.on" values={{ active }} />
            </span>
          )}
        </summary>
        <div className="history-filter-grid">
          <WhichFilters />
          <WhenFilters />
          <PerPage />
        </div>
      </details>
    </search>
  )
}

/** Which rows: of one wallet, one direction, one kind. */
function WhichFilters() {
  const filter = useTransactions((s) => s.filter)
  const setFilter = useTransactions((s) => s.setFilter)
  const wallets = useWallets((s) => s.wallets)
  return (
    <>
      <SelectField
        id="tx-wallet"
        label={t('historyFilters.wallet')}
        value={filter.walletId}
        onValue={(walletId) => void setFilter({ walletId })}
      >
        <option value="all">
          <FormattedMessage id="historyFilters.allWallets" />
        </option>
        {wallets.map((w) => (
          <option key={w.id} value={w.id}>
            {w.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="tx-direction"
        label={t('historyFilters.direction')}
        value={filter.direction}
        onValue={(v) => void setFilter({ direction: v as 'all' | 'sent' | 'received' })}
      >
        <option value="all">
          <FormattedMessage id="historyFilters.sentAndReceived" />
        </option>
        <option value="received">
          <FormattedMessage id="historyFilters.received" />
        </option>
        <option value="sent">
          <FormattedMessage id="historyFilters.sent" />
        </option>
      </SelectField>
      <SelectField
        id="tx-kind"
        label={t('historyFilters.type')}
        value={filter.kind}
        onValue={(v) => void setFilter({ kind: v as TxKind | '' })}
      >
        <option value="">
          <FormattedMessage id="historyFilters.everyType" />
        </option>
        {(Object.keys(TX_KINDS) as TxKind[]).map((k) => (
          <option key={k} value={k}>
            {t(KIND_NAMES[k])}
          </option>
        ))}
      </SelectField>
    </>
  )
}

/** When: from one day, to another. */
function WhenFilters() {
  const filter = useTransactions((s) => s.filter)
  const setFilter = useTransactions((s) => s.setFilter)
  return (
    <>
      <TextField
        id="tx-from"
        label={t('historyFilters.from')}
        type="date"
        value={filter.from}
        onValue={(from) => void setFilter({ from })}
      />
      <TextField
        id="tx-to"
        label={t('historyFilters.to')}
        type="date"
        value={filter.to}
        onValue={(to) => void setFilter({ to })}
      />
    </>
  )
}

/** How many rows a page holds. */
function PerPage() {
  const perPage = useTransactions((s) => s.perPage)
  const setPerPage = useTransactions((s) => s.setPerPage)
  return (
    <SelectField
      id="per-page"
      label={t('historyFilters.perPage')}
      value={perPage}
      onValue={(v) => void setPerPage(Number(v))}
    >
      {PER_PAGE_CHOICES.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </SelectField>
  )
}

/** A window wide enough to show the filters open without pushing the rows off the first screen. */
function wideWindow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(min-width: 40rem)').matches
    : true
}

/** The first sync of a large history runs in the background; how far it has come, until it is through. */
export function FirstSync() {
  const activeId = useAccounts((s) => s.activeId)
  const p = useTransactions((s) => (activeId ? s.syncing[activeId] : undefined))
  if (!p || p.loaded >= p.total) return null
  return (
    <p role="status" className="history-sync">
      <progress value={p.loaded} max={p.total} />{' '}
      <FormattedMessage
        id="historyFilters.loadingHistoryOf"
        values={{ amount: p.loaded.toLocaleString(formatLocale()), amount2: p.total.toLocaleString(formatLocale()) }}
      />
    </p>
  )
}
