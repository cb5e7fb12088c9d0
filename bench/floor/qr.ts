// QR drawing exactly as the renderer's Qr component does it (qrcode on a canvas, same options),
// in its own page so the floor's first page stays bare.
import QRCode from 'qrcode'

const canvas = document.getElementById('qr') as HTMLCanvasElement
;(window as unknown as { drawQr: (text: string) => Promise<void> }).drawQr = (text) =>
  QRCode.toCanvas(canvas, text, { errorCorrectionLevel: 'M', margin: 4, scale: 6 })
