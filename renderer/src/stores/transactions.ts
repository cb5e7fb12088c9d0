// The history from main's ledger, one page at a time: besides the page on show, only its two
// neighbours are kept (the page just left and the next one, read ahead), so paging never grows
// memory by rows, and Next or Previous paint without waiting for main. Each page shown leaves the
// keyset cursor of the page after it (a few bytes), so Next, and Previous further back, read by
// cursor, not by OFFSET. The filter and the page are kept here, so coming back to the screen shows
// the same page; the page number changes as soon as it is asked for, so it is right while loading.
import type { EventPayload, LnTxView, OpInput, OpOutput } from '@shared/contract'
import type { AppErrorShape, Result } from '@shared/errors'
import type { CsvFormat, HistoryCursor, HistoryPage, HistoryRow, TxKind } from '@shared/history'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { createLatest } from '../lib/latest'
import { visibleTimeout } from '../lib/visibleTimers'
import { useSettings } from './settings'
import type { LoadStatus } from './wallets'

export const PER_PAGE_CHOICES = [10, 25, 50, 100, 250] as const
type PerPage = (typeof PER_PAGE_CHOICES)[number]
/** as main's DEFAULT_SETTINGS (a value from the contract would bring its schemas into this chunk) */
const DEFAULT_PER_PAGE: PerPage = 25
/** the person's choice, kept in main's settings so it outlives a restart */
const savedPerPage = (): PerPage => useSettings.getState().settings?.historyPerPage ?? DEFAULT_PER_PAGE

export interface HistoryFilter {
  /** a wallet id or 'all' */
  walletId: string
  direction: 'all' | 'sent' | 'received'
  kind: TxKind | ''
  search: string
  /** YYYY-MM-DD from a date field, '' for none; both days included */
  from: string
  to: string
}
const NO_FILTER: HistoryFilter = { walletId: 'all', direction: 'all', kind: '', search: '', from: '', to: '' }

interface TransactionsState {
  filter: HistoryFilter
  page: number
  perPage: number
  pageCount: number
  total: number
  /** a search's total is a floor (at least `total` match): Next pages on while there is a `next` */
  capped: boolean
  items: HistoryRow[]
  next: HistoryCursor | null
  status: LoadStatus
  error: AppErrorShape | null
  export: {
    requestId: string | null
    done: number
    total: number
    result: OpOutput<'history.exportCsv'> | null
    error: AppErrorShape | null
  }
  detail: { id: string | null; status: LoadStatus; value: LnTxView | null; error: AppErrorShape | null }
  /** the filters besides search shown (true) or folded; null: as the window's width suggests */
  filtersOpen: boolean | null
  /** how far each account's first sync has come (main's `sync.progress`), by account id */
  syncing: Record<string, EventPayload<'sync.progress'>>
  /** The screen opens: the page it showed last time, or the first one. */
  open(walletId?: string): Promise<void>
  setFilter(patch: Partial<HistoryFilter>): Promise<void>
  setPerPage(perPage: number): Promise<void>
  goTo(page: number): Promise<void>
  reload(): Promise<void>
  setLabel(txId: string, label: string): Promise<AppErrorShape | null>
  /** the whole filtered history as CSV, plain or in a tax tool's format */
  exportCsv(format?: CsvFormat): Promise<void>
  progressed(p: EventPayload<'history.progress'>): void
  synced(p: EventPayload<'sync.progress'>): void
  loadDetail(lnTxId: string): Promise<void>
}

/** the person may ask for another page (or detail) before the last one came */
const pages = createLatest()
const details = createLatest()

/**
 * A neighbour of the page on show, for the same filter and page size (`query`): the page just left,
 * or the next one read ahead. Dropped whenever the history may have changed (a sync, a label).
 */
interface Near {
  query: string
  page: number
  answer: Promise<Result<HistoryPage>>
  value?: HistoryPage
}
let near: Near[] = []
/** stops a read-ahead that has not started yet */
let cancelAhead = () => {}
/** the query of the page on show */
let shownQuery = ''
/**
 * Each page's keyset cursor, as the page before it gave it (of `shownQuery`), since the history last
 * changed. By OFFSET, a page thousands deep costs 20 to 35 ms in a ledger of a million rows; by its
 * cursor, as Next reads, about 1.5 (docs/ledger.md, "At scale").
 */
let cursors = new Map<number, HistoryCursor>()
const queryOf = (s: { filter: HistoryFilter; perPage: number }) => JSON.stringify([s.filter, s.perPage])

/** Local midnight of a YYYY-MM-DD day, in Unix seconds; `days` later for an end. */
function dayStart(day: string, days = 0): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return undefined
  return Math.floor(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days).getTime() / 1000)
}

