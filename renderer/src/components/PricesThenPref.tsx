// Settings → Prices: older transactions' prices from the price history source, off by default
// (docs/rates.md, "Prices as they were"); says which host is asked and what it learns.
import type { Settings } from '@shared/contract'
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
        Show older transactions at the price of their day
      </label>
      <p className="muted small" data-testid="prices-then-host">
        {`Asks ${host} for the price of each day your history has transactions on, one day at a time: it learns those dates, not the amounts. New transactions keep the price they arrived at without asking.`}
      </p>
    </>
  )
}
