// Journey 7: read a QR code from an image file or a clipboard image (jsqr loaded only then) and
// route it: an address or link is shown with its host and looked up only at the person's press;
// what cannot be used is explained. The camera: its clear error
// without one, and a code read from Chromium's fake camera.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeLnurl } from '@shared/lnurl'
import QRCode from 'qrcode'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { BOLT11_SPEC } from '../../shared/fixtures/bolt11Spec'
import { launchChromium, type OpenedApp, openApp } from '../harness'
import { alertText, askWhatItOffers, navTo, waitVisible } from './support'

let o: OpenedApp
const requested: string[] = []
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  o.page.on('request', (r) => requested.push(r.url()))
})
afterAll(() => o?.close())

const qrPng = (text: string) => QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 6 })
const jsqrLoaded = () => requested.some((u) => /jsQR-[^/]*\.js$/.test(u))

/** Send shows what was read and whose it is; nothing is looked up before the press */
async function lookUp(words: string) {
  const arrived = o.page.getByRole('region', { name: 'What arrived' })
  await arrived.waitFor({ timeout: 15_000 })
  expect(await arrived.textContent()).toContain(`This is ${words}.`)
  await o.page.getByRole('button', { name: 'Look up' }).click()
}

async function scanFile(text: string) {
  await o.page
    .locator('#scan-file')
    .setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: await qrPng(text) })
}

test('jsqr is not loaded until a code is read; a lightning address QR opens Send with the recipient', async () => {
  await navTo(o.page, 'Scan')
  await waitVisible(o.page, 'Open an image file')
  expect(jsqrLoaded()).toBe(false)
  await scanFile('lightning:ALICE@SIM.EXAMPLE')
  await lookUp('the lightning address alice@sim.example')
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
  expect(jsqrLoaded()).toBe(true)
  expect(await o.page.getByLabel('Lightning address').inputValue()).toBe('alice@sim.example')
  const alice = o.sim.control.recipients().find((r) => r.address === 'alice@sim.example')!
  await waitVisible(o.page, alice.description)
})

test('anything else is explained, not ignored', async () => {
  await navTo(o.page, 'Scan')
  await scanFile('hello, world')
  expect(await alertText(o.page)).toContain('not a lightning address, LNURL or Lightning invoice')

  await scanFile('bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
  await expect.poll(() => alertText(o.page)).toContain('on-chain')

  const withdrawLink = encodeLnurl(`${o.sim.url}/v1/wallet/x/lnurl-process?tag=withdraw&ott=abc`)
  await scanFile(`lightning:${withdrawLink}`)
  // a withdraw link opens Claim, which asks the link itself at a press (on the account's own
  // service's server: no warning): this one answers no offer
  await o.page.getByRole('heading', { name: 'Claim sats' }).waitFor({ timeout: 15_000 })
  await askWhatItOffers(o.page, new URL(o.sim.url).host)
  await expect.poll(() => alertText(o.page)).toContain('answered something that is not a withdraw offer')
  await navTo(o.page, 'Scan')

  await o.page
    .locator('#scan-file')
    .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not a png') })
  await expect.poll(() => alertText(o.page)).toContain('could not be read as an image')
})

test('an invoice QR opens Send, which refuses one for another network; a bitcoin: QR with a lightning= LNURL opens Send', async () => {
  await navTo(o.page, 'Scan')
  await scanFile(BOLT11_SPEC.upperCase)
  await expect
    .poll(() => alertText(o.page))
    .toContain('This invoice is for real bitcoin (mainnet), which is not the network this service pays on.')
  await navTo(o.page, 'Scan')

  // a unified QR, upper case as wallets print them: the lightning= request wins over the address
  const pay = encodeLnurl('https://sim.example/.well-known/lnurlp/alice')
  await scanFile(`BITCOIN:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?AMOUNT=0.00001&LIGHTNING=${pay}`)
  await lookUp('a payment link to sim.example')
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
  expect(await o.page.getByLabel('Lightning address').inputValue()).toBe(pay)
  const alice = o.sim.control.recipients().find((r) => r.address === 'alice@sim.example')!
  await waitVisible(o.page, alice.description)
})

test('a clipboard image is read the same way', async () => {
  await o.page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await navTo(o.page, 'Scan')
  const b64 = (await qrPng('bob@sim.example')).toString('base64')
  await o.page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': new Blob([bytes], { type: 'image/png' }) })])
  }, b64)
  await o.page.getByRole('button', { name: 'Paste image from clipboard' }).click()
  await lookUp('the lightning address bob@sim.example')
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
  expect(await o.page.getByLabel('Lightning address').inputValue()).toBe('bob@sim.example')
})

test('pasted text is routed too', async () => {
  await navTo(o.page, 'Scan')
  await o.page.getByLabel('Or paste the text').fill('shop@sim.example')
  await o.page.getByRole('button', { name: 'Use this text' }).click()
  await lookUp('the lightning address shop@sim.example')
  await o.page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
  expect(await o.page.getByLabel('Lightning address').inputValue()).toBe('shop@sim.example')
})

test('without a camera the camera button says so and offers the other ways', async () => {
  await navTo(o.page, 'Scan')
  await o.page.getByRole('button', { name: 'Use camera' }).click()
  await expect.poll(() => alertText(o.page), { timeout: 15_000 }).toMatch(/camera.*(image file)/i)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})

/** A still video (Y4M, 4:2:0) of a QR code, for Chromium's fake camera. */
function qrY4m(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const scale = 8
  const margin = 4
  // even dimensions for 4:2:0
  const size = (n + 2 * margin) * scale + (((n + 2 * margin) * scale) % 2)
  const y = Buffer.alloc(size * size, 235)
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          y.fill(
            16,
            ((margin + r) * scale + dy) * size + (margin + c) * scale,
            ((margin + r) * scale + dy) * size + (margin + c + 1) * scale,
          )
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128)
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma])
  return Buffer.concat([header, frame, frame])
}

test('the camera reads a code shown to it (Chromium fake camera)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fake-camera-'))
  const video = join(dir, 'qr.y4m')
  await writeFile(video, qrY4m('lightning:ALICE@SIM.EXAMPLE'))
  const browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ])
  try {
    const context = await browser.newContext({ viewport: { width: 420, height: 720 } })
    await context.grantPermissions(['camera'], { origin: o.preview.origin })
    const page = await context.newPage()
    await page.goto(`${o.preview.origin}/#token=${o.preview.token}`)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Scan', exact: true }).click()
    await page.getByRole('button', { name: 'Use camera' }).click()
    await page.getByRole('region', { name: 'What arrived' }).waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Look up' }).click()
    await page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 20_000 })
    expect(await page.getByLabel('Lightning address').inputValue()).toBe('alice@sim.example')
  } finally {
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  }
})
