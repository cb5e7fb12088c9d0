// Invoices made in this session. The watcher in main keeps polling them whether or not the
// Receive screen is open; this store only mirrors its `invoice.updated` events.
import type { OpInput, PendingInvoice } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke } from '../api'

interface InvoicesState {
  byId: Record<string, PendingInvoice>
  currentId: string | null
  creating: boolean
  error: AppErrorShape | null
  checking: boolean
  checkError: AppErrorShape | null
  create(input: OpInput<'invoices.create'>): Promise<PendingInvoice | null>
  check(id: string): Promise<void>
  apply(inv: PendingInvoice): void
  startOver(): void
}

export const useInvoices = create<InvoicesState>()((set, get) => ({
  byId: {},
  currentId: null,
  creating: false,
  error: null,
  checking: false,
  checkError: null,
  async create(input) {
    if (get().creating) return null
    set({ creating: true, error: null })
    const res = await invoke('invoices.create', input)
    if (!res.ok) {
      set({ creating: false, error: res.error })
      return null
    }
    const inv = res.value
    set((s) => ({ creating: false, currentId: inv.id, byId: { ...s.byId, [inv.id]: keepFinal(s.byId[inv.id], inv) } }))
    return inv
  },
  async check(id) {
    set({ checking: true, checkError: null })
    const res = await invoke('invoices.check', { id })
    if (res.ok) get().apply(res.value)
    set({ checking: false, checkError: res.ok ? null : res.error })
  },
  apply(inv) {
    set((s) => ({ byId: { ...s.byId, [inv.id]: keepFinal(s.byId[inv.id], inv) } }))
  },
  startOver: () => set({ currentId: null, error: null, checkError: null }),
}))

/** A paid invoice stays paid even if a stale "pending" answer arrives after the event. */
function keepFinal(prev: PendingInvoice | undefined, next: PendingInvoice): PendingInvoice {
  if (prev?.status === 'paid' && next.status !== 'paid') return prev
  return next
}
