// A wallet's balance as one plain GET, for the connected apps' relay worker (docs/nwc.md, "Speed"):
// an app's get_balance is answered there, without a hop to main and back, while main says so.
// A read that fails is made again on main, through the account's client, so nothing here needs the
// client's retries or its error words. node:http rather than fetch: its setup is a tenth of
// fetch's on this path (docs/nwc.md, "Speed"); like boundedFetch it follows no redirect, and caps
// the answer's size and time.
import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { LnbitsWallet } from './lnbits/schemas'
import { Wallet, walletBalanceMsat } from './service/schemas'

/** what the worker needs for the read: an address and its headers (the account's key among them) */
export interface BalanceRead {
  url: string
  headers: Record<string, string>
  /** whose answer it is, so that it is read with that backend's schema */
  shape: 'service' | 'lnbits'
}

/** far less than the account's client allows: a balance is a few hundred bytes */
const MAX_BYTES = 64 * 1024
const TIMEOUT_MS = 10_000
// one socket kept open per service, as the account's client keeps one
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 8 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 8 }),
}

/** the body of a 200 answer to a GET of `url`, or null (any other status, too big, too slow, a failure) */
function get(url: URL, headers: Record<string, string>): Promise<string | null> {
  return new Promise((resolve) => {
    const https = url.protocol === 'https:'
    const req = (https ? httpsRequest : httpRequest)(url, { headers, agent: https ? agents.https : agents.http })
    const done = (body: string | null) => {
      clearTimeout(deadline)
      resolve(body)
    }
    const deadline = setTimeout(() => req.destroy(), TIMEOUT_MS)
    req.on('error', () => done(null))
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        return done(null)
      }
      const parts: Buffer[] = []
      let size = 0
      res.on('data', (b: Buffer) => {
        size += b.length
        if (size > MAX_BYTES) {
          req.destroy()
          return done(null)
        }
        parts.push(b)
      })
      res.on('end', () => done(size > MAX_BYTES ? null : Buffer.concat(parts).toString('utf8')))
      res.on('error', () => done(null))
    })
    req.end()
  })
}

/** the balance in msat, or null when it could not be read (main reads it then) */
export async function readBalance(r: BalanceRead): Promise<number | null> {
  try {
    const body = await get(new URL(r.url), r.headers)
    if (body === null) return null
    const json: unknown = JSON.parse(body)
    if (r.shape === 'lnbits') {
      // LNbits counts in msat already (lnbits/translate.ts)
      const w = LnbitsWallet.safeParse(json)
      return w.success ? w.data.balance : null
    }
    const w = Wallet.safeParse(json)
    return w.success ? walletBalanceMsat(w.data) : null
  } catch {
    // nothing of it is logged: its address and headers carry the key
    return null
  }
}
