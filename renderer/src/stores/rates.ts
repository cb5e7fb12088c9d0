// The price beside amounts, as main last said (docs/rates.md): loaded with rates.get, kept
// current by the rates.updated event. A load overtaken by an event is dropped.
import type { RatesView } from '@shared/contract'
import { satsToFiat } from '@shared/fiat'
import { create } from 'zustand'
import { invoke } from '../api'
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
  if (min < 1) return 'just now'
  if (min < 60) return `${min} min old`
  return `${Math.floor(min / 60)} h old`
}

export interface FiatShown {
  /** "≈ $12.34" */
  text: string
  /** "rate 3 min old" */
  age: string
  /** where the price is from and when, for a title */
  title: string
}

/** What to show beside an amount, or null when nothing should be (off, no price, too old). */
export function fiatBeside(msat: number, view: RatesView | null, now: number): FiatShown | null {
  if (!view || view.satPrice === null || view.fetchedAt === null) return null
  if (view.status !== 'fresh' && view.status !== 'stale') return null
  const value = satsToFiat(msat, view.satPrice, view.currency)
  if (value === null) return null
  const age = `rate ${rateAge(view.fetchedAt, now)}`
  const when = new Date(view.fetchedAt).toLocaleString()
  const why = view.reason ? ` Not updated since: ${view.reason}` : ''
  return { text: `≈ ${value}`, age, title: `${view.currency} price from ${view.host}, fetched ${when}.${why}` }
}
