// Every amount the page shows is written here (docs/security.md, "Hide balances"): while balances
// are hidden, and until the settings say they are not, an amount is only a mask, so no digit of
// one reaches the DOM. The sign of a movement stays (in or out is not an amount). A test refuses
// @shared/units' formatters anywhere else in the renderer.
import type { Settings } from '@shared/contract'
import { formatSat } from '@shared/units'
import { currentLocale } from '../i18n'
import { useSettings } from '../stores/settings'
import type { LoadStatus } from '../stores/wallets'
import { type AmountOpts, MASK, msatText } from './amountText'

export { MASK }

/**
 * Hidden when the setting says so, and while it is being asked or could not be read. The page
 * opens only once it was asked (stores/lock.ts), so `idle` (never asked) is a test's store alone.
 */
export const hidesAmounts = (settings: Settings | null, status: LoadStatus): boolean =>
  settings ? settings.hideBalances : status !== 'idle'

export function useHidden(): boolean {
  return useSettings((s) => hidesAmounts(s.settings, s.status))
}

/** The hidden state now, for text made outside a component (a store's message). */
export const amountsHidden = (): boolean => {
  const s = useSettings.getState()
  return hidesAmounts(s.settings, s.status)
}

export const showMsat = (msat: number, hidden: boolean, opts: AmountOpts = {}): string =>
  msatText(msat, hidden, { ...opts, locale: currentLocale() })

export const showSat = (sat: number, hidden: boolean, opts: AmountOpts = {}): string =>
  hidden ? showMsat(Math.sign(sat), true, opts) : formatSat(sat, { ...opts, locale: currentLocale() })

export interface Money {
  hidden: boolean
  msat(msat: number, opts?: AmountOpts): string
  sat(sat: number, opts?: AmountOpts): string
}

/** The formatters for a component, which renders again when balances are hidden or shown. */
export function useMoney(): Money {
  const hidden = useHidden()
  return { hidden, msat: (m, o) => showMsat(m, hidden, o), sat: (s, o) => showSat(s, hidden, o) }
}

/** The formatters as they are now, for text made outside a component. */
export const moneyNow = (): Money => {
  const hidden = amountsHidden()
  return { hidden, msat: (m, o) => showMsat(m, hidden, o), sat: (s, o) => showSat(s, hidden, o) }
}

/** Amounts inside someone else's words (main's messages) masked while hidden: "holds •••• sats". */
export function maskAmounts(text: string, hidden: boolean): string {
  return hidden ? text.replace(/\d[\d,\s]*(?:\.\d+)?\s*(?=(?:sats?|msat)\b)/g, `${MASK} `) : text
}