/** The filter as history.page and history.exportCsv take it. */
export function filterInput(f: HistoryFilter): Omit<OpInput<'history.exportCsv'>, 'requestId'> {
  const from = dayStart(f.from)
  const to = dayStart(f.to, 1)
  const search = f.search.trim()
  return {
    walletId: f.walletId || 'all',
    direction: f.direction,
    ...(f.kind ? { kind: f.kind } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(search ? { search } : {}),
  }
}

export const useTransactions = create<TransactionsState>()((set, get) => {
  function read(page: number, after?: HistoryCursor) {
    const { filter, perPage } = get()
    return invoke('history.page', { ...filterInput(filter), limit: perPage, page, ...(after ? { after } : {}) })
  }

  /** The page on show, if it is ready and of `query`: kept as a neighbour when another replaces it. */
  function onShow(query: string): HistoryPage | null {
    const s = get()
    return s.status === 'ready' && shownQuery === query ? pageOf(s) : null
  }

  /** Puts a page on show; keeps the one it replaces (`was`) and reads the next one ahead. */
  function show(v: HistoryPage, query: string, was: HistoryPage | null) {
    const { items, page, pageCount, total, capped, next } = v
    set({ items, page, pageCount, total, capped, next, status: 'ready' })
    if (query !== shownQuery) cursors = new Map()
    if (next) cursors.set(page + 1, next)
    shownQuery = query
    near =
      was && was.page !== v.page
        ? [{ query, page: was.page, answer: Promise.resolve({ ok: true, value: was }), value: was }]
        : []
    cancelAhead()
    if (v.next && (v.capped || v.page < v.pageCount) && was?.page !== v.page + 1) {
      const after = v.next
      // after this task, so the read does not delay painting the page just shown
      cancelAhead = visibleTimeout(() => {
        const ahead: Near = { query, page: v.page + 1, answer: read(v.page + 1, after) }
        near.push(ahead)
        void ahead.answer.then((res) => {
          if (res.ok) ahead.value = res.value
          else near = near.filter((n) => n !== ahead) // asked for, it is read again and its error shown
        })
      }, 0)
    }
  }

  async function load(page: number, after?: HistoryCursor) {
    const query = queryOf(get())
    const was = onShow(query)
    const kept = near.find((n) => n.query === query && n.page === page)
    if (kept?.value) {
      pages.drop() // a slower page on its way must not replace this one
      return show(kept.value, query, was)
    }
    cancelAhead()
    set({ page, status: 'loading', error: null })
    const { value: res, stale } = await pages.run(() => kept?.answer ?? read(page, after))
    if (stale) return
    if (res.ok) show(res.value, query, was)
    else set({ status: 'error', error: res.error })
  }

  /** the history may have changed: no neighbour kept from before is trusted */
  function forget() {
    cancelAhead()
    near = []
    cursors = new Map() // a page's rows, and so its start, may have moved
  }

  return {
    filter: NO_FILTER,
    page: 1,
    perPage: DEFAULT_PER_PAGE,
    pageCount: 0,
    total: 0,
    capped: false,
    items: [],
    next: null,
    status: 'idle',
    error: null,
    export: { requestId: null, done: 0, total: 0, result: null, error: null },
    detail: { id: null, status: 'idle', value: null, error: null },
    syncing: {},
    filtersOpen: null,
    async open(walletId) {
      // the first visit: the page size the person chose before, once main's settings are known
      const saved = useSettings.getState().settings?.historyPerPage
      if (get().status === 'idle' && saved) set({ perPage: saved })
      if (walletId && walletId !== get().filter.walletId) return get().setFilter({ walletId })
      forget() // the ledger may have changed while the screen was closed
      await load(get().status === 'idle' ? 1 : get().page)
    },
    async setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } })
      await load(1)
    },
    async setPerPage(perPage) {
      set({ perPage })
      if ((PER_PAGE_CHOICES as readonly number[]).includes(perPage) && perPage !== savedPerPage())
        void useSettings.getState().update({ historyPerPage: perPage as PerPage })
      await load(1)
    },
    async goTo(page) {
      // the next page in order, or one shown before: by the keyset cursor the page before it gave,
      // which skips no rows and needs no OFFSET
      await load(page, shownQuery === queryOf(get()) ? cursors.get(page) : undefined)
    },
    async reload() {
      forget()
      if (get().status !== 'idle') await load(get().page)
    },
    async setLabel(txId, label) {
      forget()
      const res = await invoke('history.label', { txId, label })
      if (!res.ok) return res.error
      set({ items: get().items.map((t) => (t.txId === txId ? { ...t, label: res.value.label } : t)) })
      return null
    },
    async exportCsv(format = 'plain') {
      if (get().export.requestId) return // one export at a time: a double click saves one file
      const requestId = newRequestId()
      set({ export: { requestId, done: 0, total: 0, result: null, error: null } })
      const res = await invoke('history.exportCsv', { ...filterInput(get().filter), requestId, format })
      const done = get().export
      set({
        export: res.ok
          ? { ...done, requestId: null, result: res.value, error: null }
          : { ...done, requestId: null, result: null, error: res.error },
      })
    },
    progressed(p) {
      const e = get().export
      if (p.requestId === e.requestId) set({ export: { ...e, done: p.done, total: p.total } })
    },
    synced(p) {
      set({ syncing: { ...get().syncing, [p.accountId]: p } })
    },
    async loadDetail(id) {
      set({ detail: { id, status: 'loading', value: null, error: null } })
      const { value: res, stale } = await details.run(() => invoke('lntx.get', { id }))
      if (stale) return
      set({
        detail: res.ok
          ? { id, status: 'ready', value: res.value, error: null }
          : { id, status: 'error', value: null, error: res.error },
      })
    },
  }
})

function pageOf(s: TransactionsState): HistoryPage {
  const { items, page, pageCount, total, capped, next } = s
  return { items, page, pageCount, total, capped, limit: s.perPage, next }
}
