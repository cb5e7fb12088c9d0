// Managing one's own wallets: a move of sats between two of them (reviewed, then confirmed once:
// the request id is made at review, and `confirm` runs once per review whatever happens, so a
// double click moves the sats once) and a new wallet, whose access keys are held only while shown.

import type { AppErrorShape } from '@shared/errors'
import type { CreatedWalletView, TransferView } from '@shared/history'
import { TRANSFER_MEMO_MAX } from '@shared/historyLimits'
import { parseSatInput } from '@shared/units'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { formatLocale, t } from '../i18n'
import { moneyNow } from '../lib/money'

export interface TransferReview {
  fromWalletId: string
  toWalletId: string
  amountSat: number
  memo: string
  requestId: string
}

interface WalletAdminState {
  review: TransferReview | null
  moving: boolean
  moved: TransferView | null
  moveError: AppErrorShape | null
  creating: boolean
  created: CreatedWalletView | null
  createError: AppErrorShape | null
  /** Checks the form; on success shows the confirmation with a new request id. Returns what is wrong. */
  reviewTransfer(input: {
    fromWalletId: string
    toWalletId: string
    amount: string
    memo: string
    balanceMsat: number | null
  }): string | null
  back(): void
  confirm(): Promise<void>
  /** Makes the wallet once per call; answers whether it was made (the form then clears its name). */
  createWallet(name: string, showKeys: boolean): Promise<boolean>
  /** forgets the shown access keys (they were never stored anywhere) */
  hideKeys(): void
}

type TransferForm = Parameters<WalletAdminState['reviewTransfer']>[0]

/** What is wrong with the move's form, in words; null when it can be reviewed. */
function transferProblem({ fromWalletId, toWalletId, amount, memo, balanceMsat }: TransferForm): string | null {
  if (!fromWalletId || !toWalletId) return t('walletAdmin.chooseBothWallets')
  if (fromWalletId === toWalletId) return t('walletAdmin.chooseTwoDifferentWallets')
  const msat = parseSatInput(amount, formatLocale())
  if (msat === null || msat === 0 || msat % 1000 !== 0) return t('walletAdmin.enterAWholeNumberOf')
  if (balanceMsat !== null && msat > balanceMsat)
    return t('walletAdmin.thatIsMoreThanThe', { amount: moneyNow().msat(balanceMsat) })
  if (memo.length > TRANSFER_MEMO_MAX) return t('walletAdmin.theMemoIsTooLong', { TRANSFER_MEMO_MAX })
  return null
}

export const useWalletAdmin = create<WalletAdminState>()((set, get) => ({
  review: null,
  moving: false,
  moved: null,
  moveError: null,
  creating: false,
  created: null,
  createError: null,
  reviewTransfer(input) {
    const problem = transferProblem(input)
    if (problem) {
      // the form's new message replaces the last move's ("Moved 1,234 sats…" under "Choose two
      // different wallets." reads as if both were true); an unknown outcome stays until checked
      const { moveError } = get()
      set({ moved: null, moveError: moveError?.code === 'unknown_outcome' ? moveError : null })
      return problem
    }
    const { fromWalletId, toWalletId, amount, memo } = input
    const msat = parseSatInput(amount, formatLocale()) as number
    set({
      review: { fromWalletId, toWalletId, amountSat: msat / 1000, memo: memo.trim(), requestId: newRequestId() },
      moved: null,
      moveError: null,
    })
    return null
  },
  back() {
    if (!get().moving) set({ review: null, moveError: null })
  },
  async confirm() {
    const review = get().review
    if (!review || get().moving) return
    set({ moving: true, moveError: null })
    const res = await invoke('wallets.transfer', review)
    // the review is used up either way: another move is another review, with another request id
    set(
      res.ok
        ? { moving: false, review: null, moved: res.value }
        : { moving: false, review: null, moveError: res.error },
    )
  },
  async createWallet(name, showKeys) {
    if (get().creating) return false
    set({ creating: true, created: null, createError: null })
    // one press is one wallet: main makes it once for this id, whatever repeats the message
    const res = await invoke('wallets.create', { name, showKeys, requestId: newRequestId() })
    set(res.ok ? { creating: false, created: res.value } : { creating: false, createError: res.error })
    return res.ok
  },
  hideKeys() {
    const c = get().created
    if (c) set({ created: { ...c, keys: null } })
  },
}))
