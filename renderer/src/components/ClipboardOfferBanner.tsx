// An unobtrusive offer to pay what was on the clipboard as the window opened.
import { offerQuestion, useClipboardOffer } from '../stores/clipboardOffer'

export function ClipboardOfferBanner() {
  const offer = useClipboardOffer((s) => s.offer)
  if (!offer) return null
  const question = offerQuestion(offer)
  return (
    <section className="banner info offer" aria-label="Clipboard">
      <span>{question}</span>
      <span className="actions">
        <button type="button" onClick={() => void useClipboardOffer.getState().pay()}>
          {offer.kind === 'withdraw' ? 'Claim' : 'Pay'}
        </button>
        <button type="button" className="link" onClick={() => useClipboardOffer.getState().dismiss()}>
          Dismiss
        </button>
      </span>
    </section>
  )
}
