// Home's recent activity: the last few rows of the active account's ledger (one small
// history.page), read again whenever main says the ledger changed. A row that came in since the
// last read is an arrival: Home highlights it and the app shows a short toast, on top of main's
// OS notification. Light on purpose: Home is in the first chunk.
import type { AppErrorShape } from '@shared/errors'
import type { HistoryRow } from '@shared/history'
import { create } from 'zustand'
import { invoke } from '../api'
import { createLatest } from '../lib/latest'
import { rowDirection } from '../lib/rowText'
import { visibleTimeout } from '../lib/visibleTimers'
import type { LoadStatus } from './wallets'

export const RECENT_ROWS = 5
/** how long an arrival's toast and highlight stay */
export const ARRIVAL_MS = 6000
/** older rows that come in (a first sync of a long history) are not news */
const NEWS_SEC = 15 * 60

interface RecentState {
  rows: HistoryRow[]
  status: LoadStatus
  error: AppErrorShape | null
  /** the rows (by rowId) that arrived at the last read, shown highlighted for a while */
  arrived: number[]
  load(): Promise<void>
  /** another account: its rows are not arrivals */
  reset(): void
  dismissArrival(): void
}

const reads = createLatest()
/** the highest rowId read so far; null until the first read (what is there then is not news) */
let seen: number | null = null
let clearArrival = () => {}

export const useRecent = create<RecentState>()((set, get) => ({
  rows: [],
  status: 'idle',
  error: null,
  arrived: [],
  async load() {
    if (get().status === 'idle') set({ status: 'loading' })
    const { value: res, stale } = await reads.run(() =>
      invoke('history.page', { walletId: 'all', direction: 'all', limit: RECENT_ROWS, page: 1 }),
    )
    if (stale) return
    if (!res.ok) return set({ status: 'error', error: res.error })
    const rows = res.value.items
    const before = seen
    seen = Math.max(seen ?? 0, ...rows.map((r) => r.rowId))
    const recently = Date.now() / 1000 - NEWS_SEC
    const arrived =
      before === null
        ? []
        : rows.filter((r) => r.rowId > before && r.createdAt > recently && rowDirection(r) === 'in').map((r) => r.rowId)
    set({ rows, status: 'ready', error: null, ...(arrived.length > 0 ? { arrived } : {}) })
    if (arrived.length > 0) {
      clearArrival()
      clearArrival = visibleTimeout(() => set({ arrived: [] }), ARRIVAL_MS)
    }
  },
  reset() {
    reads.drop()
    clearArrival()
    seen = null
    set({ rows: [], status: 'idle', error: null, arrived: [] })
  },
  dismissArrival() {
    clearArrival()
    set({ arrived: [] })
  },
}))
