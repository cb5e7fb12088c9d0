// The price beside amounts (docs/rates.md): fetched by main from one public source, at most every
// five minutes while the window is visible, never while prices are off, with a longer wait after
// each failure. Only prices that pass sanity.ts are kept; a refused or failed answer keeps the
// last good price (with its age), shows it as stale and says why. The last good prices and the
// day's prices they are judged against are kept on disk.
import { join } from 'node:path'
import { FIAT_CURRENCIES, type FiatCurrency, type FiatSettings, type RatesView } from '@shared/contract'
import type { PriceThen } from '@shared/priceThen'
import type { Logger } from '../../log'
import { mt } from '../i18n'
import { type Cached, type Days, loadCache, RATES_FILE, saveCache } from './cache'
import { anchorOf, judgePrice, MAX_AGE_MS, remember } from './sanity'
import { fetchPrices } from './source'

export { BACKFILL_GAP_MS, createPriceBackfill, type PriceBackfill } from './backfill'
export { RATES_FILE } from './cache'
export { HISTORY_SOURCE_URL } from './history'
export { RATE_SOURCE_URL } from './source'

/** the shortest time between two requests */
export const REFRESH_MS = 5 * 60 * 1000
/** the longest wait after failures (the wait doubles from REFRESH_MS on each one) */
export const MAX_BACKOFF_MS = 60 * 60 * 1000
/** a price older than this is shown as stale (with its age); so is one the last attempt did not renew */
const FRESH_MS = 15 * 60 * 1000
const SATS_PER_BTC = 100_000_000

export interface RatesDeps {
  /** null: no source (tests and the preview unless given one); nothing is ever fetched */
  sourceUrl: string | null
  /** the price history source (backfill.ts), named in the view; none by default */
  historySourceUrl?: string | null
  userDataDir: string
  settings: () => FiatSettings
  /** whether the person can see the window: no requests for a hidden app */
  visible: () => boolean
  emit: (view: RatesView) => void
  now: () => number
  fetch?: typeof fetch
  timeoutMs?: number
  maxBytes?: number
  /** how often the schedule is looked at (default 30 s) */
  tickMs?: number
  log?: Pick<Logger, 'warn'>
}

export interface RatesService {
  /** loads the cache and starts the schedule */
  start(): Promise<void>
  view(): RatesView
  /** every currency's fresh price (what a row arriving now is stored with), null without one */
  livePrice(): PriceThen | null
  /** fetches now if allowed and due (on, visible, past the wait); resolves when that attempt is done */
  refreshIfDue(): Promise<void>
  /** the fiat settings changed: announce the new view, fetch if now due */
  settingsChanged(): void
  /** stops the schedule; resolves when a request on its way is done */
  stop(): Promise<void>
}

export function createRatesService(d: RatesDeps): RatesService {
  const path = join(d.userDataDir, RATES_FILE)
  const host = d.sourceUrl ? new URL(d.sourceUrl).host : ''
  const historyHost = d.historySourceUrl ? new URL(d.historySourceUrl).host : ''
  let accepted: Cached = {}
  /** the day's accepted prices, what a new one is judged against */
  let day: Days = {}
  let firstRun = false
  /** why the last attempt gave a currency no new price */
  let reasons: Partial<Record<FiatCurrency, string>> = {}
  let nextAt = 0
  let failures = 0
  let inflight: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  function view(): RatesView {
    const { enabled, currency } = d.settings()
    const base = { currency, host, ...(historyHost ? { historyHost } : {}), firstRun: firstRun && host !== '' }
    if (!enabled) return { ...base, satPrice: null, fetchedAt: null, status: 'off', reason: null }
    const r = accepted[currency]
    const reason = reasons[currency] ?? null
    const age = r ? d.now() - r.fetchedAt : Number.POSITIVE_INFINITY
    if (!r || age > MAX_AGE_MS) {
      const why = d.sourceUrl
        ? (reason ?? (r ? mt('priceSource.dayOld') : mt('priceSource.noPriceYet')))
        : mt('priceSource.noSource')
      return { ...base, satPrice: null, fetchedAt: null, status: 'unavailable', reason: why }
    }
    return {
      ...base,
      satPrice: r.price / SATS_PER_BTC,
      fetchedAt: r.fetchedAt,
      status: age <= FRESH_MS && !reason ? 'fresh' : 'stale',
      reason,
    }
  }

  const announce = () => d.emit(view())

  function livePrice(): PriceThen | null {
    if (!d.settings().enabled) return null
    const now = d.now()
    const prices: PriceThen['prices'] = {}
    let at = 0
    for (const c of FIAT_CURRENCIES) {
      const r = accepted[c]
      if (!r || reasons[c] || now - r.fetchedAt > FRESH_MS) continue
      prices[c] = r.price
      at = Math.max(at, r.fetchedAt)
    }
    return at ? { prices, at: Math.floor(at / 1000), source: host, kind: 'live' } : null
  }

  async function attempt(): Promise<void> {
    const started = d.now()
    const { currency } = d.settings()
    const got = await fetchPrices(d.fetch ?? globalThis.fetch, d.sourceUrl as string, {
      timeoutMs: d.timeoutMs,
      maxBytes: d.maxBytes,
    })
    if (!got.ok) reasons = Object.fromEntries(FIAT_CURRENCIES.map((c) => [c, got.reason]))
    else {
      const at = d.now()
      let changed = false
      reasons = {}
      for (const c of FIAT_CURRENCIES) {
        const judged = judgePrice(c, got.prices[c], anchorOf(day[c] ?? [], accepted[c], at))
        if (judged.ok) {
          accepted[c] = { price: judged.price, fetchedAt: at }
          day[c] = remember(day[c] ?? [], accepted[c])
          changed = true
        } else reasons[c] = judged.reason
      }
      if (changed) await saveCache(path, accepted, day).catch((err) => d.log?.warn('rates not saved', { error: err }))
    }
    failures = reasons[currency] ? failures + 1 : 0
    nextAt = started + Math.min(REFRESH_MS * 2 ** failures, MAX_BACKOFF_MS)
    announce()
  }

  function refreshIfDue(): Promise<void> {
    if (inflight) return inflight
    if (!d.sourceUrl || !d.settings().enabled || !d.visible() || d.now() < nextAt) return Promise.resolve()
    inflight = attempt()
      .catch((err) => d.log?.warn('rates refresh failed', { error: err }))
      .finally(() => {
        inflight = null
      })
    return inflight
  }

  return {
    async start() {
      const cached = await loadCache(path, d.now())
      firstRun = cached === null
      accepted = cached?.rates ?? {}
      day = cached?.day ?? {}
      // a restart does not ask again before the last price is due
      const newest = Math.max(0, ...Object.values(accepted).map((r) => r.fetchedAt))
      nextAt = newest ? newest + REFRESH_MS : 0
      timer = setInterval(() => void refreshIfDue(), d.tickMs ?? 30_000)
      timer.unref?.()
      void refreshIfDue()
    },
    view,
    livePrice,
    refreshIfDue,
    settingsChanged() {
      announce()
      void refreshIfDue()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await inflight
    },
  }
}
