import type { WalletView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { early, invoke } from '../api'
import { createLatest } from '../lib/latest'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

interface WalletsState {
  wallets: WalletView[]
  status: LoadStatus
  error: AppErrorShape | null
  /** when the balances shown last came from main (ms), for Home's "updated …"; null before */
  updatedAt: number | null
  load(): Promise<void>
  apply(payload: { wallets: WalletView[] }): void
  /** the app's own name and hidden flag of a wallet (kept by main); the error, or null when done */
  setLocal(input: { walletId: string; name: string; hidden: boolean }): Promise<AppErrorShape | null>
  clear(): void
}

/** The wallets Home's rows and the pickers offer: all but the ones the person hid. */
export const shownWallets = (wallets: readonly WalletView[]) => wallets.filter((w) => !w.hidden)

/** a newer load or an event supersedes a load on its way */
const loads = createLatest()

export const useWallets = create<WalletsState>()((set, get) => ({
  wallets: [],
  status: 'idle',
  error: null,
  updatedAt: null,
  async load() {
    set({ status: 'loading', error: null })
    const { value: res, stale } = await loads.run(() => early('wallets.list'))
    if (stale) return
    if (res.ok)
      set({
        wallets: res.value.wallets,
        status: 'ready',
        error: null,
        updatedAt: Date.now(),
      })
    else set({ status: 'error', error: res.error })
  },
  apply({ wallets }) {
    loads.drop()
    set({ wallets, status: 'ready', error: null, updatedAt: Date.now() })
  },
  async setLocal(input) {
    const res = await invoke('wallets.setLocal', input)
    if (!res.ok) return res.error
    get().apply(res.value)
    return null
  },
  clear() {
    loads.drop()
    set({ wallets: [], status: 'idle', error: null, updatedAt: null })
  },
}))
