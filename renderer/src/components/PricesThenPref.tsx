// Settings → Prices: older transactions' prices from the price history source, off by default
// (docs/rates.md, "Prices as they were"); says which host is asked and what it learns.
import type { Settings } from '@shared/contract'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useRates } from '../stores/rates'
import { useSettings } from '../stores/settings'

export function PricesThenPref({ settings }: { settings: Settings }) {
  const update = useSettings((s) => s.update)
  const host = useRates((s) => s.view?.historyHost)
  if (!host) return null
  return (
    <>
      <label className="check" htmlFor="prices-then">
        <input
          id="prices-then"
          type="checkbox"
          checked={settings.pricesThen === true}
          disabled={!settings.fiat.enabled}
          onChange={(e) => void update({ pricesThen: e.target.checked })}
        />
        <FormattedMessage id="pricesThenPref.showOlderTransactionsAtThe" />
      </label>
      <p className="muted small" data-testid="prices-then-host">
        {t('pricesThenPref.asksForThePriceOf', { host })}
      </p>
    </>
  )
}
