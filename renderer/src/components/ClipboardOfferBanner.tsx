// An unobtrusive offer to pay what was on the clipboard as the window opened.

import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { offerQuestion, useClipboardOffer } from '../stores/clipboardOffer'

export function ClipboardOfferBanner() {
  const offer = useClipboardOffer((s) => s.offer)
  if (!offer) return null
  const question = offerQuestion(offer)
  return (
    <section className="banner info offer" aria-label={t('clipboardOfferBanner.clipboard')}>
      <span>{question}</span>
      <span className="actions">
        <button type="button" onClick={() => void useClipboardOffer.getState().pay()}>
          {offer.kind === 'withdraw' ? t('clipboardOfferBanner.claim') : t('clipboardOfferBanner.pay')}
        </button>
        <button type="button" className="link" onClick={() => useClipboardOffer.getState().dismiss()}>
          <FormattedMessage id="clipboardOfferBanner.dismiss" />
        </button>
      </span>
    </section>
  )
}
