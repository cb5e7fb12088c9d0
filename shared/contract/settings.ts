// Settings, and the fiat price shown beside amounts (docs/rates.md).
import { z } from 'zod'
import { FIAT_CURRENCIES } from '../fiat'
import { Language } from '../i18n/language'
import { DEFAULT_LOCK, LockSettings, Shortcut } from '../lock'
import { AppPassphrase, int, none, op } from './base'

export const FiatCurrency = z.enum(FIAT_CURRENCIES)
export type FiatCurrency = z.infer<typeof FiatCurrency>
export const FiatSettings = z.object({ enabled: z.boolean(), currency: FiatCurrency })
export type FiatSettings = z.infer<typeof FiatSettings>
/** On by default: a wallet shows what an amount is worth; the first run says which host is asked. */
export const DEFAULT_FIAT: FiatSettings = { enabled: true, currency: 'USD' }
export const RatesView = z.object({
  currency: FiatCurrency,
  /** fiat per sat; null when there is no price to show (off, none yet, refused or too old) */
  satPrice: z.number().positive().finite().nullable(),
  /** when the shown price was fetched (ms since epoch), null without one */
  fetchedAt: int.nullable(),
  status: z.enum(['fresh', 'stale', 'off', 'unavailable']),
  /** why the last attempt gave no new price, in words for the person */
  reason: z.string().nullable(),
  /** the host asked for prices, e.g. api.coingecko.com */
  host: z.string(),
  /** the host asked for older rows' prices when settings.pricesThen is on; absent without one */
  historyHost: z.string().optional(),
  /** no price was ever fetched on this machine: the first-run statement is shown */
  firstRun: z.boolean(),
})
export type RatesView = z.infer<typeof RatesView>

export const Theme = z.enum(['system', 'light', 'dark'])
export const Settings = z.object({
  pollIntervalSec: int.min(5).max(3600),
  notifications: z.boolean(),
  theme: Theme,
  fiat: FiatSettings,
  /**
   * older rows' prices from the price history source (off by default: asking for a day's price
   * tells the source on which days money moved; docs/rates.md). Absent is off.
   */
  pricesThen: z.boolean().optional(),
  /** the tray shows the total balance (off: no amount on the tray at all) */
  trayTotal: z.boolean(),
  /** a global shortcut that opens the app, in Electron's accelerator words; '' for none */
  shortcut: Shortcut,
  /** start the app when the person logs in */
  openAtLogin: z.boolean(),
  /** when the window opens, offer to pay what is on the clipboard (read only at that moment) */
  offerClipboard: z.boolean(),
  /** every amount is masked: screens, the tray and notifications (docs/security.md) */
  hideBalances: z.boolean(),
  /** when and how the app lock locks; whether a passphrase is set is `lock.status` */
  lock: LockSettings,
  /** rows per page on the Transactions screen, kept across restarts */
  historyPerPage: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100), z.literal(250)]),
  /** the app's language; absent or 'system' follows the OS (shared/i18n/locales.ts) */
  language: Language.optional(),
})
export type Settings = z.infer<typeof Settings>
export const DEFAULT_SETTINGS: Settings = {
  pollIntervalSec: 15,
  notifications: true,
  theme: 'system',
  fiat: DEFAULT_FIAT,
  trayTotal: true,
  // none by default: a global shortcut takes the keys from every other app
  shortcut: '',
  openAtLogin: false,
  offerClipboard: true,
  hideBalances: false,
  lock: DEFAULT_LOCK,
  historyPerPage: 25,
}

export const settingsOps = {
  'settings.get': op('read', none, Settings),
  /** A change that loosens the lock or shows money carries the app's passphrase when one is set. */
  'settings.update': op(
    'local',
    Settings.partial().extend({ passphrase: AppPassphrase.optional() }).strict(),
    Settings,
  ),

  /** The price to show beside amounts; asking also refreshes it in the background when due. */
  'rates.get': op('read', none, RatesView),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const settingsWhileLocked = {
  'settings.get': 'open',
  'settings.update': 'refused',
  'rates.get': 'refused',
} as const
