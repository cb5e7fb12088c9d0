// Reading a voucher sheet back as a printer and a phone would: every page rasterised by poppler's
// pdftoppm, each card's area cut out and its QR code decoded with jsQR.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'

const run = promisify(execFile)

export interface Page {
  width: number
  height: number
  rgba: Buffer
  dpi: number
}

/** Every page of the PDF as pixels, at `dpi` (pdftoppm -r <dpi> -png). */
export function rasterise(pdf: Uint8Array, dpi = 150): Promise<Page[]> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-png', file, join(dir, 'page')])
    const names = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort()
    return Promise.all(
      names.map(async (n) => {
        const png = PNG.sync.read(await readFile(join(dir, n)))
        return { width: png.width, height: png.height, rgba: png.data, dpi }
      }),
    )
  })
}

/** Runs `fn` on the PDF written to a temp folder of its own, which goes afterwards. */
async function withPdfFile<T>(pdf: Uint8Array, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lt-sheet-'))
  try {
    const file = join(dir, 'sheet.pdf')
    await writeFile(file, pdf)
    return await fn(file, dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export interface FoundQr {
  data: string
  /** the symbol's side, from its finder-pattern corners, in millimetres on paper */
  sideMm: number
}

/** The QR code inside a box given in points (1/72 inch) from the page's top left, or null. */
export function readQrIn(page: Page, box: { x: number; y: number; w: number; h: number }): FoundQr | null {
  const k = page.dpi / 72
  const x0 = Math.max(0, Math.round(box.x * k))
  const y0 = Math.max(0, Math.round(box.y * k))
  const w = Math.min(page.width - x0, Math.round(box.w * k))
  const h = Math.min(page.height - y0, Math.round(box.h * k))
  const crop = new Uint8ClampedArray(w * h * 4)
  for (let row = 0; row < h; row++) {
    const from = ((y0 + row) * page.width + x0) * 4
    crop.set(page.rgba.subarray(from, from + w * 4), row * w * 4)
  }
  const code = jsQR(crop, w, h, { inversionAttempts: 'dontInvert' })
  if (!code) return null
  const { topLeftCorner: a, topRightCorner: b } = code.location
  return { data: code.data, sideMm: (Math.hypot(b.x - a.x, b.y - a.y) / page.dpi) * 25.4 }
}

/** The text poppler reads from the PDF (pdftotext), page breaks as form feeds. */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout)
}
