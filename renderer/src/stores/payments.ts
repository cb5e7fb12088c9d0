// Payments whose outcome is not known yet (the journal in main): listed with a way to check.
// Nothing here ever sends a payment again; "Check again" only asks the service what happened,
// and what it found is said: paid, failed with nothing taken, or still unknown.
import type { JournalView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke } from '../api'

/** What the last "Check again" found: the payments it settled, and how many are still unknown. */
export interface CheckFound {
  settled: JournalView[]
  still: number
}

interface PaymentsState {
  unfinished: JournalView[]
  checking: boolean
  error: AppErrorShape | null
  /** the last "Check again" of this visit, until the list is loaded again */
  found: CheckFound | null
  load(): Promise<void>
  check(): Promise<void>
  apply(payload: { payments: JournalView[] }): void
}

export const usePayments = create<PaymentsState>()((set, get) => ({
  unfinished: [],
  checking: false,
  error: null,
  found: null,
  async load() {
    set({ found: null })
    const res = await invoke('payments.unfinished', {})
    if (res.ok) set({ unfinished: res.value.payments })
  },
  async check() {
    if (get().checking) return
    set({ checking: true, error: null, found: null })
    const res = await invoke('payments.check', {})
    set(
      res.ok
        ? {
            checking: false,
            unfinished: res.value.payments,
            found: { settled: res.value.settled, still: res.value.payments.length },
          }
        : { checking: false, error: res.error },
    )
  },
  apply({ payments }) {
    set({ unfinished: payments })
  },
}))
