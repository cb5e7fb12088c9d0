// Home's last few rows: what each was (memo, comment or payee), in or out, how much and when;
// a row that just arrived is highlighted for a moment. "All transactions" opens the history.
import type { HistoryRow } from '@shared/history'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { showMsat, useHidden } from '../lib/money'
import { rowDirection, rowTitle, rowWords } from '../lib/rowText'
import { relativeTime } from '../lib/when'
import { useRecent } from '../stores/recent'
import { useUi } from '../stores/ui'
import { RowIcon } from './RowIcon'

export function RecentActivity({ now }: { now: number }) {
  const rows = useRecent((s) => s.rows)
  const status = useRecent((s) => s.status)
  const arrived = useRecent((s) => s.arrived)
  const hidden = useHidden()
  const go = useUi.getState().go
  if (status === 'idle' || (status === 'loading' && rows.length === 0)) return null
  return (
    <section className="recent" aria-labelledby="recent-title">
      <div className="section-head">
        <h2 id="recent-title">
          <FormattedMessage id="recentActivity.recentActivity" />
        </h2>
        <button type="button" className="link" onClick={() => go({ to: 'transactions', walletId: 'all' })}>
          <FormattedMessage id="recentActivity.allTransactions" />
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="muted small">
          <FormattedMessage id="recentActivity.nothingYetPaymentsInAnd" />
        </p>
      ) : (
        <ul className="recent-rows">
          {rows.map((t) => (
            <RecentRow key={t.rowId} tx={t} now={now} hidden={hidden} fresh={arrived.includes(t.rowId)} />
          ))}
        </ul>
      )}
    </section>
  )
}

function RecentRow({ tx: t, now, hidden, fresh }: { tx: HistoryRow; now: number; hidden: boolean; fresh: boolean }) {
  const title = rowTitle(t)
  const amount = showMsat(t.amountMsat, hidden, { signed: true })
  const when = relativeTime(t.createdAt, now)
  // the service's words under a memo; the wallet when the words already lead
  const words = rowWords(t)
  const sub = title === words ? t.walletLabel : words
  return (
    <li className={fresh ? 'recent-row arrived' : 'recent-row'}>
      <button
        type="button"
        className="recent-open"
        onClick={() => useUi.getState().go({ to: 'transaction', walletId: t.walletId, txId: t.txId, lnTxId: t.lnTxId })}
      >
        <RowIcon direction={rowDirection(t)} />
        <span className="recent-what">
          <span className="recent-title">{title}</span>
          <span className="muted small">
            {sub ? `${sub} · ` : ''}
            {when}
          </span>
        </span>
        <span className={t.amountMsat < 0 ? 'amount-value out' : 'amount-value in'}>{amount}</span>
      </button>
    </li>
  )
}
