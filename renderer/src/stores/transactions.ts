// One page of transactions at a time: old pages are dropped, so paging never grows memory.
import type { LnTxView, TxView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke } from '../api'
import { createLatest } from '../lib/latest'
import type { LoadStatus } from './wallets'

export const PER_PAGE_CHOICES = [10, 25, 50, 100, 250] as const
const DEFAULT_PER_PAGE = 25

interface TransactionsState {
  walletId: string | null
  page: number
  perPage: number
  pageCount: number
  totalCount: number
  items: TxView[]
  status: LoadStatus
  error: AppErrorShape | null
  detail: { id: string | null; status: LoadStatus; value: LnTxView | null; error: AppErrorShape | null }
  load(walletId: string, page?: number, perPage?: number): Promise<void>
  reload(): Promise<void>
  loadDetail(lnTxId: string): Promise<void>
}

/** the person may ask for another page (or detail) before the last one came */
const pages = createLatest()
const details = createLatest()

export const useTransactions = create<TransactionsState>()((set, get) => ({
  walletId: null,
  page: 1,
  perPage: DEFAULT_PER_PAGE,
  pageCount: 0,
  totalCount: 0,
  items: [],
  status: 'idle',
  error: null,
  detail: { id: null, status: 'idle', value: null, error: null },
  async load(walletId, page = 1, perPage = get().perPage) {
    const sameWallet = walletId === get().walletId
    set({ walletId, page, perPage, status: 'loading', error: null, ...(sameWallet ? {} : { items: [], pageCount: 0 }) })
    const { value: res, stale } = await pages.run(() => invoke('transactions.page', { walletId, page, perPage }))
    if (stale) return
    if (res.ok) {
      const v = res.value
      set({
        items: v.items,
        page: v.page,
        perPage: v.perPage,
        pageCount: v.pageCount,
        totalCount: v.totalCount,
        status: 'ready',
      })
    } else set({ status: 'error', error: res.error })
  },
  async reload() {
    const { walletId, page, perPage } = get()
    if (walletId) await get().load(walletId, page, perPage)
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
}))
