// Money arrived: a short toast wherever the person is, on top of main's OS notification, saying
// how much and what for (masked while balances are hidden). It goes by itself (stores/recent).
import CircleCheck from 'lucide-react/icons/circle-check'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { showMsat, useHidden } from '../lib/money'
import { rowTitle } from '../lib/rowText'
import { useRecent } from '../stores/recent'

export function ArrivalToast() {
  const arrived = useRecent((s) => s.arrived)
  const rows = useRecent((s) => s.rows)
  const hidden = useHidden()
  const got = rows.filter((r) => arrived.includes(r.rowId))
  if (got.length === 0) return null
  const msat = got.reduce((sum, r) => sum + r.amountMsat, 0)
  const what = got.length === 1 ? rowTitle(got[0]!) : t('arrivalToast.payments', { count: got.length })
  return (
    <div className="toast" role="status" data-testid="arrival-toast">
      <CircleCheck size={18} aria-hidden />
      <span>
        <FormattedMessage id="arrivalToast.received" /> <strong>{showMsat(msat, hidden)}</strong>
        {/* the memo is the person's own business: hidden with the amounts */}
        {!hidden && ` · ${what}`}
      </span>
      <button type="button" className="link" onClick={() => useRecent.getState().dismissArrival()}>
        <FormattedMessage id="arrivalToast.dismiss" />
      </button>
    </div>
  )
}
