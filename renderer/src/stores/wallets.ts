import type { WalletView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { walletsList } from '../api'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

interface WalletsState {
  wallets: WalletView[]
  totalMsat: number
  status: LoadStatus
  error: AppErrorShape | null
  load(): Promise<void>
  apply(payload: { wallets: WalletView[]; totalMsat: number }): void
  clear(): void
}

let seq = 0

export const useWallets = create<WalletsState>()((set) => ({
  wallets: [],
  totalMsat: 0,
  status: 'idle',
  error: null,
  async load() {
    const mine = ++seq
    set({ status: 'loading', error: null })
    const res = await walletsList()
    if (mine !== seq) return // a newer load or an event superseded this one
    if (res.ok) set({ wallets: res.value.wallets, totalMsat: res.value.totalMsat, status: 'ready', error: null })
    else set({ status: 'error', error: res.error })
  },
  apply({ wallets, totalMsat }) {
    seq++
    set({ wallets, totalMsat, status: 'ready', error: null })
  },
  clear() {
    seq++
    set({ wallets: [], totalMsat: 0, status: 'idle', error: null })
  },
}))
