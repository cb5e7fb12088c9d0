// Each wallet's permanent receive link (its LNURL-pay), read once per wallet when Receive shows
// it. The link does not change, so a wallet's answer is kept; an error is kept with a retry.
import type { StaticLinkView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke } from '../api'
import { t } from '../i18n'
import { type Money, moneyNow } from '../lib/money'

export type StaticLinkEntry =
  | { status: 'loading' }
  | { status: 'ready'; link: StaticLinkView }
  | { status: 'error'; error: AppErrorShape }

interface StaticLinksState {
  byWallet: Record<string, StaticLinkEntry>
  /** asks the service unless the link is known or on its way (after an error it asks again) */
  load(walletId: string): Promise<void>
}

export const useStaticLinks = create<StaticLinksState>()((set, get) => ({
  byWallet: {},
  async load(walletId) {
    const cur = get().byWallet[walletId]
    if (cur && cur.status !== 'error') return
    const put = (e: StaticLinkEntry) => set((s) => ({ byWallet: { ...s.byWallet, [walletId]: e } }))
    put({ status: 'loading' })
    const res = await invoke('wallets.staticLink', { walletId })
    put(res.ok ? { status: 'ready', link: res.value } : { status: 'error', error: res.error })
  },
}))

/** "Between 1 sat and 100,000 sats a payment", or "Exactly 5 sats" when the two are the same. */
export function linkLimitsText(link: Pick<StaticLinkView, 'minSat' | 'maxSat'>, money: Money = moneyNow()): string {
  return link.minSat === link.maxSat
    ? t('staticLinks.exactlyAPayment', { amount: money.sat(link.minSat) })
    : t('staticLinks.betweenAndAPayment', { amount: money.sat(link.minSat), amount2: money.sat(link.maxSat) })
}
