// QR codes drawn on a canvas (no data: URLs or inline SVG needed under the CSP). Lives in the
// lazy screens' chunk together with `qrcode`.
//
// Sized to the space it has: the largest whole number of pixels per module that fits the width
// of its container and about half the window's height (at most 6, as big as it needs to be). Whole
// pixels keep every module sharp, so a phone (or a screenshot) reads it at any window size.
import QRCode from 'qrcode'
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react'
import { FormattedMessage } from '../i18n/FormattedMessage'

export interface QrHandle {
  toBlob(): Promise<Blob | null>
}

const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const
/** pixels per module when there is room; a saved PNG uses more */
const MAX_SCALE = 6
const SAVE_SCALE = 8
/** the white card's padding on each side (styles.css .qr) */
const PAD = 8
/** share of the window's height a QR may take, so its whole square shows without scrolling */
const HEIGHT_SHARE = 0.58

/** Pixels per module for `modules` (quiet zone included) in a box `room` pixels across. */
export function qrScale(modules: number, room: number): number {
  return Math.max(1, Math.min(MAX_SCALE, Math.floor(room / modules)))
}

/** The room a QR has: its container's width, and a share of the window's height. */
function roomFor(box: HTMLElement | null): number {
  const width = box?.parentElement?.clientWidth ?? 0
  return Math.min(width, window.innerHeight * HEIGHT_SHARE) - 2 * PAD
}

export const Qr = forwardRef<QrHandle, { text: string; label: string }>(function Qr({ text, label }, ref) {
  const box = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const [failed, setFailed] = useState(false)
  const [room, setRoom] = useState(0)

  useLayoutEffect(() => {
    const measure = () => setRoom(roomFor(box.current))
    measure()
    const parent = box.current?.parentElement
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    if (parent) observer?.observe(parent)
    window.addEventListener('resize', measure)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [])

  useEffect(() => {
    const c = canvas.current
    if (!c || room <= 0) return
    try {
      const modules = QRCode.create(text, OPTIONS).modules.size + 2 * OPTIONS.margin
      const scale = qrScale(modules, room)
      const dpr = Math.max(1, Math.round(window.devicePixelRatio || 1))
      setFailed(false)
      QRCode.toCanvas(c, text, { ...OPTIONS, scale: scale * dpr })
        .then(() => {
          c.style.width = `${modules * scale}px`
          c.style.height = `${modules * scale}px`
        })
        .catch(() => setFailed(true))
    } catch {
      setFailed(true)
    }
  }, [text, room])

  useImperativeHandle(ref, () => ({
    toBlob: async () => {
      const c = document.createElement('canvas')
      try {
        await QRCode.toCanvas(c, text, { ...OPTIONS, scale: SAVE_SCALE })
      } catch {
        return null
      }
      return new Promise<Blob | null>((resolve) => c.toBlob(resolve, 'image/png'))
    },
  }))
  return (
    <div className="qr" ref={box}>
      <canvas ref={canvas} role="img" aria-label={label} />
      {failed && (
        <p role="alert">
          <FormattedMessage id="qr.theQrCodeCouldNot" />
        </p>
      )}
    </div>
  )
})
