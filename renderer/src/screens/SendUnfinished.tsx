// Payments a crash or a lost answer left unfinished, above Send: never sent again, checked on
// request ("Check again"), and what the check found.
import type { JournalView } from '@shared/contract'
import { decodeBolt11 } from '@shared/payment/bolt11'
import { useEffect } from 'react'
import { ErrorMessage } from '../components/ErrorMessage'
import { type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { formatDate } from '../lib/format'
import { useMoney } from '../lib/money'
import { type CheckFound, usePayments } from '../stores/payments'
import { useSend } from '../stores/send'

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
  // after "Check again" the result says why the rest is still unknown: not again on each row
  const saidBelow = (found?.still ?? 0) > 0
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
            {p.state === 'unknown' && p.error && !saidBelow && <span className="muted"> {p.error}</span>}
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
