// "≈ $12.34 then": an amount at the price its row was seen at (docs/rates.md, "Prices as they
// were"), in the person's currency, with where the price came from and of when in the title.
// Nothing while prices are off, balances hidden, or the row has no price in that currency; nothing
// either when it comes to the figure shown for now (a row seen today has today's price).
import type { RatesView } from '@shared/contract'
import { satsToFiat } from '@shared/fiat'
import type { PriceThen } from '@shared/priceThen'
import { satPriceThen } from '@shared/satPriceThen'
import { formatLocale, t } from '../i18n'
import { useHidden } from '../lib/money'
import { fiatTexts, useRates } from '../stores/rates'

export interface FiatThenShown {
  /** "≈ $12.34 then" */
  text: string
  /** "USD price of 9 Oct 2025, from api.coingecko.com" */
  title: string
}

export function fiatThenText(
  msat: number,
  p: PriceThen | null | undefined,
  view: RatesView | null,
): FiatThenShown | null {
  if (!p || !view || view.status === 'off') return null
  const satPrice = satPriceThen(p, view.currency)
  const value = satPrice === null ? null : satsToFiat(Math.abs(msat), satPrice, view.currency, formatLocale())
  if (value === null) return null
  // "≈ $90.00 · ≈ $90.00 then" says one figure twice: the one now is enough
  if (fiatTexts(view)?.(Math.abs(msat)) === `≈ ${value}`) return null
  const when =
    p.kind === 'day'
      ? t('fiatThen.ofUtc', {
          toLocaleDateString: new Date(p.at * 1000).toLocaleDateString(formatLocale(), {
            timeZone: 'UTC',
            dateStyle: 'medium',
          }),
        })
      : t('fiatThen.whenItArrivedFetched', { amount: new Date(p.at * 1000).toLocaleString(formatLocale()) })
  return {
    text: t('fiatThen.then', { value }),
    title: t('fiatThen.priceFrom', { currency: view.currency, when, source: p.source }),
  }
}

export function FiatThen(props: { msat: number; priceThen: PriceThen | null | undefined; testId?: string }) {
  const view = useRates((s) => s.view)
  const hidden = useHidden()
  const shown = hidden ? null : fiatThenText(props.msat, props.priceThen, view)
  if (!shown) return null
  // the space after it belongs to it: a row without a price then shows no gap
  return (
    <>
      <span className="fiat-then muted" title={shown.title} data-testid={props.testId}>
        {shown.text}
      </span>{' '}
    </>
  )
}
