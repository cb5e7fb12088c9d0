// An LNbits account (docs/lnbits.md) against the simulator's LNbits flavor over real HTTP:
// - first sync of the `large` seed's biggest wallet, topped up to 10,000 LNbits payments (payments
//   from outside, each pushed on the websocket as LNbits does), with the real LNbits client and
//   the real sync loop (every page in one tick, as bench/sync.ts runs it), against the
//   raw reads of the same pages through the same client from the same simulator in the same run;
// - settle → notify (p50/p95, wall time) for an invoice made in the app and paid from outside, with
//   LNbits' websocket and without it (a loopback proxy in front of the simulator that passes HTTP
//   and refuses every websocket upgrade, as a server behind a proxy without upgrades does), beside
//   the poll interval for a fresh invoice.
//
// `npx tsx --tsconfig tsconfig.node.json bench/lnbits.ts` prints the figures; runLnbitsBench() returns them.

import { createServer, request } from 'node:http'
import { loadavg } from 'node:os'
import { createLnbitsClient } from '../electron/main/services/backends/lnbits'
import { DEFAULT_SYNC_OPTIONS } from '../electron/main/services/sync'
import { type SimulatorHandle, startSimulator } from '../test/simulator/index'
import { runAlone } from './lib/alone'
import { PAGE, syncAgainstRaw } from './lib/firstSync'
import { paidApp } from './lib/paidApp'
import { percentile } from './lib/stats'

export interface LnbitsBench {
  'LNbits first sync rows': number
  'LNbits first sync s': number
  'LNbits raw reads s': number
  'LNbits sync / raw': number
  'LNbits settle→notify p50 ms, websocket': number
  'LNbits settle→notify p95 ms, websocket': number
  'LNbits settle→notify p50 ms, no websocket': number
  'LNbits settle→notify p95 ms, no websocket': number
  'fresh invoice poll interval ms': number
  'load 1 min': number
}

const round = (v: number, digits = 2) => Number(v.toFixed(digits))
/** the first sync's wallet holds this many LNbits payments (the figure) */
const ROWS = 10_000
/** invoices paid from outside per mode, after timed()'s 5 warm-ups */
const PAID_RUNS = 20

async function firstSync() {
  const sim = await startSimulator({ seed: 'large', flavor: 'lnbits' })
  try {
    const keys = sim.lnbits.map((w) => w.adminkey).join(',')
    // no client-level retries, as the sync harness's service client; a long timeout: the simulator builds a wallet's LNbits payment list on each read, slow at 7,000 on a loaded machine
    const client = createLnbitsClient({ baseUrl: sim.url, secret: () => keys, retries: 0, timeoutMs: 60_000 })
    const wallets = await client.listWallets()
    const count = async (id: string) => (await client.listTransactions(id, 1, PAGE)).totalCount
    const sizes: { id: string; total: number }[] = []
    for (const w of wallets) sizes.push({ id: w.id, total: await count(w.id) })
    const biggest = sizes.sort((a, b) => b.total - a.total)[0]
    if (!biggest) throw new Error('no LNbits wallet in the large seed')
    // The seed's largest wallet lists 7,120 LNbits payments: topped up from outside to 10,000 (the
    // simulator's websocket pushes each one alone, test/simulator/lnbits/websocket.ts)
    const simId = sim.lnbits.find((w) => w.id === biggest.id)?.simId
    if (!simId) throw new Error('the biggest wallet is not one of the seed LNbits wallets')
    for (let i = biggest.total; i < ROWS; i++) await sim.control.payInbound(simId, 1 + (i % 500), `top-up ${i}`)
    const big = await client.listTransactions(biggest.id, 1, PAGE).then((p) => ({ id: biggest.id, ...p }))
    if (big.totalCount < ROWS) throw new Error(`the wallet lists ${big.totalCount} payments, not ${ROWS}`)
    return await syncAgainstRaw(sim, client, big)
  } finally {
    await sim.close()
  }
}

/** HTTP to `port` on loopback passed through; websocket upgrades refused (the socket closed). */
async function noUpgradeProxy(port: number) {
  const server = createServer((req, res) => {
    const out = request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers)
      r.pipe(res)
    })
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  server.on('upgrade', (_req, socket) => socket.destroy())
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const a = server.address()
  const url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** ms from the payment at the simulator to the app's event saying the invoice is paid */
async function settleToNotify(sim: SimulatorHandle, baseUrl: string): Promise<number[]> {
  const { app, call, paidShown, dispose } = await paidApp('lnbits')
  try {
    await app.start()
    const w = sim.lnbits[0]
    if (!w) throw new Error('no LNbits wallet in the seed')
    await call('accounts.connect', { kind: 'lnbits', baseUrl, keys: [w.adminkey], label: 'Bench', storage: 'memory' })
    return await paidShown(PAID_RUNS, w.id, (pr) => sim.control.settleInvoice(pr), 100)
  } finally {
    await dispose()
  }
}

async function notifyBoth() {
  const sim = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
  const proxy = await noUpgradeProxy(Number(new URL(sim.url).port))
  try {
    const ws = await settleToNotify(sim, sim.url)
    const polled = await settleToNotify(sim, proxy.url)
    return { ws: ws.sort((a, b) => a - b), polled: polled.sort((a, b) => a - b) }
  } finally {
    await proxy.close()
    await sim.close()
  }
}

export async function runLnbitsBench(): Promise<LnbitsBench> {
  const first = await firstSync()
  const n = await notifyBoth()
  return {
    'LNbits first sync rows': first.rows,
    'LNbits first sync s': round(first.s),
    'LNbits raw reads s': round(first.raw),
    'LNbits sync / raw': round(first.s / first.raw),
    'LNbits settle→notify p50 ms, websocket': round(percentile(n.ws, 50), 0),
    'LNbits settle→notify p95 ms, websocket': round(percentile(n.ws, 95), 0),
    'LNbits settle→notify p50 ms, no websocket': round(percentile(n.polled, 50), 0),
    'LNbits settle→notify p95 ms, no websocket': round(percentile(n.polled, 95), 0),
    'fresh invoice poll interval ms': DEFAULT_SYNC_OPTIONS.freshPollMs,
    'load 1 min': round(loadavg()[0] ?? 0, 1),
  }
}

runAlone(import.meta.url, runLnbitsBench)
