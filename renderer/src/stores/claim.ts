// Claiming a withdraw link someone hands over: its offer, then one claim per "Claim" press. The
// press is ignored while a claim runs, and its request id makes main run it once however often
// it arrives (docs/architecture.md, "Money rules").
import type { ClaimOffer, ClaimResult } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { createLatest } from '../lib/latest'
import { useInvoices } from './invoices'
import type { LoadStatus } from './wallets'

interface ClaimState {
  lnurl: string | null
  readStatus: LoadStatus
  offer: ClaimOffer | null
  readError: AppErrorShape | null
  claiming: boolean
  result: ClaimResult | null
  error: AppErrorShape | null
  /** reads the link's offer (again, for another link or after a failure) */
  open(lnurl: string): Promise<ClaimOffer | null>
  claim(input: { walletId: string; amountSat: number }): Promise<void>
  reset(): void
}

const initial = {
  lnurl: null,
  readStatus: 'idle' as LoadStatus,
  offer: null,
  readError: null,
  claiming: false,
  result: null,
  error: null,
}

/** a newer link supersedes an offer on its way */
const reads = createLatest()

export const useClaim = create<ClaimState>()((set, get) => ({
  ...initial,
  async open(lnurl) {
    // a claim on its way, or one made, stays on screen until the person leaves it
    if (get().claiming) return null
    set({ ...initial, lnurl, readStatus: 'loading' })
    const { value: res, stale } = await reads.run(() => invoke('claim.read', { lnurl }))
    if (stale) return null
    if (!res.ok) {
      set({ readStatus: 'error', readError: res.error })
      return null
    }
    set({ readStatus: 'ready', offer: res.value })
    return res.value
  },
  async claim({ walletId, amountSat }) {
    const { lnurl, claiming, result } = get()
    if (!lnurl || claiming || result) return
    set({ claiming: true, error: null })
    const res = await invoke('claim.run', { lnurl, walletId, amountSat, requestId: newRequestId() })
    if (!res.ok) return set({ claiming: false, error: res.error })
    useInvoices.getState().apply(res.value.invoice)
    set({ claiming: false, result: res.value, offer: res.value.offer })
  },
  reset() {
    reads.drop()
    if (!get().claiming) set(initial)
  },
}))
