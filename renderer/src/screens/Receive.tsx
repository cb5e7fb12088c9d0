// Receive: an invoice as a QR code, and the invoices made before (in this session or an earlier
// one: the sync loop in main remembers them). The loop keeps checking after this screen closes;
// while an invoice shows, it asks main to poll that one faster (invoices.focus).
import type { PendingInvoice } from '@shared/contract'
import { lightningUri } from '@shared/lnurl'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { onScreen } from '../api'
import { Fiat } from '../components/Amount'
import { AmountField } from '../components/AmountField'
import { Choice } from '../components/Choice'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { LongText } from '../components/LongText'
import { PermanentQr } from '../components/PermanentQr'
import { Qr } from '../components/Qr'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { Skeleton } from '../components/Skeleton'
import { SuccessMark } from '../components/SuccessMark'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useCapabilities } from '../lib/capabilities'
import { useFlash } from '../lib/flash'
import { formatCountdown, formatDate } from '../lib/format'
import {
  DEFAULT_EXPIRY_SEC,
  EXPIRY_CHOICES,
  expiryText,
  invoiceAmountText,
  invoiceInput,
  isAnyAmount,
} from '../lib/invoiceForm'
import { useMoney } from '../lib/money'
import { useServiceNow } from '../lib/serviceClock'
import { visibleInterval } from '../lib/visibleTimers'
import { useAccounts } from '../stores/accounts'
import { invoiceStatus, recentInvoices, useInvoices } from '../stores/invoices'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

/** enough to find the one a payer is about to pay; older ones are in the transactions */
const SHOWN = 25
const receiveWith = () =>
  [
    ['invoice', t('receive.invoice')],
    ['link', t('receive.permanentQr')],
  ] as const

export default function Receive(props: { walletId?: string }) {
  const currentId = useInvoices((s) => s.currentId)
  const invoice = useInvoices((s) => (s.currentId ? s.byId[s.currentId] : undefined))
  const [view, setView] = useState<'invoice' | 'link'>('invoice')
  const permanentQr = useCapabilities().permanentQr
  useEffect(() => void useInvoices.getState().load(), [])
  return (
    <Screen title={t('receive.receive')}>
      {permanentQr && (
        <Choice legend={t('receive.receiveWith')} options={receiveWith()} value={view} onChange={setView} />
      )}
      {view === 'link' && permanentQr ? (
        <PermanentQr walletId={props.walletId} />
      ) : (
        <>
          {invoice && currentId ? <ShowInvoice key={currentId} id={currentId} /> : <InvoiceForm {...props} />}
          <RecentInvoices />
        </>
      )}
    </Screen>
  )
}

function InvoiceForm(props: { walletId?: string }) {
  const [walletId, setWalletId] = useState(() => initialWalletId(props.walletId))
  const [amount, setAmount] = useState('')
  const [memo, setMemo] = useState('')
  const [expirySec, setExpirySec] = useState(DEFAULT_EXPIRY_SEC)
  const [problem, setProblem] = useState<string | null>(null)
  const creating = useInvoices((s) => s.creating)
  const error = useInvoices((s) => s.error)
  const create = useInvoices((s) => s.create)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const r = invoiceInput({ walletId, amount, memo, expirySec })
    setProblem('problem' in r ? r.problem : null)
    if ('input' in r) await create(r.input)
  }

  return (
    <form onSubmit={submit} noValidate>
      <WalletSelect value={walletId} onChange={setWalletId} />
      <AmountField
        id="amount"
        label={t('receive.amount')}
        value={amount}
        onValue={setAmount}
        hint={t('receive.leaveItEmptyForAny')}
      />
      <TextField id="memo" label={t('receive.memoShownToThePayer')} value={memo} maxLength={639} onValue={setMemo} />
      <SelectField
        id="expiry"
        label={t('receive.canBePaidFor')}
        value={expirySec}
        onValue={(v) => setExpirySec(Number(v))}
      >
        {EXPIRY_CHOICES.map((c) => (
          <option key={c.sec} value={c.sec}>
            {t(c.label)}
          </option>
        ))}
      </SelectField>
      <Problem>{problem}</Problem>
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="primary" disabled={creating}>
        {creating ? t('receive.creating') : t('receive.createInvoice')}
      </button>
    </form>
  )
}

