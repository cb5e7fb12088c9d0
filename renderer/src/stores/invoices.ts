// The invoices main's sync loop follows. It keeps checking them whether or not the Receive
// screen is open (and remembers them across restarts); this store mirrors `invoices.list` and
// its `invoice.updated` events. It is in the first chunk (boot routes events here): keep it small.
import type { OpInput, PendingInvoice } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke } from '../api'
import type { LoadStatus } from './wallets'

interface InvoicesState {
  byId: Record<string, PendingInvoice>
  /** the invoice whose QR code Receive shows; null shows the form */
  currentId: string | null
  creating: boolean
  error: AppErrorShape | null
  /** invoices.list, asked for when Receive opens */
  listStatus: LoadStatus
  listError: AppErrorShape | null
  /** ids with a "Check now" in flight */
  checking: Record<string, true>
  checkError: { id: string; error: AppErrorShape } | null
  create(input: OpInput<'invoices.create'>): Promise<PendingInvoice | null>
  load(): Promise<void>
  check(id: string): Promise<void>
  apply(inv: PendingInvoice): void
  open(id: string): void
  startOver(): void
}

export const useInvoices = create<InvoicesState>()((set, get) => ({
  byId: {},
  currentId: null,
  creating: false,
  error: null,
  listStatus: 'idle',
  listError: null,
  checking: {},
  checkError: null,
  async create(input) {
    if (get().creating) return null
    set({ creating: true, error: null })
    const res = await invoke('invoices.create', input)
    if (!res.ok) {
      set({ creating: false, error: res.error })
      return null
    }
    get().apply(res.value)
    set({ creating: false, currentId: res.value.id })
    return res.value
  },
  async load() {
    set({ listStatus: 'loading', listError: null })
    const res = await invoke('invoices.list', {})
    if (!res.ok) return set({ listStatus: 'error', listError: res.error })
    // merged, not replaced: an event that came while the list was on its way is not lost
    for (const inv of res.value.invoices) get().apply(inv)
    set({ listStatus: 'ready' })
  },
  async check(id) {
    if (get().checking[id]) return
    set((s) => ({ checking: { ...s.checking, [id]: true }, checkError: null }))
    const res = await invoke('invoices.check', { id })
    if (res.ok) get().apply(res.value)
    set((s) => {
      const { [id]: _, ...checking } = s.checking
      return { checking, checkError: res.ok ? null : { id, error: res.error } }
    })
  },
  apply(inv) {
    set((s) => ({ byId: { ...s.byId, [inv.id]: keepFinal(s.byId[inv.id], inv) } }))
  },
  open: (id) => set({ currentId: id, checkError: null }),
  startOver: () => set({ currentId: null, error: null, checkError: null }),
}))

/** A paid invoice stays paid even if a stale "pending" answer arrives after the event. */
function keepFinal(prev: PendingInvoice | undefined, next: PendingInvoice): PendingInvoice {
  if (prev?.status === 'paid' && next.status !== 'paid') return prev
  return next
}

/** What an invoice is at `now` (unix seconds): pending past its expiry is expired already. */
export function invoiceStatus(inv: PendingInvoice, now: number): PendingInvoice['status'] {
  return inv.status === 'pending' && inv.expiresAt <= now ? 'expired' : inv.status
}

/**
 * The active account's invoices: still payable ones first, then newest first. A claim's invoice
 * the link's server refused is nobody's to pay: not listed (Claim said why).
 */
export function recentInvoices(
  byId: Record<string, PendingInvoice>,
  accountId: string | null,
  now: number,
): PendingInvoice[] {
  const open = (i: PendingInvoice) => (invoiceStatus(i, now) === 'pending' ? 0 : 1)
  return Object.values(byId)
    .filter((i) => i.status !== 'refused' && (accountId === null || i.accountId === accountId))
    .sort((a, b) => open(a) - open(b) || b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
}
