import { formatMsat } from '@shared/units'
import { useEffect } from 'react'
import { Fiat } from '../components/Amount'
import { CopyField } from '../components/CopyButton'
import { ErrorMessage } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { Skeleton } from '../components/Skeleton'
import { formatDate } from '../lib/format'
import { useTransactions } from '../stores/transactions'
import { useUi } from '../stores/ui'

export default function TransactionDetail(props: { walletId: string; txId: string | null; lnTxId: string | null }) {
  const tx = useTransactions((s) => s.items.find((t) => t.id === props.txId))
  const detail = useTransactions((s) => s.detail)
  const loadDetail = useTransactions((s) => s.loadDetail)
  useEffect(() => {
    if (props.lnTxId) void loadDetail(props.lnTxId)
  }, [props.lnTxId, loadDetail])
  const ln = detail.id === props.lnTxId ? detail.value : null

  return (
    <Screen title="Transaction">
      <button
        type="button"
        className="link"
        onClick={() => useUi.getState().go({ to: 'transactions', walletId: props.walletId })}
      >
        ← Back to transactions
      </button>
      <dl className="details">
        {tx && (
          <>
            <div className="field-row">
              <dt>Date</dt>
              <dd>{formatDate(tx.createdAt)}</dd>
            </div>
            <div className="field-row">
              <dt>Type</dt>
              <dd>{tx.typeDisplay}</dd>
            </div>
            <div className="field-row">
              <dt>Amount</dt>
              <dd>
                {formatMsat(tx.amountMsat, { signed: true })} <Fiat msat={tx.amountMsat} testId="tx-fiat" />
              </dd>
            </div>
            {(tx.memo || tx.label) && (
              <div className="field-row">
                <dt>Memo</dt>
                <dd>{tx.memo || tx.label}</dd>
              </div>
            )}
          </>
        )}
        {ln && (
          <>
            <div className="field-row">
              <dt>Fee</dt>
              <dd>{ln.feeMsat === null ? 'not reported' : formatMsat(ln.feeMsat)}</dd>
            </div>
            <div className="field-row">
              <dt>Status</dt>
              <dd>{ln.settled ? 'settled' : 'not settled'}</dd>
            </div>
            <CopyField label="Payment hash" value={ln.paymentHash} />
            <CopyField label="Preimage (proof of payment)" value={ln.preimage} empty="not revealed yet" />
            <CopyField label="Payment request" value={ln.paymentRequest} />
          </>
        )}
      </dl>
      {!props.lnTxId && <p className="muted">An internal transfer: it has no Lightning payment details.</p>}
      {props.lnTxId && detail.status === 'loading' && <Skeleton label="Loading payment details…" />}
      {props.lnTxId && detail.error && (
        <ErrorMessage error={detail.error} onRetry={() => void loadDetail(props.lnTxId as string)} />
      )}
    </Screen>
  )
}
