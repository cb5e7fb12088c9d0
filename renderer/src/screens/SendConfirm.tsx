// Send's confirmation (amount, the most the fee can be, total), its receipt, the unknown outcome,
// and the list of payments whose outcome is not known yet, with "Check again".
import type { JournalView } from '@shared/contract'
import { decodeBolt11 } from '@shared/payment/bolt11'
import { withFeeLimitMsat } from '@shared/payment/fees'
import { useEffect } from 'react'
import { Fiat } from '../components/Amount'
import { CopyField } from '../components/CopyButton'
import { ErrorMessage, Pending } from '../components/ErrorMessage'
import { LongText } from '../components/LongText'
import { useSpendCheck } from '../components/SpendCheck'
import { SuccessAction } from '../components/SuccessAction'
import { FocusedHeading, SuccessMark } from '../components/SuccessMark'
import { type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { overDailyLimit } from '../lib/dailyLimit'
import { formatDate } from '../lib/format'
import { useMoney } from '../lib/money'
import { type CheckFound, usePayments } from '../stores/payments'
import { type Confirmation, useSend } from '../stores/send'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

function Row(props: { label: string; children: React.ReactNode }) {
  return (
    <div className="field-row">
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  )
}

/** whom the payment goes to, and what for */
function Payee({ c }: { c: Confirmation }) {
  return (
    <>
      <Row label={t('sendConfirm.to')}>
        <span className={c.kind === 'invoice' ? 'mono' : undefined}>
          {c.kind === 'invoice' ? (c.payee ?? t('sendConfirm.theInvoiceSPayee')) : c.address}
        </span>
      </Row>
      {c.description && (
        <Row label={t('sendConfirm.for')}>
          <LongText text={c.description} />
        </Row>
      )}
    </>
  )
}

export function Confirm() {
  const c = useSend((s) => s.confirmation)
  const sending = useSend((s) => s.sending)
  const result = useSend((s) => s.result)
  const error = useSend((s) => s.error)
  const send = useSend((s) => s.send)
  const back = useSend((s) => s.back)
  const reset = useSend((s) => s.reset)
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === c?.walletId))
  const rules = useSpendCheck(c?.accountId, c?.amountMsat ?? 0)
  const money = useMoney()
  if (!c) return null
  if (result) return <Receipt />
  if (error?.code === 'unknown_outcome')
    return (
      <div className="card warning" role="alert">
        {/* said once: main's message says the same, and Payments in progress leaves this one out */}
        <p>
          <strong>
            <FormattedMessage id="sendConfirm.theOutcomeOfThisPayment" />
          </strong>{' '}
          <FormattedMessage id="sendConfirm.itMayOrMayNot" />
        </p>
        <div className="actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              reset()
              useUi.getState().go({ to: 'transactions', walletId: c.walletId })
            }}
          >
            <FormattedMessage id="sendConfirm.checkTransactions" />
          </button>
          <button type="button" onClick={reset}>
            <FormattedMessage id="sendConfirm.startOver" />
          </button>
        </div>
      </div>
    )
  // Review stops a payment over what is left today; the rules read here are newer (another window paid)
  const over = error ? null : overDailyLimit(rules.view, c.amountMsat + c.feeLimitMsat)
  return (
    <div className="card confirm">
      <FocusedHeading>
        <FormattedMessage id="sendConfirm.confirmPayment" />
      </FocusedHeading>
      {c.earlier && <PaidBefore earlier={c.earlier} />}
      <dl className="details">
        <Payee c={c} />
        <Row label={t('sendConfirm.amount')}>
          {money.msat(c.amountMsat)}
          <Fiat msat={c.amountMsat} />
        </Row>
        <Row label={t('sendConfirm.fee')}>
          <FormattedMessage id="sendConfirm.atMost" values={{ amount: money.msat(c.feeLimitMsat) }} />
        </Row>
        <Row label={t('sendConfirm.total')}>
          <FormattedMessage id="sendConfirm.upTo" values={{ amount: money.msat(withFeeLimitMsat(c.amountMsat)) }} />
          <Fiat msat={withFeeLimitMsat(c.amountMsat)} />
        </Row>
        <Row label={t('sendConfirm.from')}>
          {wallet ? `${wallet.label} (${money.msat(wallet.balanceMsat)})` : c.walletId}
        </Row>
        {c.comment && <Row label={t('sendConfirm.comment')}>{c.comment}</Row>}
      </dl>
      {!error && rules.fields}
      {over && <ErrorMessage error={over} />}
      {money.hidden && <ShowAmounts />}
      {sending && <Pending>{t('sendConfirm.sending')}</Pending>}
      {error && <ErrorMessage error={error} />}
      <div className="actions">
        {!error && !over && (
          <button
            type="button"
            className="primary"
            disabled={sending}
            onClick={async () => {
              const token = await rules.confirm()
              if (token !== null) void send(token)
            }}
          >
            {sending ? t('sendConfirm.sending') : c.earlier ? t('sendConfirm.payItAgain') : t('sendConfirm.sendNow')}
          </button>
        )}
        <button type="button" disabled={sending} onClick={back}>
          {error ? t('sendConfirm.backToEdit') : t('sendConfirm.back')}
        </button>
      </div>
    </div>
  )
}

