// Receive's invoice on screen: its state, amount and memo, the QR while it can be paid, its text
// to copy, and Check now. While it waits it asks main to poll it faster (invoices.focus).
import type { PendingInvoice } from '@shared/contract'
import { lightningUri } from '@shared/lnurl'
import { useEffect, useRef } from 'react'
import { onScreen } from '../api'
import { Fiat } from '../components/Amount'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage } from '../components/ErrorMessage'
import { LongText } from '../components/LongText'
import { Qr } from '../components/Qr'
import { SuccessMark } from '../components/SuccessMark'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useFlash } from '../lib/flash'
import { formatCountdown } from '../lib/format'
import { expiryText, invoiceAmountText, isAnyAmount } from '../lib/invoiceForm'
import { useMoney } from '../lib/money'
import { useSecondsNow, useServiceNow } from '../lib/serviceClock'
import { invoiceStatus, useInvoices } from '../stores/invoices'
import { useUi } from '../stores/ui'

/** characters of the memo shown above the QR before "Show all": about two lines at 360 px */
export const INVOICE_MEMO_SHOWN = 80

export function ShowInvoice({ id }: { id: string }) {
  const inv = useInvoices((s) => s.byId[id])!
  // the service's clock decides expiry, not the computer's
  const now = useServiceNow(inv.accountId, useSecondsNow())
  const money = useMoney()
  const status = invoiceStatus(inv, now)
  const box = useRef<HTMLElement>(null)
  // Opened from the list below or just made: focus it, with the page at the top where it shows
  // (on a freshly opened screen the heading's focus wins).
  useEffect(() => {
    box.current?.focus({ preventScroll: true })
    window.scrollTo(0, 0)
  }, [])

  useEffect(() => {
    if (inv.status !== 'pending') return
    void onScreen.invoice(id)
    return () => void onScreen.invoice(null)
  }, [id, inv.status])

  const waiting = status === 'pending'
  return (
    <section
      className={waiting ? 'invoice invoice-layout' : 'invoice'}
      ref={box}
      tabIndex={-1}
      aria-label={t('receive.invoice')}
    >
      {/* beside the words in a wide window, above them in the tray */}
      {waiting && (
        <div className="invoice-code">
          <Qr text={lightningUri(inv.paymentRequest)} label={t('receive.qrCodeOfTheInvoice')} />
        </div>
      )}
      <div className="invoice-info">
        <div role="status" aria-live="polite">
          {status === 'paid' ? (
            <SuccessMark>
              <FormattedMessage id="receive.paid" />
            </SuccessMark>
          ) : (
            <p className={`status ${status}`}>
              {status === 'expired' ? t('receive.expired') : t('receive.waitingForPayment')}
            </p>
          )}
        </div>
        <p className="amount">
          {invoiceAmountText(inv, money)}
          {/* .fiat keeps its own margin, so nothing is added here when prices are off */}
          {!isAnyAmount(inv) && <Fiat msat={inv.amountSat * 1000} testId="invoice-fiat" />}
          {/* a long memo folds to about two lines at tray width, so the whole QR shows without scrolling */}
          {inv.memo && (
            <span className="muted">
              {' · '}
              <LongText text={inv.memo} inline shown={INVOICE_MEMO_SHOWN} />
            </span>
          )}
        </p>
        {waiting && <WaitingInvoice inv={inv} left={inv.expiresAt - now} />}
        {/* once paid, the request is of no more use to anybody: nothing to copy */}
        {status !== 'paid' && (
          <div className="field-row">
            <code className="long">{inv.paymentRequest}</code>
            <CopyButton text={inv.paymentRequest} label={t('receive.copyThePaymentRequest')} />
          </div>
        )}
        <InvoiceFoot inv={inv} status={status} />
      </div>
    </section>
  )
}

/** While it can be paid: who chooses the amount, and how long it is good for. */
function WaitingInvoice({ inv, left }: { inv: PendingInvoice; left: number }) {
  return (
    <>
      {isAnyAmount(inv) && (
        <p className="muted">
          <FormattedMessage id="receive.thePayerChoosesHowMuch" />
        </p>
      )}
      <p>
        <FormattedMessage id="receive.expiresIn" values={{ formatCountdown: formatCountdown(left) }} />
        <span className="muted">
          {' '}
          <FormattedMessage id="receive.validFor" values={{ expiryText: expiryText(inv.expiresAt - inv.createdAt) }} />
        </span>
      </p>
    </>
  )
}

/** Check now (said when it found nothing new), a new invoice, and the transactions once paid. */
function InvoiceFoot({ inv, status }: { inv: PendingInvoice; status: ReturnType<typeof invoiceStatus> }) {
  const id = inv.id
  const check = useInvoices((s) => s.check)
  const startOver = useInvoices((s) => s.startOver)
  const checking = useInvoices((s) => s.checking[id] === true)
  const checkError = useInvoices((s) => (s.checkError?.id === id ? s.checkError.error : null))
  const [said, flash] = useFlash()
  // a fast check that finds nothing new changes nothing on screen: say it was done
  const checkNow = async () => {
    await check(id)
    const s = useInvoices.getState()
    if (s.byId[id]?.status === 'pending' && s.checkError?.id !== id) flash.show(t('receive.checkedNotPaidYet'))
  }
  return (
    <>
      {checkError && <ErrorMessage error={checkError} />}
      <p className="flash small" role="status">
        {said}
      </p>
      <div className="actions">
        {status === 'pending' && (
          <button type="button" onClick={() => void checkNow()} disabled={checking}>
            {checking ? t('receive.checking') : t('receive.checkNow')}
          </button>
        )}
        <button type="button" onClick={startOver}>
          <FormattedMessage id="receive.newInvoice" />
        </button>
        {status === 'paid' && (
          <button type="button" onClick={() => useUi.getState().go({ to: 'transactions', walletId: inv.walletId })}>
            <FormattedMessage id="receive.seeTransactions" />
          </button>
        )}
      </div>
    </>
  )
}
