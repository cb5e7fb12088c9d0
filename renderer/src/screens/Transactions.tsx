// One page of a wallet's transactions in a plain table: keyed rows, formatting only, nothing
// else per row, so a page of 100 paints fast.
import type { TxView } from '@shared/contract'
import { formatMsat } from '@shared/units'
import { memo, useEffect, useState } from 'react'
import { ErrorMessage } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { Empty, Skeleton } from '../components/Skeleton'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { transactionsCsv } from '../lib/csv'
import { downloadBlob } from '../lib/download'
import { formatDate } from '../lib/format'
import { PER_PAGE_CHOICES, useTransactions } from '../stores/transactions'
import { useUi } from '../stores/ui'

export default function Transactions(props: { walletId?: string }) {
  const [walletId, setWalletId] = useState(() =>
    initialWalletId(props.walletId ?? useTransactions.getState().walletId ?? undefined),
  )
  const items = useTransactions((s) => s.items)
  const page = useTransactions((s) => s.page)
  const perPage = useTransactions((s) => s.perPage)
  const pageCount = useTransactions((s) => s.pageCount)
  const totalCount = useTransactions((s) => s.totalCount)
  const status = useTransactions((s) => s.status)
  const error = useTransactions((s) => s.error)
  const load = useTransactions((s) => s.load)

  useEffect(() => {
    if (walletId) void load(walletId, 1)
  }, [walletId, load])

  const go = (p: number) => void load(walletId, p, perPage)
  return (
    <Screen title="Transactions">
      <div className="toolbar">
        <WalletSelect value={walletId} onChange={setWalletId} id="tx-wallet" />
        <SelectField id="per-page" label="Per page" value={perPage} onValue={(v) => void load(walletId, 1, Number(v))}>
          {PER_PAGE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <button type="button" onClick={() => exportCsv(items, walletId, page)} disabled={items.length === 0}>
          Export CSV
        </button>
      </div>
      {!walletId && <p>There is no wallet to show.</p>}
      {error && <ErrorMessage error={error} onRetry={() => go(page)} />}
      {status === 'loading' && items.length === 0 && <Skeleton label="Loading transactions…" />}
      {status === 'ready' && totalCount === 0 && (
        <Empty>No transactions yet. Payments in and out of this wallet will show here.</Empty>
      )}
      {items.length > 0 && (
        <div className="table-wrap">
          <table className="tx" aria-busy={status === 'loading'}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Memo</th>
                <th scope="col">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <Row key={t.id} tx={t} walletId={walletId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 0 && (
        <nav className="pager" aria-label="Pages">
          <button type="button" onClick={() => go(page - 1)} disabled={page <= 1 || status === 'loading'}>
            Previous
          </button>
          <span role="status">
            Page {page} of {pageCount} · {totalCount} transactions
          </span>
          <button type="button" onClick={() => go(page + 1)} disabled={page >= pageCount || status === 'loading'}>
            Next
          </button>
        </nav>
      )}
    </Screen>
  )
}

const Row = memo(function Row({ tx: t, walletId }: { tx: TxView; walletId: string }) {
  const date = formatDate(t.createdAt)
  const amount = formatMsat(t.amountMsat, { signed: true })
  return (
    <tr>
      <td className="date">{date}</td>
      <td>{t.typeDisplay}</td>
      <td className={t.amountMsat < 0 ? 'num out' : 'num in'}>{amount}</td>
      <td className="memo">{t.memo || t.label || ''}</td>
      <td>
        <button
          type="button"
          className="link"
          // a page has many rows: "Details" alone would not say which one in a screen reader's list
          aria-label={`Details of ${t.typeDisplay}, ${amount}, ${date}`}
          onClick={() => useUi.getState().go({ to: 'transaction', walletId, txId: t.id, lnTxId: t.lnTxId })}
        >
          Details
        </button>
      </td>
    </tr>
  )
})

function exportCsv(items: readonly TxView[], walletId: string, page: number) {
  const blob = new Blob([transactionsCsv(items)], { type: 'text/csv;charset=utf-8' })
  downloadBlob(blob, `transactions-${walletId}-page${page}.csv`)
}
