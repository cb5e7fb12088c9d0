// QR codes drawn on a canvas (no data: URLs or inline SVG needed under the CSP). Lives in the
// lazy screens' chunk together with `qrcode`.
import QRCode from 'qrcode'
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'

export interface QrHandle {
  toBlob(): Promise<Blob | null>
}

export const Qr = forwardRef<QrHandle, { text: string; label: string }>(function Qr({ text, label }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!canvas.current) return
    setFailed(false)
    QRCode.toCanvas(canvas.current, text, { errorCorrectionLevel: 'M', margin: 4, scale: 6 }).catch(() =>
      setFailed(true),
    )
  }, [text])
  useImperativeHandle(ref, () => ({
    toBlob: () =>
      new Promise<Blob | null>((resolve) => {
        if (!canvas.current) resolve(null)
        else canvas.current.toBlob(resolve, 'image/png')
      }),
  }))
  return (
    <div className="qr">
      <canvas ref={canvas} role="img" aria-label={label} />
      {failed && <p role="alert">The QR code could not be drawn; copy the text instead.</p>}
    </div>
  )
})
