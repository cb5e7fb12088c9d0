// One-time LNURL-withdraw links. A request id per "Create" press: a double click mints one link.
import type { WithdrawLinkView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { t } from '../i18n'
import { createLatest } from '../lib/latest'
import type { LoadStatus } from './wallets'

interface WithdrawState {
  links: Record<string, WithdrawLinkView>
  current: string | null
  creating: boolean
  error: AppErrorShape | null
  /** withdraw.list (main's sync loop), asked for when the Withdraw screen opens */
  listStatus: LoadStatus
  listError: AppErrorShape | null
  load(): Promise<void>
  /** `confirmToken`: from spending.confirm, when the amount is over the confirm limit */
  create(input: {
    walletId: string
    amountSat: number
    memo: string
    confirmToken?: string
  }): Promise<WithdrawLinkView | null>
  /** merges links main announced or listed, in one update however many there are */
  apply(...links: WithdrawLinkView[]): void
  startOver(): void
  /** shows a link made before (its QR code again) */
  open(ott: string): void
  /** another account is active: its screen does not show this one's link (main's sync loop keeps tracking it) */
  accountChanged(): void
}

/** a change of account makes a link on its way stale: it is kept, but not shown as the new account's */
const creates = createLatest()
/** a newer load supersedes one on its way */
const loads = createLatest()

export const useWithdraw = create<WithdrawState>()((set, get) => ({
  links: {},
  current: null,
  creating: false,
  error: null,
  listStatus: 'idle',
  listError: null,
  async load() {
    set({ listStatus: 'loading', listError: null })
    const { value: res, stale } = await loads.run(() => invoke('withdraw.list', {}))
    if (stale) return
    if (!res.ok) return set({ listStatus: 'error', listError: res.error })
    // merged, not replaced: a claim announced while the list was on its way is not lost
    get().apply(...res.value.links)
    set({ listStatus: 'ready' })
  },
  async create({ walletId, amountSat, memo, confirmToken }) {
    if (get().creating) return null
    set({ creating: true, error: null })
    const { value: res, stale } = await creates.run(() =>
      invoke('withdraw.create', {
        walletId,
        amountSat,
        ...(memo ? { memo } : {}),
        ...(confirmToken ? { confirmToken } : {}),
        requestId: newRequestId(),
      }),
    )
    if (!res.ok) {
      set({ creating: false, error: stale ? null : res.error })
      return null
    }
    const link = res.value
    get().apply(link)
    set({ creating: false, ...(stale ? {} : { current: link.ott }) })
    return link
  },
  apply(...given) {
    set((s) => {
      const links = { ...s.links }
      for (const link of given) links[link.ott] = keepFinal(links[link.ott], link)
      return { links }
    })
  },
  startOver: () => set({ current: null, error: null }),
  open: (ott) => set((s) => (s.links[ott] ? { current: ott, error: null } : {})),
  accountChanged() {
    creates.drop()
    get().startOver()
  },
}))

/**
 * A claimed link stays claimed even if a stale "waiting" answer arrives after the event, and keeps
 * the claim's fee once the list has said it (the claim's event comes before its fee row is stored).
 */
function keepFinal(prev: WithdrawLinkView | undefined, next: WithdrawLinkView): WithdrawLinkView {
  if (prev?.status === 'claimed' && next.status !== 'claimed') return prev
  return next.claimFeeMsat === null && prev?.claimFeeMsat != null ? { ...next, claimFeeMsat: prev.claimFeeMsat } : next
}

/** Checks a withdraw amount against the wallet's balance; null when fine. */
export function checkWithdraw(amountMsat: number | null, balanceMsat: number): string | null {
  if (amountMsat === null) return t('withdraw.enterAWholeNumberOf')
  if (amountMsat <= 0) return t('withdraw.enterAnAmountAboveZero')
  if (amountMsat % 1000 !== 0) return t('withdraw.aWithdrawLinkIsFor')
  if (amountMsat > balanceMsat) return t('withdraw.thatIsMoreThanThis')
  return null
}
