// The clipboard offer main makes as the window opens (docs/architecture.md): at most one, shown
// until the person pays or dismisses it. Its question names what it is and the host it leads to,
// so Pay is the press that lets Send look it up (or Claim ask the link); nothing is asked before.
import type { ClipboardOffer } from '@shared/contract'
import { create } from 'zustand'
import { t } from '../i18n'
import { useUi } from './ui'

interface ClipboardOfferState {
  offer: ClipboardOffer | null
  show(offer: ClipboardOffer): void
  dismiss(): void
  /** open Send prefilled (or Claim for a withdraw link) and put the offer away */
  pay(): Promise<void>
}

export const useClipboardOffer = create<ClipboardOfferState>()((set, get) => ({
  offer: null,
  show: (offer) => set({ offer }),
  dismiss: () => set({ offer: null }),
  async pay() {
    const offer = get().offer
    if (!offer) return
    set({ offer: null })
    // the payment parser (bolt11, bech32, zod) is not part of the first screen's bundle
    const { routePayInput } = await import('@shared/payment/route')
    const route = routePayInput(offer.value)
    if ('to' in route && route.to === 'pair') useUi.getState().go({ to: 'pair', link: route.link })
    else if ('to' in route && route.to === 'claim') {
      const { useClaim } = await import('./claim')
      void useClaim.getState().open(route.lnurl)
      useUi.getState().go({ to: 'claim', lnurl: route.lnurl })
    } else useUi.getState().go({ to: 'send', address: offer.value, lookUp: true })
  },
}))

/** The banner's question, naming a lightning address, or the host of a link (not a long invoice or link). */
export function offerQuestion(offer: ClipboardOffer): string {
  if (offer.kind === 'invoice') return t('clipboardOffer.payTheInvoiceOnYour')
  if (offer.kind === 'pair') return t('clipboardOffer.pairTheApp')
  const host = offer.host ?? t('clipboardOffer.anUnnamedHost')
  if (offer.kind === 'withdraw') return t('clipboardOffer.claimTheWithdrawLinkFrom', { host })
  return offer.value.includes('@')
    ? t('clipboardOffer.payFromYourClipboard', { value: offer.value })
    : t('clipboardOffer.payTheLinkToOn', { host })
}