/** The journal has this invoice as paid, or as tried with an unknown outcome: said before paying again. */
function PaidBefore({ earlier }: { earlier: NonNullable<Confirmation['earlier']> }) {
  return (
    <div className="warning" role="alert">
      <p>
        <strong>
          <FormattedMessage id="sendConfirm.youMayAlreadyHavePaid" />
        </strong>
        <FormattedMessage
          id="sendConfirm.checkTheWalletSTransactions"
          values={{
            when:
              earlier.state === 'paid'
                ? t('sendConfirm.theAppPaidItOn', { formatDate: formatDate(earlier.at) })
                : t('sendConfirm.aPaymentOfItOn', { formatDate: formatDate(earlier.at) }),
          }}
        />
      </p>
    </div>
  )
}

function Receipt() {
  const c = useSend((s) => s.confirmation)
  const result = useSend((s) => s.result)
  const paidAt = useSend((s) => s.paidAt)
  const reset = useSend((s) => s.reset)
  const money = useMoney()
  if (!c || !result) return null
  const done = () => {
    reset()
    void useWallets.getState().load()
    useUi.getState().go({ to: 'home' })
  }
  return (
    <div className="card" role="status">
      <SuccessMark focus>
        <FormattedMessage id="sendConfirm.sent" />
      </SuccessMark>
      <dl className="details">
        <Row label={t('sendConfirm.amount')}>
          {money.msat(result.amountMsat)}
          <Fiat msat={result.amountMsat} />
        </Row>
        <Row label={t('sendConfirm.fee')}>
          {money.msat(result.feeMsat)}
          <Fiat msat={result.feeMsat} />
        </Row>
        <Payee c={c} />
        {c.comment && <Row label={t('sendConfirm.comment')}>{c.comment}</Row>}
        <Row label={t('sendConfirm.time')}>{formatDate(paidAt ? Math.floor(paidAt / 1000) : result.createdAt)}</Row>
        <CopyField
          label={t('sendConfirm.preimageProofOfPayment')}
          value={result.preimage}
          empty={t('sendConfirm.notReported')}
        />
        {result.successAction && <SuccessAction action={result.successAction} />}
      </dl>
      <button type="button" className="primary" onClick={done}>
        <FormattedMessage id="sendConfirm.done" />
      </button>
    </div>
  )
}

/** Balances are hidden, yet a payment is better confirmed seeing its amount: one click shows them. */
function ShowAmounts() {
  return (
    <p className="muted small">
      <FormattedMessage id="sendConfirm.amountsAreHidden" />{' '}
      <button
        type="button"
        className="link"
        onClick={() => void useSettings.getState().update({ hideBalances: false })}
      >
        <FormattedMessage id="sendConfirm.showBalances" />
      </button>
    </p>
  )
}

