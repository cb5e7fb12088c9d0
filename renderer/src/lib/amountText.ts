// An amount's text, shown or masked, for a locale given: no stores, so the page's first script
// (early/paint.ts) writes amounts exactly as the app does. The app goes through lib/money.ts,
// which adds the current locale and the "Hide balances" setting.
import { formatMsat } from '@shared/units'

export const MASK = '••••'

export type AmountOpts = { signed?: boolean; unit?: boolean }

/** `msat` as the app writes it in `locale`; while `hidden`, the mask with the sign and unit only. */
export function msatText(msat: number, hidden: boolean, opts: AmountOpts & { locale: string }): string {
  if (!hidden) return formatMsat(msat, opts)
  const sign = opts.signed ? (msat < 0 ? '−' : msat > 0 ? '+' : '') : ''
  return `${sign}${MASK}${opts.unit === false ? '' : ' sats'}`
}
