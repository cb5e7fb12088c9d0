// The voucher sheet: a printable PDF of withdraw-link QR codes, twelve cards to an A4 page, made
// with pdfkit in the main process. Pure: links in, bytes out (docs/vouchers.md, "Voucher sheets").
import { formatSat } from '@shared/units'
import { sheetText, VOUCHER_NOTE_MAX, voucherShortId } from '@shared/vouchers'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { SHEET_FONTS } from './fonts'

export interface VoucherSheetInput {
  links: ReadonlyArray<{ lnurl: string; ott: string }>
  amountSat: number
  note: string
  /** ms since the epoch: the date printed and the PDF's creation date */
  createdAt: number
}

const MM = 72 / 25.4
const A4 = { w: 595.28, h: 841.89 }
const LETTER = { w: 612, h: 792 }
/** A printer reaches this close to the edge; the grid keeps clear of it on A4 and on Letter. */
const MARGIN = 36
const COLS = 3
const ROWS = 4
export const PER_PAGE = COLS * ROWS
// The grid fills only the part of the page A4 and Letter share (centred), so either prints it whole.
const AREA_W = Math.min(A4.w, LETTER.w) - 2 * MARGIN
const AREA_H = Math.min(A4.h, LETTER.h) - 2 * MARGIN
const LEFT = (A4.w - AREA_W) / 2
const TOP = (A4.h - AREA_H) / 2
const CARD_W = AREA_W / COLS
const CARD_H = AREA_H / ROWS
const PAD = 6
/** the QR symbol's side without its quiet zone: a phone reads it from paper without trouble */
const QR_SIDE_MM = 36
const QR_SIDE = QR_SIDE_MM * MM
/** the quiet zone is 4 modules; for a very short link that would crowd the text, so it is capped */
const QUIET_MAX = 10
const AMOUNT_LINE = 16
const NOTE_SIZE = 8
const SMALL_SIZE = 6.5
const GREY = '#555555'
const CUT = '#9a9a9a'
const REGULAR = 'Sans'
const BOLD = 'Sans-Bold'

/** The PDF of these vouchers; the note goes on it as plain text only. */
export function makeVoucherSheet(input: VoucherSheetInput): Promise<Uint8Array> {
  if (input.links.length === 0) return Promise.reject(new RangeError('a voucher sheet needs at least one link'))
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: 'Lightning vouchers',
      Creator: 'Lightning Tray',
      Producer: 'Lightning Tray',
      CreationDate: new Date(input.createdAt),
    },
  })
  doc.registerFont(REGULAR, SHEET_FONTS.regular)
  doc.registerFont(BOLD, SHEET_FONTS.bold)
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })

  const note = sheetText(input.note, VOUCHER_NOTE_MAX)
  const amount = formatSat(input.amountSat)
  const date = new Date(input.createdAt).toISOString().slice(0, 10)
  // no wallet name: the sheet is handed to strangers, and the name is the maker's own business
  const footer = `${input.links.length} ${input.links.length === 1 ? 'voucher' : 'vouchers'} × ${amount} · made ${date} with Lightning Tray`
  const pages = Math.ceil(input.links.length / PER_PAGE)
  for (let p = 0; p < pages; p++) {
    doc.addPage()
    const onPage = input.links.slice(p * PER_PAGE, (p + 1) * PER_PAGE)
    onPage.forEach((link, i) => {
      const box = cardBox(i)
      drawCard(doc, box.x, box.y, { link, amount, note })
    })
    doc
      .font(REGULAR)
      .fontSize(SMALL_SIZE)
      .fillColor(GREY)
      .text(`${footer} · page ${p + 1} of ${pages}`, LEFT, TOP + AREA_H + 8, {
        width: AREA_W,
        align: 'center',
        lineBreak: false,
      })
  }
  doc.end()
  return done
}

/** Where the card at `slot` (0 to 11, row by row) sits on its page, in points from the top left. */
export function cardBox(slot: number): { x: number; y: number; w: number; h: number } {
  return { x: LEFT + (slot % COLS) * CARD_W, y: TOP + Math.floor(slot / COLS) * CARD_H, w: CARD_W, h: CARD_H }
}

type Doc = PDFKit.PDFDocument

function drawCard(
  doc: Doc,
  x: number,
  y: number,
  c: { link: { lnurl: string; ott: string }; amount: string; note: string },
) {
  // cut lines: a dashed frame (neighbours' frames fall on the same lines)
  doc.save().lineWidth(0.5).strokeColor(CUT).dash(3, { space: 3 }).rect(x, y, CARD_W, CARD_H).stroke().restore()

  const inner = CARD_W - 2 * PAD
  const id = voucherShortId(c.link.ott)
  doc.font(REGULAR).fontSize(SMALL_SIZE)
  const idWidth = doc.widthOfString(id)
  doc.fillColor(GREY).text(id, x + CARD_W - PAD - idWidth, y + PAD + 3, { lineBreak: false })
  // the amount in the largest size that fits beside the id
  let size = 13
  doc.font(BOLD)
  while (size > 6 && doc.fontSize(size).widthOfString(c.amount) > inner - idWidth - 4) size -= 0.5
  doc.fillColor('black').text(c.amount, x + PAD, y + PAD, { lineBreak: false })

  // the bare LNURL in upper case: alphanumeric mode, the densest a QR code has
  const qr = QRCode.create(c.link.lnurl.toUpperCase(), { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const m = QR_SIDE / n
  const quiet = Math.min(4 * m, QUIET_MAX)
  const qx = x + (CARD_W - QR_SIDE) / 2
  const qy = y + PAD + AMOUNT_LINE + quiet
  for (let row = 0; row < n; row++) {
    // one rectangle per run of dark modules: smaller files, no seams inside a run
    let start = -1
    for (let col = 0; col <= n; col++) {
      const dark = col < n && qr.modules.get(row, col) === 1
      if (dark && start < 0) start = col
      if (!dark && start >= 0) {
        doc.rect(qx + start * m, qy + row * m, (col - start) * m, m)
        start = -1
      }
    }
  }
  doc.fillColor('black').fill()

  const below = qy + QR_SIDE + quiet
  const smallTop = y + CARD_H - PAD - SMALL_SIZE - 1
  if (c.note)
    doc
      .font(REGULAR)
      .fontSize(NOTE_SIZE)
      .fillColor('black')
      .text(c.note, x + PAD, below, { width: inner, height: smallTop - below, align: 'center', ellipsis: true })
  doc
    .font(REGULAR)
    .fontSize(SMALL_SIZE)
    .fillColor(GREY)
    .text('Scan with any Lightning wallet to claim', x + PAD, smallTop, {
      width: inner,
      align: 'center',
      lineBreak: false,
    })
}

/** The file name the save dialog proposes: `vouchers-12x1000-sats-2026-11-23.pdf`. */
export function sheetFileName(count: number, amountSat: number, createdAt: number): string {
  return `vouchers-${count}x${amountSat}-sats-${new Date(createdAt).toISOString().slice(0, 10)}.pdf`
}
