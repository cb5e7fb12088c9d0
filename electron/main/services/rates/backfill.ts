// Prices as they were for rows the live rate could not price (docs/rates.md): rows of a first
// sync, a resync or a long while closed. Opt-in: only while `enabled()` (settings.pricesThen with
// prices on), only while the window can be seen, one day's request at a time with a gap between
// two, newest day first. A day the source cannot price is not asked again this session, and each
// failure doubles the gap (at most an hour), so a refusing source is not hammered.
import type { Logger } from '../../log'
import type { PricesThen } from '../ledger'
import { fetchDayPrices } from './history'

export const BACKFILL_GAP_MS = 15_000
const MAX_GAP_MS = 60 * 60 * 1000

export interface BackfillDeps {
  /** null: no history source (tests and the preview unless given one) */
  sourceUrl: string | null
  enabled: () => boolean
  visible?: () => boolean
  /** the ledger when it is open; null: nothing to price yet (no file is made for this) */
  ledger: () => PricesThen | null
  /** rows of these accounts got a price: the history reads its page again */
  updated: (accountIds: string[]) => void
  now: () => number
  fetch?: typeof fetch
  timeoutMs?: number
  /** the least time between two requests (default 15 s) */
  gapMs?: number
  log?: Pick<Logger, 'warn'>
}

export interface PriceBackfill {
  /** prices one day now if allowed and due; resolves with the rows priced */
  step(): Promise<number>
  start(): void
  stop(): Promise<void>
  /** why the last day asked for got no price (null after a good answer) */
  lastReason(): string | null
}

export function createPriceBackfill(d: BackfillDeps): PriceBackfill {
  const host = d.sourceUrl ? new URL(d.sourceUrl).host : ''
  const gap = d.gapMs ?? BACKFILL_GAP_MS
  const failedDays = new Set<number>()
  let failures = 0
  let nextAt = 0
  let reason: string | null = null
  let inflight: Promise<number> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  async function priceOneDay(ledger: PricesThen): Promise<number> {
    // the newest day not failed, with its accounts (a handful): each listed day reads its rows' index
    const days = ledger.daysWithoutPrice(8, (day) => failedDays.has(day))
    const day = days[0]?.day
    if (day === undefined) return 0
    const got = await fetchDayPrices(d.fetch ?? globalThis.fetch, d.sourceUrl as string, day, {
      timeoutMs: d.timeoutMs,
    })
    if (!got.ok) {
      failedDays.add(day)
      failures++
      reason = got.reason
      nextAt = d.now() + Math.min(gap * 2 ** failures, MAX_GAP_MS)
      return 0
    }
    failures = 0
    reason = null
    nextAt = d.now() + gap
    const price = { prices: got.prices, at: day, source: host, kind: 'day' as const }
    let rows = 0
    const accounts: string[] = []
    for (const x of days.filter((y) => y.day === day)) {
      const n = ledger.setDayPrice(x.accountId, day, price)
      rows += n
      if (n > 0) accounts.push(x.accountId)
    }
    if (accounts.length > 0) d.updated(accounts)
    return rows
  }

  function step(): Promise<number> {
    if (inflight) return inflight
    const ledger = d.ledger()
    const visible = d.visible?.() ?? true
    if (!d.sourceUrl || !ledger || !d.enabled() || !visible || d.now() < nextAt) return Promise.resolve(0)
    inflight = priceOneDay(ledger)
      .catch((err) => {
        d.log?.warn('prices then not filled', { error: err })
        return 0
      })
      .finally(() => {
        inflight = null
      })
    return inflight
  }

  return {
    step,
    start() {
      timer = setInterval(() => void step(), Math.max(1000, Math.min(gap, 30_000)))
      timer.unref?.()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await inflight
    },
    lastReason: () => reason,
  }
}
