// The price beside amounts, as main last said (docs/rates.md): loaded with rates.get, kept
// current by the rates.updated event. A load overtaken by an event is dropped.
import type { RatesView } from '@shared/contract'
import { satsToFiat } from '@shared/fiat'
import { create } from 'zustand'
import { invoke } from '../api'
import { formatLocale, t } from '../i18n'
import { createLatest } from '../lib/latest'

interface RatesState {
  view: RatesView | null
  load(): Promise<void>
  apply(view: RatesView): void
}

const loads = createLatest()

export const useRates = create<RatesState>()((set) => ({
  view: null,
  async load() {
    const { value: res, stale } = await loads.run(() => invoke('rates.get', {}))
    if (!stale && res.ok) set({ view: res.value })
  },
  apply(view) {
    loads.drop()
    set({ view })
  },
}))

/** "just now", "3 min old", "2 h old" */
export function rateAge(fetchedAt: number, now: number): string {
  const min = Math.floor(Math.max(0, now - fetchedAt) / 60_000)
  if (min < 1) return t('rates.justNow')
  if (min < 60) return t('rates.minOld', { min })
  return t('rates.hOld', { floor: Math.floor(min / 60) })
}

export interface FiatShown {
  /** "≈ $12.34" */
  text: string
  /** "rate 3 min old", "rate 20 min old · stale" */
  age: string
  /** where the price is from and when, for a title */
  title: string
}

/** What to show beside an amount, or null when nothing should be (off, no price, too old). */
export function fiatBeside(msat: number, view: RatesView | null, now: number): FiatShown | null {
  const text = fiatTexts(view)?.(msat)
  if (!view || view.fetchedAt === null || !text) return null
  // a price the last attempt did not renew says so beside every amount, not only in the title
  const age = t('rates.rate', {
    rateAge: rateAge(view.fetchedAt, now),
    stale: view.status === 'stale' ? 'yes' : 'no',
  })
  const when = new Date(view.fetchedAt).toLocaleString(formatLocale())
  const why = view.reason ? t('rates.notUpdatedSince', { reason: view.reason }) : ''
  return { text, age, title: t('rates.priceFromFetched', { currency: view.currency, host: view.host, when, why }) }
}

/**
 * "≈ $12.34" for amount after amount at one price (a history page of 100), or null when no price
 * is shown at all (off, none yet, too old). The age and source are said once, not per amount.
 */
export function fiatTexts(view: RatesView | null): ((msat: number) => string | null) | null {
  if (!view || view.satPrice === null || view.fetchedAt === null) return null
  if (view.status !== 'fresh' && view.status !== 'stale') return null
  const { satPrice, currency } = view
  return (msat) => {
    const value = satsToFiat(msat, satPrice, currency, formatLocale())
    return value === null ? null : `≈ ${value}`
  }
}
