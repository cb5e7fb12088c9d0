// LNbits' websocket (lnbits/core/views/websocket_api.py, services/notifications.py): a client
// connects to /api/v1/ws/<item>; a payment of a wallet is pushed to its inkey and its adminkey as
// `{"wallet_balance": <sats>, "payment": <Payment>}`, and to its payment hash as
// `{"pending", "status"}`.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { WebSocket, WebSocketServer } from 'ws'
import type { Ledger } from '../state'
import type { WalletRec, WtxRec } from '../types'
import { rowPayment } from './payments'
import type { LnbitsWallets } from './wallets'

const PREFIX = '/api/v1/ws/'

export function registerLnbitsWebsocket(app: FastifyInstance, ledger: Ledger, wallets: LnbitsWallets): () => void {
  const wss = new WebSocketServer({ noServer: true })
  const subs = new Map<string, Set<WebSocket>>()
  const send = (item: string, data: string) => {
    for (const ws of subs.get(item) ?? []) if (ws.readyState === WebSocket.OPEN) ws.send(data)
  }
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (!path.startsWith(PREFIX)) return socket.destroy()
    const item = decodeURIComponent(path.slice(PREFIX.length))
    wss.handleUpgrade(req, socket, head, (ws) => {
      const set = subs.get(item) ?? new Set()
      set.add(ws)
      subs.set(item, set)
      ws.on('close', () => set.delete(ws))
    })
  })
  // Every money movement passes the ledger's addWtx; watching it here keeps the shared model untouched.
  const target = ledger as unknown as { addWtx: (w: WalletRec, ...rest: unknown[]) => WtxRec }
  const addWtx = target.addWtx.bind(ledger)
  target.addWtx = (w, ...rest) => {
    const row = addWtx(w, ...rest)
    if (row.type !== 'network_fee') setImmediate(() => notify(w, row))
    return row
  }
  const listening = (items: string[]) => items.some((i) => (subs.get(i)?.size ?? 0) > 0)
  // only what changed: the one payment this movement is, and nothing when no one listens for it
  const notify = (w: WalletRec, row: WtxRec) => {
    const lw = wallets.of(w)
    const hash = row.lnTxId ? ledger.lntx.get(row.lnTxId)?.paymentHash : undefined
    if (!listening([lw.inkey, lw.adminkey, ...(hash ? [hash] : [])])) return
    const payment = rowPayment(ledger, lw.id, row)
    if (!payment) return
    const message = JSON.stringify({ wallet_balance: Math.floor(w.balanceMsat / 1000), payment })
    send(lw.inkey, message)
    send(lw.adminkey, message)
    send(payment.payment_hash, JSON.stringify({ pending: payment.status === 'pending', status: payment.status }))
  }
  return () => {
    target.addWtx = addWtx
    for (const ws of wss.clients) ws.terminate()
    wss.close()
  }
}
