// One payment of the history: what happened in plain words, its fee, memo, comment and payee, the
// person's label (editable), and for a Lightning payment its proof from the service.

import type { LnTxView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import type { ClaimedLinkView, HistoryRow } from '@shared/history'
import { LABEL_MAX } from '@shared/historyLimits'
import { voucherShortId } from '@shared/vouchers'
import { type ReactNode, useEffect, useState } from 'react'
import { Fiat } from '../components/Amount'
import { CopyField } from '../components/CopyButton'
import { ErrorMessage } from '../components/ErrorMessage'
import { FiatThen } from '../components/FiatThen'
import { Screen } from '../components/Screen'
import { Skeleton } from '../components/Skeleton'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { formatDate } from '../lib/format'
import { useMoney } from '../lib/money'
import { detailMemo, distinctComment, rowWords } from '../lib/rowText'
import { useRecent } from '../stores/recent'
import { useTransactions } from '../stores/transactions'
import { useUi } from '../stores/ui'
import { useWithdraw } from '../stores/withdraw'

export default function TransactionDetail(props: { walletId: string; txId: string | null; lnTxId: string | null }) {
  // from the history's page, or from Home's recent rows (the history may not have been opened)
  const fromPage = useTransactions((s) => s.items.find((t) => t.txId === props.txId))
  const fromRecent = useRecent((s) => s.rows.find((t) => t.txId === props.txId))
  const tx = fromPage ?? fromRecent
  const detail = useTransactions((s) => s.detail)
  const loadDetail = useTransactions((s) => s.loadDetail)
  useEffect(() => {
    if (props.lnTxId) void loadDetail(props.lnTxId)
  }, [props.lnTxId, loadDetail])
  const ln = detail.id === props.lnTxId ? detail.value : null

  return (
    // one way back, to the history (the tab bar marks Transactions as where this is)
    <Screen title={t('transactionDetail.transaction')}>
      <button type="button" className="link" onClick={() => useUi.getState().go({ to: 'transactions' })}>
        <FormattedMessage id="transactionDetail.backToTransactions" />
      </button>
      <dl className="details">
        {tx && <RowFields tx={tx} />}
        {ln && <LightningFields ln={ln} withFee={!tx} />}
      </dl>
      {tx?.link && <OpenClaimedLink walletId={tx.walletId} link={tx.link} />}
      {tx && <LabelEditor key={tx.txId} txId={tx.txId} label={tx.label ?? ''} />}
      {!props.lnTxId && (
        <p className="muted">
          <FormattedMessage id="transactionDetail.aMoveBetweenWalletsIt" />
        </p>
      )}
      {props.lnTxId && detail.status === 'loading' && <Skeleton label={t('transactionDetail.loadingPaymentDetails')} />}
      {props.lnTxId && detail.error && (
        <ErrorMessage error={detail.error} onRetry={() => void loadDetail(props.lnTxId as string)} />
      )}
    </Screen>
  )
}

/** One term of the detail and its value; nothing when there is no value. */
function Field({ term, children }: { term: string; children: ReactNode }) {
  if (!children) return null
  return (
    <div className="field-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** What the history row says: when, what, how much (now and then), its fee, wallet, memo, comment, payee. */
function RowFields({ tx }: { tx: HistoryRow }) {
  const money = useMoney()
  return (
    <>
      <Field term={t('transactionDetail.date')}>{formatDate(tx.createdAt)}</Field>
      <Field term={t('transactionDetail.what')}>{rowWords(tx)}</Field>
      <Field term={t('transactionDetail.amount')}>
        {money.msat(tx.amountMsat, { signed: true })} <Fiat msat={tx.amountMsat} testId="tx-fiat" />{' '}
        <FiatThen msat={tx.amountMsat} priceThen={tx.priceThen} testId="tx-fiat-then" />
      </Field>
      {tx.feeMsat !== 0 && <Field term={t('transactionDetail.networkFee')}>{money.msat(-tx.feeMsat)}</Field>}
      <Field term={t('transactionDetail.wallet')}>{tx.walletLabel ?? tx.walletId}</Field>
      {/* a claimed link's words say the person's memo; the claimer's own memo is theirs, said apart */}
      <Field term={t(tx.link ? 'transactionDetail.claimersMemo' : 'transactionDetail.memo')}>{detailMemo(tx)}</Field>
      {/* a payer's comment that repeats the memo is said once (N19) */}
      <Field term={t('transactionDetail.comment')}>{distinctComment(tx)}</Field>
      <Field term={t('transactionDetail.paidTo')}>{tx.payee}</Field>
    </>
  )
}

/** A Lightning payment's proof from the service; its fee too when no history row said it. */
function LightningFields({ ln, withFee }: { ln: LnTxView; withFee: boolean }) {
  const money = useMoney()
  return (
    <>
      {withFee && (
        <Field term={t('transactionDetail.fee')}>
          {ln.feeMsat === null ? t('transactionDetail.notReported') : money.msat(ln.feeMsat)}
        </Field>
      )}
      <Field term={t('transactionDetail.status')}>
        {ln.settled ? t('transactionDetail.settled') : t('transactionDetail.notSettled')}
      </Field>
      <CopyField label={t('transactionDetail.paymentHash')} value={ln.paymentHash} />
      <CopyField
        label={t('transactionDetail.preimageProofOfPayment')}
        value={ln.preimage}
        empty={t('transactionDetail.notRevealedYet')}
      />
      <CopyField label={t('transactionDetail.paymentRequest')} value={ln.paymentRequest} />
    </>
  )
}

/**
 * A claim of one of the person's own withdraw links opens that link in Withdraw's list, as other
 * rows open what they are about. Shown once the list (main's sync loop) has the link: one made in
 * another app, or no longer listed, has nothing to open.
 */
function OpenClaimedLink(props: { walletId: string; link: ClaimedLinkView }) {
  const { walletId, link } = props
  const ott = useWithdraw(
    (s) =>
      Object.values(s.links).find((l) => l.walletId === walletId && voucherShortId(l.ott) === link.shortId)?.ott ??
      null,
  )
  useEffect(() => {
    if (useWithdraw.getState().listStatus === 'idle') void useWithdraw.getState().load()
  }, [])
  if (!ott) return null
  const open = () => {
    useWithdraw.getState().open(ott)
    useUi.getState().go({ to: 'withdraw' })
  }
  return (
    <p>
      <button type="button" className="link" onClick={open}>
        <FormattedMessage id="transactionDetail.showWithdrawLink" values={{ id: link.shortId }} />
      </button>
    </p>
  )
}

function LabelEditor(props: { txId: string; label: string }) {
  const [text, setText] = useState(props.label)
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<{ error: AppErrorShape | null } | null>(null)
  const save = async () => {
    setSaving(true)
    setOutcome({ error: await useTransactions.getState().setLabel(props.txId, text) })
    setSaving(false)
  }
  return (
    <form
      className="label-editor"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <TextField
        id="tx-label"
        label={t('transactionDetail.yourLabel')}
        value={text}
        maxLength={LABEL_MAX}
        onValue={(v) => {
          setText(v)
          setOutcome(null)
        }}
      />
      <button type="submit" disabled={saving || text.trim() === props.label}>
        <FormattedMessage id="transactionDetail.saveLabel" />
      </button>
      {outcome && !outcome.error && (
        <p role="status">
          <FormattedMessage id="transactionDetail.labelSaved" />
        </p>
      )}
      {outcome?.error && <ErrorMessage error={outcome.error} />}
    </form>
  )
}
