// A QR code with what a person does with its picture: save it as a PNG or copy it as an image
// (clipboard access can be refused; then saving is the way).
import { useRef } from 'react'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { downloadBlob } from '../lib/download'
import { useFlash } from '../lib/flash'
import { Qr, type QrHandle } from './Qr'

export function QrImage(props: { text: string; label: string; fileName: string }) {
  const qr = useRef<QrHandle>(null)
  const [imageMsg, flash] = useFlash()

  async function savePng() {
    const blob = await qr.current?.toBlob()
    if (blob) downloadBlob(blob, props.fileName)
    else flash.show(t('qrImage.theImageCouldNotBe'), { stay: true })
  }
  async function copyImage() {
    try {
      const blob = await qr.current?.toBlob()
      if (!blob) throw new Error('no image')
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })])
      flash.show(t('qrImage.qrImageCopied'))
    } catch {
      flash.show(t('qrImage.copyingTheImageWasRefused'), { stay: true })
    }
  }

  return (
    <>
      <Qr ref={qr} text={props.text} label={props.label} />
      <div className="actions">
        <button type="button" onClick={() => void savePng()}>
          <FormattedMessage id="qrImage.saveQrAsPng" />
        </button>
        <button type="button" onClick={() => void copyImage()}>
          <FormattedMessage id="qrImage.copyQrImage" />
        </button>
      </div>
      <p role="status" aria-live="polite" className="muted">
        {imageMsg}
      </p>
    </>
  )
}
