// Payments whose outcome is not known yet (the journal in main): listed with a way to check.
// Nothing here ever sends a payment again; "Check again" only asks the service what happened.
import type { JournalView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke } from '../api'

interface PaymentsState {
  unfinished: JournalView[]
  checking: boolean
  error: AppErrorShape | null
  load(): Promise<void>
  check(): Promise<void>
  apply(payload: { payments: JournalView[] }): void
}

export const usePayments = create<PaymentsState>()((set, get) => ({
  unfinished: [],
  checking: false,
  error: null,
  async load() {
    const res = await invoke('payments.unfinished', {})
    if (res.ok) set({ unfinished: res.value.payments })
  },
  async check() {
    if (get().checking) return
    set({ checking: true, error: null })
    const res = await invoke('payments.check', {})
    set(res.ok ? { checking: false, unfinished: res.value.payments } : { checking: false, error: res.error })
  },
  apply({ payments }) {
    set({ unfinished: payments })
  },
}))
