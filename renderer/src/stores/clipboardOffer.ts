// The clipboard offer main makes as the window opens (docs/architecture.md): at most one, shown
// until the person pays or dismisses it. Pay goes where Send or Scan would go with the same text.
import type { ClipboardOffer } from '@shared/contract'
import { create } from 'zustand'
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
    if ('to' in route && route.to === 'claim') useUi.getState().go({ to: 'claim', lnurl: route.lnurl })
    else useUi.getState().go({ to: 'send', address: offer.value })
  },
}))

/** The banner's question, naming a lightning address but not a long invoice or link. */
export function offerQuestion(offer: ClipboardOffer): string {
  if (offer.kind === 'invoice') return 'Pay the invoice on your clipboard?'
  if (offer.kind === 'withdraw') return 'Claim the withdraw link on your clipboard?'
  return offer.value.includes('@') ? `Pay ${offer.value} from your clipboard?` : 'Pay the link on your clipboard?'
}