function ShowInvoice({ id }: { id: string }) {
  const inv = useInvoices((s) => s.byId[id])!
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
  // the service's clock decides expiry, not the computer's
  const now = useServiceNow(inv.accountId, useNow())
  const money = useMoney()
  const left = inv.expiresAt - now
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

  return (
    <section className="invoice" ref={box} tabIndex={-1} aria-label={t('receive.invoice')}>
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
        {/* a long memo folds, so the QR stays near the top (N11) */}
        {inv.memo && (
          <span className="muted">
            {' · '}
            <LongText text={inv.memo} inline />
          </span>
        )}
      </p>
      {status === 'pending' && isAnyAmount(inv) && (
        <p className="muted">
          <FormattedMessage id="receive.thePayerChoosesHowMuch" />
        </p>
      )}
      {status === 'pending' && <Qr text={lightningUri(inv.paymentRequest)} label={t('receive.qrCodeOfTheInvoice')} />}
      {status === 'pending' && (
        <p>
          <FormattedMessage id="receive.expiresIn" values={{ formatCountdown: formatCountdown(left) }} />
          <span className="muted">
            {' '}
            <FormattedMessage
              id="receive.validFor"
              values={{ expiryText: expiryText(inv.expiresAt - inv.createdAt) }}
            />
          </span>
        </p>
      )}
      <div className="field-row">
        <code className="long">{inv.paymentRequest}</code>
        <CopyButton text={inv.paymentRequest} label={t('receive.copyThePaymentRequest')} />
      </div>
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
    </section>
  )
}

function RecentInvoices() {
  const byId = useInvoices((s) => s.byId)
  const currentId = useInvoices((s) => s.currentId)
  const listStatus = useInvoices((s) => s.listStatus)
  const listError = useInvoices((s) => s.listError)
  const load = useInvoices((s) => s.load)
  const accountId = useAccounts((s) => s.activeId)
  // the active account's invoices, on its service's clock
  const now = useServiceNow(accountId, useNow())
  const all = recentInvoices(byId, accountId, now)
  const list = all.slice(0, SHOWN)
  return (
    <section aria-labelledby="recent-invoices">
      <h2 id="recent-invoices">
        <FormattedMessage id="receive.recentInvoices" />
      </h2>
      {listStatus === 'loading' && all.length === 0 && <Skeleton label={t('receive.loadingInvoices')} />}
      {listError && <ErrorMessage error={listError} onRetry={() => void load()} />}
      {listStatus === 'ready' && all.length === 0 && (
        <p className="muted">
          <FormattedMessage id="receive.noInvoicesYet" />
        </p>
      )}
      <ul className="invoices">
        {list.map((inv) => (
          <InvoiceRow key={inv.id} inv={inv} now={now} shown={inv.id === currentId} />
        ))}
      </ul>
      {all.length > SHOWN && (
        <p className="muted">
          <FormattedMessage id="receive.theMostRecentOfThe" values={{ SHOWN, length: all.length }} />
        </p>
      )}
    </section>
  )
}

function InvoiceRow({ inv, now, shown }: { inv: PendingInvoice; now: number; shown: boolean }) {
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === inv.walletId)?.label)
  const checking = useInvoices((s) => s.checking[inv.id] === true)
  const checkError = useInvoices((s) => (s.checkError?.id === inv.id && !shown ? s.checkError.error : null))
  const status = invoiceStatus(inv, now)
  const amount = invoiceAmountText(inv, useMoney())
  const title = `${amount}${inv.memo ? ` · ${inv.memo}` : ''}`
  const when =
    status === 'paid'
      ? inv.settledAt
        ? t('receive.paidAt', { date: formatDate(inv.settledAt) })
        : t('receive.paidNoTime')
      : status === 'expired'
        ? t('receive.expired2', { formatDate: formatDate(inv.expiresAt) })
        : t('receive.pendingExpiresIn', { formatCountdown: formatCountdown(inv.expiresAt - now) })
  const descId = `inv-${inv.id}`
  return (
    <li
      className="card invoice-row"
      data-status={status}
      aria-label={t('receive.invoice2', { title })}
      aria-current={shown || undefined}
    >
      <p id={descId}>
        <strong className="amount">{amount}</strong>
        {inv.memo && <span className="memo"> · {inv.memo}</span>}
        <br />
        <span className="status-line">{when}</span>
        <span className="muted"> · {wallet ?? t('receive.aWalletOfThisAccount')}</span>
      </p>
      {checkError && <ErrorMessage error={checkError} />}
      <div className="actions">
        <button type="button" aria-describedby={descId} onClick={() => useInvoices.getState().open(inv.id)}>
          {status === 'pending' ? t('receive.showQr') : t('receive.show')}
        </button>
        {status === 'pending' && (
          <button
            type="button"
            aria-describedby={descId}
            disabled={checking}
            onClick={() => void useInvoices.getState().check(inv.id)}
          >
            {checking ? t('receive.checking') : t('receive.checkNow')}
          </button>
        )}
      </div>
    </li>
  )
}

/** Unix seconds, ticking once a second while mounted and the window is shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => visibleInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000), [])
  return now
}
