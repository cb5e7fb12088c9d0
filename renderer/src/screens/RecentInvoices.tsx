// Receive's list of the invoices made before (in this session or an earlier one: main's sync loop
// remembers them), each with Show and Check now.
import type { PendingInvoice } from '@shared/contract'
import { ErrorMessage } from '../components/ErrorMessage'
import { Skeleton } from '../components/Skeleton'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { formatCountdown, formatDate } from '../lib/format'
import { invoiceAmountText } from '../lib/invoiceForm'
import { useMoney } from '../lib/money'
import { useSecondsNow, useServiceNow } from '../lib/serviceClock'
import { useAccounts } from '../stores/accounts'
import { invoiceStatus, recentInvoices, useInvoices } from '../stores/invoices'
import { useWallets } from '../stores/wallets'

/** enough to find the one a payer is about to pay; older ones are in the transactions */
const SHOWN = 25

export function RecentInvoices() {
  const byId = useInvoices((s) => s.byId)
  const currentId = useInvoices((s) => s.currentId)
  const listStatus = useInvoices((s) => s.listStatus)
  const listError = useInvoices((s) => s.listError)
  const load = useInvoices((s) => s.load)
  const accountId = useAccounts((s) => s.activeId)
  // the active account's invoices, on its service's clock
  const now = useServiceNow(accountId, useSecondsNow())
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