const STATE_WORDS: Record<string, MessageId> = {
  pending: 'sendConfirm.stateBeingSent',
  sent: 'sendConfirm.stateSentNoAnswer',
  unknown: 'sendConfirm.stateUnknown',
}

/** Payments a crash or a lost answer left unfinished: never re-sent, checked on request. */
export function Unfinished() {
  const list = usePayments((s) => s.unfinished)
  const found = usePayments((s) => s.found)
  const checking = usePayments((s) => s.checking)
  const error = usePayments((s) => s.error)
  const sending = useSend((s) => s.sending)
  const unknownHere = useSend((s) => s.error?.code === 'unknown_outcome')
  const money = useMoney()
  useEffect(() => {
    void usePayments.getState().load()
  }, [])
  // the payment this screen is sending, or says is of unknown outcome, is shown by the screen itself
  const mine = sending || unknownHere ? useSend.getState().confirmation?.requestId : undefined
  const shown = mine ? list.filter((p) => p.requestId !== mine) : list
  // what "Check again" found stays said, even when nothing is left in progress
  if (shown.length === 0 && !found) return null
  return (
    <section className={`card ${shown.length > 0 ? 'warning' : ''}`} aria-label={t('sendConfirm.paymentsInProgress')}>
      <h2>
        <FormattedMessage id="sendConfirm.paymentsInProgress" />
      </h2>
      {shown.length > 0 && (
        <p>
          <FormattedMessage id="sendConfirm.theseWereNotConfirmedAs" />
        </p>
      )}
      <ul>
        {shown.map((p) => (
          <li key={p.requestId}>
            <FormattedMessage id="sendConfirm.to2" values={{ amount: money.msat(p.amountMsat) }} />{' '}
            <span className={p.kind === 'invoice' && targetText(p).endsWith('…') ? 'mono' : undefined}>
              {targetText(p)}
            </span>{' '}
            — {STATE_WORDS[p.state] ? t(STATE_WORDS[p.state] as MessageId) : p.state} ({formatDate(p.createdAt)})
            {p.state === 'unknown' && p.error && <span className="muted"> {p.error}</span>}
          </li>
        ))}
      </ul>
      {found && <CheckResult found={found} />}
      {error && <ErrorMessage error={error} />}
      {shown.length > 0 && (
        <button type="button" disabled={checking} onClick={() => void usePayments.getState().check()}>
          {checking ? t('sendConfirm.checking') : t('sendConfirm.checkAgain')}
        </button>
      )}
    </section>
  )
}

/** An invoice by what it is for (its description, N18), else its start; an address as it is. */
function targetText(p: JournalView): string {
  if (p.kind !== 'invoice') return p.target
  const inv = decodeBolt11(p.target)
  return inv.kind !== 'invalid' && inv.description ? `“${inv.description}”` : `${p.target.slice(0, 24)}…`
}

/** What "Check again" found, in words: paid, failed with nothing taken, or still unknown. */
function CheckResult({ found }: { found: CheckFound }) {
  const money = useMoney()
  const lines: Array<[string, string]> = found.settled.map((p) => [
    p.requestId,
    p.state === 'paid'
      ? t('sendConfirm.itWasPaidTo', { amount: money.msat(p.amountMsat), targetText: targetText(p) })
      : t('sendConfirm.itFailedNothingWasTaken', { amount: money.msat(p.amountMsat), targetText: targetText(p) }),
  ])
  if (found.still > 0)
    lines.push([
      'still',
      found.still === 1
        ? t('sendConfirm.stillUnknownTheServiceHas')
        : t('sendConfirm.stillUnknownPaymentsTheService', { still: found.still }),
    ])
  return (
    <div role="status" data-testid="check-result">
      {lines.map(([key, text]) => (
        <p key={key}>{text}</p>
      ))}
    </div>
  )
}
