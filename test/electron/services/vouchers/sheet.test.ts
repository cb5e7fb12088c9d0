// The voucher sheet read back as paper: pages rasterised by poppler at 150 dpi, every card's QR
// decoded with jsQR, and each decoded link claimed by an independent LUD-03 client against the
// simulator, once (the second claim is refused).

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient, type ServiceClient } from '../../../../electron/main/services/backends/service'
import {
  cardBox,
  makeVoucherSheet,
  PER_PAGE,
  type VoucherSheetInput,
} from '../../../../electron/main/services/vouchers'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import { claimWithdraw, lnurlToUrl } from '../../../support/lud03Client'
import { pdfText, rasterise, readQrIn } from '../../../support/pdfQr'

let sim: SimulatorHandle
let client: ServiceClient
let walletId: string
const CREATED = Date.UTC(2026, 10, 23, 12)

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  walletId = sim.control.createWallet('Everyday', 200_000).id
  client = createServiceClient({ baseUrl: sim.url, getApiKey: () => sim.keys.secret, authMethod: 'header' })
})
afterAll(() => sim.close())

async function mint(n: number, amountSat: number, memo = 'Meetup') {
  const links = []
  for (let i = 0; i < n; i++) links.push(await client.mintWithdrawLink(walletId, { num_satoshis: amountSat, memo }))
  return links
}

const sheet = (links: VoucherSheetInput['links'], amountSat: number, note = 'Meetup') =>
  makeVoucherSheet({ links, amountSat, note, createdAt: CREATED })

/** Every QR on the sheet, card by card, in order; a card without a readable QR fails the test. */
async function readSheet(pdf: Uint8Array, count: number) {
  const pages = await rasterise(pdf)
  expect(pages).toHaveLength(Math.ceil(count / PER_PAGE))
  const found = []
  for (let i = 0; i < count; i++) {
    const page = pages[Math.floor(i / PER_PAGE)]!
    const qr = readQrIn(page, cardBox(i % PER_PAGE))
    expect(qr, `card ${i + 1}`).not.toBeNull()
    found.push(qr!)
  }
  // and nothing on the empty places of the last page
  const last = pages.at(-1)!
  for (let slot = ((count - 1) % PER_PAGE) + 1; slot < PER_PAGE; slot++)
    expect(readQrIn(last, cardBox(slot))).toBeNull()
  return found
}

describe('a voucher sheet of 12', () => {
  it('holds one readable QR per link, each the bare upper-case LNURL, at least 35 mm wide on paper', async () => {
    const links = await mint(12, 1000)
    const pdf = await sheet(links, 1000, 'Meetup')
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-')
    const found = await readSheet(pdf, 12)
    expect(found.map((f) => f.data)).toEqual(links.map((l) => l.lnurl.toUpperCase()))
    expect(new Set(found.map((f) => f.data)).size).toBe(12)
    for (const f of found) {
      expect(f.data).toMatch(/^LNURL1[0-9A-Z]+$/)
      expect(f.sideMm).toBeGreaterThanOrEqual(35)
    }

    // what the cards say, as text a reader (or a screen reader) gets from the PDF
    const text = await pdfText(pdf)
    expect(text.match(/1,000 sats/g)?.length).toBeGreaterThanOrEqual(12)
    expect(text.match(/Scan with any Lightning wallet to claim/g)).toHaveLength(12)
    expect(text.match(/Meetup/g)).toHaveLength(12)
    // the footer names no wallet: the sheet goes to strangers
    expect(text).toContain('12 vouchers × 1,000 sats · made 2026-11-23')
    expect(text).not.toContain('Everyday')
  })

  it('each decoded QR is a link an independent LUD-03 client claims once; the second claim is refused', async () => {
    const links = await mint(12, 700)
    const pdf = await sheet(links, 700, '')
    const decoded = (await readSheet(pdf, 12)).map((f) => f.data)
    expect(new Set(decoded)).toEqual(new Set(links.map((l) => l.lnurl.toUpperCase())))
    const before = { balance: sim.control.balanceMsat(walletId), ...sim.control.totals() }
    for (const lnurl of decoded) {
      expect(new URL(lnurlToUrl(lnurl)).searchParams.get('num_satoshis')).toBe('700')
      const first = await claimWithdraw(lnurl, (msat) => sim.control.outsideInvoice(msat / 1000))
      expect(first.status).toBe('OK')
      expect(first.request?.maxWithdrawable).toBe(700_000)
      const again = await claimWithdraw(lnurl, (msat) => sim.control.outsideInvoice(Math.max(1, msat / 1000)))
      expect(again).toMatchObject({ status: 'ERROR', reason: expect.stringMatching(/no longer valid/) })
    }
    // twelve payments of 700 sats went out, and the wallet paid them plus their routing fees
    const after = sim.control.totals()
    expect(after.outboundMsat - before.outboundMsat).toBe(12 * 700_000)
    expect(sim.control.balanceMsat(walletId)).toBe(before.balance - 12 * 700_000 - (after.feesMsat - before.feesMsat))
  })
})

describe('text from the person', () => {
  it('is printed as plain text: no direction override, no markup, one line of at most 60 characters', async () => {
    const [link] = await mint(1, 5)
    const note = `\u202Eevil <b>bold</b> <script>x</script>\u0000\n${'A'.repeat(10_000)}`
    const pdf = await sheet([link!], 5, note)
    const text = await pdfText(pdf)
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
    expect(text).not.toContain(String.fromCharCode(0))
    const flat = text.replace(/\s+/g, '')
    // the markup is there as characters, the tags as typed
    expect(flat).toContain('evil<b>bold</b><script>x</script>')
    // capped: 60 characters with the ellipsis, whatever was sent
    const printed = flat.slice(flat.indexOf('evil'), flat.indexOf('…') + 1)
    expect(Array.from(printed).length).toBeLessThanOrEqual(60)
    expect(flat.match(/A/g)!.length).toBeLessThan(60)
    expect(pdf.length).toBeLessThan(60_000)
    // and the card still reads
    expect((await readSheet(pdf, 1))[0]!.data).toBe(link!.lnurl.toUpperCase())
  })

  it('Polish, Czech, Greek, Cyrillic and Vietnamese print as typed; letters the font lacks as ?', async () => {
    const [link] = await mint(1, 5)
    const pdf = await sheet([link!], 5, 'Łódź Žižkov Ελλάδα Ёлка Việt 日本')
    const text = await pdfText(pdf)
    expect(text).toContain('Łódź Žižkov Ελλάδα Ёлка Việt ??')
  })
})

describe('pages', () => {
  it('one voucher is one page', async () => {
    const links = await mint(1, 3)
    const pdf = await sheet(links, 3, 'One')
    expect((await readSheet(pdf, 1)).map((f) => f.data)).toEqual([links[0]!.lnurl.toUpperCase()])
    expect(await pdfText(pdf)).toContain('1 voucher × 3 sats · made')
  })

  it('fifty vouchers are five pages, the last with two cards', async () => {
    const links = await mint(50, 2)
    const pdf = await sheet(links, 2, 'Fifty')
    const found = await readSheet(pdf, 50)
    expect(found.map((f) => f.data)).toEqual(links.map((l) => l.lnurl.toUpperCase()))
    expect((await pdfText(pdf)).match(/page \d of 5/g)).toEqual([1, 2, 3, 4, 5].map((p) => `page ${p} of 5`))
  })

  it('no links is refused', async () => {
    await expect(sheet([], 1)).rejects.toThrow(/at least one/)
  })
})
