// A price source on loopback, shaped like CoinGecko's two keyless endpoints the app reads
// (docs/rates.md): today's price (`/api/v3/simple/price`) and a day's price
// (`/api/v3/coins/bitcoin/history?date=dd-mm-yyyy`). The price moves from day to day, so a test
// (or the demo) can tell a row priced on the day it happened from one priced today.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export const LIVE_PATH = '/api/v3/simple/price'
export const HISTORY_PATH = '/api/v3/coins/bitcoin/history'
/** each currency's price as a share of the USD one (rough, constant: only the day moves it) */
const SHARE = { usd: 1, eur: 0.92, gbp: 0.79, chf: 0.88, cad: 1.37, aud: 1.52, jpy: 150 }

export interface PriceSource {
  /** the live endpoint's URL (RATE_SOURCE_URL's place) */
  liveUrl: string
  /** the history endpoint's URL (HISTORY_SOURCE_URL's place) */
  historyUrl: string
  /** every path and query asked for */
  seen: string[]
  close(): Promise<void>
}

export interface PriceSourceOptions {
  port?: number
  /** USD per BTC on the UTC day starting at `daySec` (default: 60,000 + 1,000 a day since 2020) */
  usdOn?: (daySec: number) => number
  /** USD per BTC now (default: usdOn of today) */
  usdNow?: () => number
}

export const defaultUsdOn = (daySec: number) => 60_000 + (Math.floor(daySec / 86_400) % 1000) * 10

/** "30-12-2025" → the day's start in Unix seconds, or null */
function dayOf(date: string | null): number | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date ?? '')
  if (!m) return null
  const ms = Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))
  return Number.isFinite(ms) ? ms / 1000 : null
}

const all = (usd: number) => Object.fromEntries(Object.entries(SHARE).map(([c, k]) => [c, Math.round(usd * k)]))

export async function startPriceSource(o: PriceSourceOptions = {}): Promise<PriceSource> {
  const usdOn = o.usdOn ?? defaultUsdOn
  const usdNow = o.usdNow ?? (() => usdOn(Math.floor(Date.now() / 86_400_000) * 86_400))
  const seen: string[] = []
  const sockets = new Set<Socket>()
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const server = createServer((req: IncomingMessage, res) => {
    seen.push(req.url ?? '')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === LIVE_PATH) return send(res, 200, { bitcoin: all(usdNow()) })
    if (url.pathname === HISTORY_PATH) {
      const day = dayOf(url.searchParams.get('date'))
      if (day === null) return send(res, 400, { error: 'invalid date' })
      return send(res, 200, { id: 'bitcoin', market_data: { current_price: all(usdOn(day)) } })
    }
    send(res, 404, { error: 'not found' })
  })
  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(o.port ?? 0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    liveUrl: `${base}${LIVE_PATH}`,
    historyUrl: `${base}${HISTORY_PATH}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}
