// Reading QR codes from pixels. `jsqr` is large, so it is imported on first use only.

let jsqr: Promise<typeof import('jsqr').default> | null = null
function loadJsQr() {
  jsqr ??= import('jsqr').then((m) => m.default)
  return jsqr
}

export async function decodePixels(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const jsQR = await loadJsQr()
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null
}

/** Draws an image (file or clipboard blob) into a canvas and reads a QR code from it. */
export async function decodeImageBlob(blob: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(blob)
  // big photos are scaled down: jsqr is linear in pixels and a QR survives the scaling
  const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height))
  const w = Math.max(1, Math.round(bitmap.width * scale))
  const h = Math.max(1, Math.round(bitmap.height * scale))
  const canvas = document.createElement('canvas')
  canvas.width = w
  canvas.height = h
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  if (!ctx) throw new Error('no 2d canvas')
  ctx.drawImage(bitmap, 0, 0, w, h)
  bitmap.close()
  return decodePixels(ctx.getImageData(0, 0, w, h).data, w, h)
}
