// QR generation as the Receive screen does it (`lightning:` + the upper-cased payment request,
// drawn on a canvas by qrcode with the Qr component's options), in Chromium, for a 400-character
// request, against a short lightning address as the reference.
import type { Browser } from 'playwright-core'
import { median } from './lib/stats'

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

function fakeRequest(length: number): string {
  let s = 'lnbc2500u1p'
  for (let i = 0; s.length < length; i++) s += BECH32[(i * 7 + 3) % BECH32.length]
  return s
}

/** A string, not a function: see CLICK_NEXT_AND_WAIT in browser.ts. */
const timeDraws = (text: string, runs: number) => `(async () => {
  const times = []
  for (let i = 0; i < ${runs} + 10; i++) {
    const t0 = performance.now()
    await window.drawQr(${JSON.stringify(text)})
    if (i >= 10) times.push(performance.now() - t0)
  }
  return times
})()`

export async function measureQr(browser: Browser, floorOrigin: string, runs = 60) {
  const request = `lightning:${fakeRequest(400).toUpperCase()}`
  const reference = 'lightning:ALICE@SIM.EXAMPLE'
  const page = await browser.newPage()
  try {
    await page.goto(`${floorOrigin}/qr/qr.html`)
    await page.waitForFunction('typeof window.drawQr === "function"')
    const requestMs = median((await page.evaluate(timeDraws(request, runs))) as number[])
    const referenceMs = median((await page.evaluate(timeDraws(reference, runs))) as number[])
    return { requestMs, referenceMs, chars: request.length }
  } finally {
    await page.close()
  }
}
