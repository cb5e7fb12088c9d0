// Claiming a withdraw link someone hands over: what it is first (nobody is asked until the person
// presses a button), then its offer, then one claim per "Claim" press. The press is ignored while
// a claim runs, and its request id makes main run it once however often it arrives
// (docs/money.md, "Money rules"). A server on this computer or a private network is
// contacted only for a host the person confirmed; main refuses any other (`private_host`).
import type { ClaimOffer, ClaimResult } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { createLatest } from '../lib/latest'
import { useInvoices } from './invoices'
import type { LoadStatus } from './wallets'

interface ClaimState {
  lnurl: string | null
  /** `idle`: shown, not asked yet */
  readStatus: LoadStatus
  offer: ClaimOffer | null
  readError: AppErrorShape | null
  /** hosts of this link the person allowed on a private address (the link's, the callback's) */
  confirmed: string[]
  claiming: boolean
  result: ClaimResult | null
  error: AppErrorShape | null
  /** a link arrives: shown as it is, nothing asked (what was read of the same link stays) */
  show(lnurl: string): void
  /** reads the link's offer (again, for another link or after a failure), `confirm`ing a host */
  open(lnurl: string, confirm?: string): Promise<ClaimOffer | null>
  /** the person allows this private host (the callback's) for the claim */
  confirm(host: string): void
  claim(input: { walletId: string; amountSat: number }): Promise<void>
  reset(): void
}

const initial = {
  lnurl: null,
  readStatus: 'idle' as LoadStatus,
  offer: null,
  readError: null,
  confirmed: [] as string[],
  claiming: false,
  result: null,
  error: null,
}

/** a newer link supersedes an offer on its way */
const reads = createLatest()
const withHost = (list: string[], host?: string) => (host && !list.includes(host) ? [...list, host].slice(-2) : list)

export const useClaim = create<ClaimState>()((set, get) => ({
  ...initial,
  show(lnurl) {
    const s = get()
    // a claim on its way, or one made, stays on screen until the person leaves it
    if (s.claiming || s.lnurl === lnurl) return
    reads.drop()
    set({ ...initial, lnurl })
  },
  async open(lnurl, confirm) {
    if (get().claiming) return null
    const confirmed = withHost(get().lnurl === lnurl ? get().confirmed : [], confirm)
    set({ ...initial, lnurl, confirmed, readStatus: 'loading' })
    const { value: res, stale } = await reads.run(() => invoke('claim.read', { lnurl, confirmed }))
    if (stale) return null
    if (!res.ok) {
      set({ readStatus: 'error', readError: res.error })
      return null
    }
    set({ readStatus: 'ready', offer: res.value })
    return res.value
  },
  confirm(host) {
    set({ confirmed: withHost(get().confirmed, host), error: null })
  },
  async claim({ walletId, amountSat }) {
    const { lnurl, claiming, result, confirmed } = get()
    if (!lnurl || claiming || result) return
    set({ claiming: true, error: null })
    const res = await invoke('claim.run', { lnurl, walletId, amountSat, requestId: newRequestId(), confirmed })
    if (!res.ok) return set({ claiming: false, error: res.error })
    useInvoices.getState().apply(res.value.invoice)
    set({ claiming: false, result: res.value, offer: res.value.offer })
  },
  reset() {
    reads.drop()
    if (!get().claiming) set(initial)
  },
}))
