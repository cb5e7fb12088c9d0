// Settings and the price shown beside amounts: each operation handed to its service as it is
// (input parsed by the router).
import type { RatesService } from '../services/rates'
import type { SettingsChanges } from '../services/settings/changes'
import type { OpIn } from './router'

export function settingsHandlers(
  settings: SettingsChanges,
  rates: Pick<RatesService, 'view' | 'refreshIfDue'>,
  background: (task: Promise<unknown>) => void,
) {
  return {
    'settings.get': async () => settings.current(),
    'settings.update': (patch: OpIn<'settings.update'>) => settings.update(patch),
    // the window asks when it shows prices: a good moment to refresh, without waiting for it
    'rates.get': async () => {
      background(rates.refreshIfDue())
      return rates.view()
    },
  }
}
