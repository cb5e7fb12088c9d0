// QR generation as the Receive screen does it (`lightning:` + the upper-cased payment request),
// for a 400-character request, against a short lightning address as the reference.
import QRCode from 'qrcode'
import { median } from './lib/stats'

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

function fakeRequest(length: number): string {
  let s = 'lnbc2500u1p'
  for (let i = 0; s.length < length; i++) s += BECH32[(i * 7 + 3) % BECH32.length]
  return s
}

async function time(text: string, runs: number): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < runs + 10; i++) {
    const t0 = performance.now()
    await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, scale: 4 })
    if (i >= 10) samples.push(performance.now() - t0)
  }
  return median(samples)
}

export async function measureQr(runs = 100) {
  const request = `lightning:${fakeRequest(400).toUpperCase()}`
  const reference = 'lightning:ALICE@SIM.EXAMPLE'
  return { requestMs: await time(request, runs), referenceMs: await time(reference, runs), chars: request.length }
}
