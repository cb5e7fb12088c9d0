// A voucher sheet: N one-time withdraw links of one amount, printed as a PDF. The request id is
// made when the person reaches the confirmation, and `make` runs once per confirmation whatever
// happens, so a double click makes one sheet (main's guard says the same).
import type { EventPayload, OpOutput, SheetOutcome } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { VOUCHER_COUNT_MAX, VOUCHER_NOTE_MAX } from '@shared/vouchers'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { t } from '../i18n'
import { createLatest } from '../lib/latest'
import { useAccounts } from './accounts'
import { checkWithdraw, useWithdraw } from './withdraw'

export interface SheetConfirmation {
  walletId: string
  count: number
  amountSat: number
  note: string
  requestId: string
}

interface VouchersState {
  confirmation: SheetConfirmation | null
  making: boolean
  progress: { made: number; count: number } | null
  result: OpOutput<'vouchers.create'> | null
  error: AppErrorShape | null
  /** vouchers.save of the sheet just made */
  saving: boolean
  saved: SheetOutcome | null
  /** Checks the form; on success moves to the confirmation with a new request id. */
  review(input: {
    walletId: string
    count: string
    amountMsat: number | null
    note: string
    balanceMsat: number | null
  }): string | null
  back(): void
  /** `confirmToken`: from spending.confirm, when the sheet is over the confirm limit */
  make(confirmToken?: string): Promise<void>
  saveAgain(): Promise<void>
  progressed(p: EventPayload<'vouchers.progress'>): void
  reset(): void
  /** another account is active: this screen lets go of the sheet (main keeps watching its links) */
  accountChanged(): void
}

const initial = {
  confirmation: null,
  making: false,
  progress: null,
  result: null,
  error: null,
  saving: false,
  saved: null,
}

/** a change of account makes a sheet on its way stale (its links still reach the list) */
const makes = createLatest()

export const useVouchers = create<VouchersState>()((set, get) => ({
  ...initial,
  review({ walletId, count, amountMsat, note, balanceMsat }) {
    const problem = checkSheet(count, amountMsat, note, balanceMsat)
    if (problem) return problem
    if (!walletId) return t('vouchers.chooseAWallet')
    set({
      ...initial,
      confirmation: {
        walletId,
        count: Number(count),
        amountSat: (amountMsat as number) / 1000,
        note: note.trim(),
        requestId: newRequestId(),
      },
    })
    return null
  },
  back() {
    if (get().making) return
    set({ ...initial })
  },
  async make(confirmToken) {
    const s = get()
    const c = s.confirmation
    if (!c || s.making || s.result || s.error) return
    set({ making: true, progress: { made: 0, count: c.count } })
    const { value: res, stale } = await makes.run(() =>
      invoke('vouchers.create', { ...c, ...(confirmToken ? { confirmToken } : {}) }),
    )
    if (res.ok) useWithdraw.getState().apply(...res.value.links)
    if (stale) return
    set(res.ok ? { making: false, result: res.value } : { making: false, error: res.error })
  },
  async saveAgain() {
    const { result, confirmation, saving } = get()
    if (!result || !confirmation || saving || result.links.length === 0) return
    set({ saving: true })
    const res = await invoke('vouchers.save', { otts: result.links.map((l) => l.ott), note: confirmation.note })
    set({ saving: false, saved: res.ok ? res.value.sheet : { status: 'failed', message: res.error.message } })
  },
  progressed(p) {
    const c = get().confirmation
    if (c && get().making && p.requestId === c.requestId) set({ progress: { made: p.made, count: p.count } })
  },
  reset() {
    if (get().making) return
    set({ ...initial })
  },
  accountChanged() {
    makes.drop()
    set({ ...initial })
  },
}))

// Subscribed here, not in boot.ts, so none of this is in the first chunk: the store loads with
// the Withdraw screen, and a switch of account before that has nothing to let go of.
useAccounts.subscribe((s, prev) => {
  if (s.activeId !== prev.activeId) useVouchers.getState().accountChanged()
})

/** Why this sheet cannot be made from this wallet, or null. Same balance rule as one link. */
export function checkSheet(
  count: string,
  amountMsat: number | null,
  note: string,
  balanceMsat: number | null,
): string | null {
  if (!/^\d{1,3}$/.test(count.trim()) || Number(count) < 1 || Number(count) > VOUCHER_COUNT_MAX)
    return t('vouchers.enterHowManyVouchers1', { VOUCHER_COUNT_MAX })
  if (note.trim().length > VOUCHER_NOTE_MAX) return t('vouchers.theNoteIsTooLong', { VOUCHER_NOTE_MAX })
  if (balanceMsat === null) return t('vouchers.chooseAWallet')
  const each = checkWithdraw(amountMsat, balanceMsat)
  if (each) return each
  const total = Number(count) * (amountMsat as number)
  return Number.isSafeInteger(total) ? checkWithdraw(total, balanceMsat) : t('vouchers.thatIsMoreThanThis')
}
