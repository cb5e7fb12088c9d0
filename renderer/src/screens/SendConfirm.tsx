// Send's confirmation (amount, the most the fee can be, total), its receipt and the unknown outcome.
// The payments whose outcome is not known yet are listed by SendUnfinished.tsx.
import { summarize } from '@shared/payment/route'
import { Fiat } from '../components/Amount'
import { CopyField } from '../components/CopyButton'
import { ErrorMessage, Pending } from '../components/ErrorMessage'
import { LongText } from '../components/LongText'
import { ShortId } from '../components/ShortId'
import { useSpendCheck } from '../components/SpendCheck'
import { SuccessAction } from '../components/SuccessAction'
import { FocusedHeading, SuccessMark } from '../components/SuccessMark'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { overDailyLimit } from '../lib/dailyLimit'
import { formatDate } from '../lib/format'
import { useMoney } from '../lib/money'
import { type Confirmation, useSend } from '../stores/send'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

function Row(props: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={props.className ? `field-row ${props.className}` : 'field-row'}>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  )
}

/** The amount first and larger than any other row: it is what the person is agreeing to. */
function LeadAmount({ msat }: { msat: number }) {
  const money = useMoney()
  return (
    <Row label={t('sendConfirm.amount')} className="lead">
      <span className="lead-amount">{money.msat(msat)}</span>
      <Fiat msat={msat} />
    </Row>
  )
}

/**
 * Whom the payment goes to, readable: a lightning address as it is, an LNURL-pay link by the host
 * it names (its bech32 text says nothing to a person), a node id by its ends with a way to see it whole.
 */
export function PayeeName({ c }: { c: Pick<Confirmation, 'kind' | 'address' | 'payee'> }) {
  if (c.kind === 'invoice') return c.payee ? <ShortId text={c.payee} /> : t('sendConfirm.theInvoiceSPayee')
  const link = summarize(c.address)
  return link && link.kind !== 'address' && link.host ? link.host : c.address
}

/** whom the payment goes to, and what for */
function Payee({ c }: { c: Confirmation }) {
  return (
    <>
      <Row label={t('sendConfirm.to')}>
        <PayeeName c={c} />
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
  const rules = useSpendCheck(c?.accountId, c?.amountMsat ?? 0)
  const money = useMoney()
  if (!c) return null
  if (result) return <Receipt />
  if (error?.code === 'unknown_outcome') return <UnknownOutcome walletId={c.walletId} />
  // Review stops a payment over what is left today; the rules read here are newer (another window paid)
  const over = error ? null : overDailyLimit(rules.view, c.amountMsat + c.feeLimitMsat)
  return (
    <div className="card confirm">
      <FocusedHeading>
        <FormattedMessage id="sendConfirm.confirmPayment" />
      </FocusedHeading>
      {c.earlier && <PaidBefore earlier={c.earlier} />}
      <ConfirmDetails c={c} />
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

/** The answer was lost: the payment may or may not have gone, so it is checked, never sent again. */
function UnknownOutcome({ walletId }: { walletId: string }) {
  const reset = useSend((s) => s.reset)
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
            useUi.getState().go({ to: 'transactions', walletId })
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
}

/** What is about to be paid: to whom, how much, the most the fee can be, the total, from which wallet. */
function ConfirmDetails({ c }: { c: Confirmation }) {
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === c.walletId))
  const money = useMoney()
  return (
    <dl className="details ranked">
      <LeadAmount msat={c.amountMsat} />
      <Payee c={c} />
      <Row label={t('sendConfirm.fee')}>
        <FormattedMessage id="sendConfirm.atMost" values={{ amount: money.msat(c.feeLimitMsat) }} />
        {c.feeSetBy === 'server' && (
          <p className="muted small" data-testid="fee-set-by-server">
            {c.kind === 'invoice' ? t('sendConfirm.serverReserve') : t('sendConfirm.serverReserveAddress')}
          </p>
        )}
      </Row>
      <Row label={t('sendConfirm.total')}>
        <FormattedMessage id="sendConfirm.upTo" values={{ amount: money.msat(c.amountMsat + c.feeLimitMsat) }} />
        <Fiat msat={c.amountMsat + c.feeLimitMsat} />
      </Row>
      <Row label={t('sendConfirm.from')}>
        {wallet ? `${wallet.label} (${money.msat(wallet.balanceMsat)})` : c.walletId}
      </Row>
      {c.comment && <Row label={t('sendConfirm.comment')}>{c.comment}</Row>}
    </dl>
  )
}

/** The journal has this invoice as paid, or as tried with an unknown outcome: said before paying again. */
export function PaidBefore({ earlier }: { earlier: NonNullable<Confirmation['earlier']> }) {
  return (
    <div className="warning" role="alert">
      <p>
        <strong>
          <FormattedMessage
            id={
              earlier.state === 'paid' ? 'sendConfirm.youAlreadyPaidThisInvoice' : 'sendConfirm.youMayAlreadyHavePaid'
            }
          />
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
      <dl className="details ranked">
        <LeadAmount msat={result.amountMsat} />
        <Payee c={c} />
        <Row label={t('sendConfirm.fee')}>
          {money.msat(result.feeMsat)}
          <Fiat msat={result.feeMsat} />
        </Row>
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
