// LNbits' core wallet API: lnbits/core/views/wallet_api.py (GET /api/v1/wallet) and
// lnbits/core/views/payment_api.py (/api/v1/payments…), over the simulator's money model.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { readInvoice } from '../bolt11'
import type { Ledger } from '../state'
import { SimError } from '../types'
import { LnbitsError } from './errors'
import { feeReserveMsat, type LnbitsFeeSettings, reserveRefusal } from './fees'
import { type LnbitsPayment, lnTxPayment, walletPayments } from './payments'
import type { LnbitsWallets } from './wallets'

function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body
  if (b == null || typeof b !== 'object' || Array.isArray(b)) throw new LnbitsError(400, 'Invalid request body.')
  return b as Record<string, unknown>
}

/** LNbits' Filters (lnbits/db.py): offset, limit (10 by default, at most 1000) and `search`. */
function page(req: FastifyRequest, rows: LnbitsPayment[]): { data: LnbitsPayment[]; total: number } {
  const q = req.query as Record<string, string | undefined>
  const search = q.search?.toLowerCase()
  const found = search
    ? rows.filter((p) => [p.memo, p.amount, p.wallet_id, p.status, p.time].join('').toLowerCase().includes(search))
    : rows
  const offset = Math.max(0, Number(q.offset ?? 0) || 0)
  const limit = Math.min(1000, Number(q.limit ?? 10) || 10)
  return { data: found.slice(offset, offset + limit), total: found.length }
}

function createInvoice(ledger: Ledger, simId: string, lnbitsId: string, b: Record<string, unknown>): LnbitsPayment {
  if ((b.unit ?? 'sat') !== 'sat') throw new LnbitsError(400, 'The provided unit is not supported')
  const amount = b.amount == null ? 0 : Number(b.amount)
  if (!Number.isFinite(amount) || amount < 0) throw new LnbitsError(400, 'Amount must be a positive number.')
  // services/payments.py create_invoice: LNbits makes no amountless invoice
  if (!(amount > 0)) throw new LnbitsError(520, 'Amountless invoices not supported.', 'failed')
  const memo = typeof b.memo === 'string' ? b.memo.slice(0, 640) : ''
  const expiry = typeof b.expiry === 'number' && b.expiry > 0 ? b.expiry : undefined
  const t = ledger.createInvoice(simId, { amountSat: Math.floor(amount), memo, expiry }, true)
  return lnTxPayment(ledger, lnbitsId, t)
}

/** An invoice of a wallet of this server is paid internally: no reserve, no routing. */
const isInternal = (ledger: Ledger, paymentHash: string) => ledger.findLnTx(paymentHash)?.direction === 'in'

function pay(ledger: Ledger, fees: LnbitsFeeSettings, simId: string, lnbitsId: string, bolt11: unknown): LnbitsPayment {
  if (typeof bolt11 !== 'string' || !bolt11) throw new LnbitsError(400, 'Missing BOLT11 invoice')
  const inv = readInvoice(bolt11)
  const balance = ledger.wallets.get(simId)?.balanceMsat ?? 0
  // the reserve is checked against the balance and handed to the funding source as its fee cap
  const reserve = inv?.amountMsat ? feeReserveMsat(fees, inv.amountMsat, isInternal(ledger, inv.paymentHash)) : 0
  const refused = inv?.amountMsat ? reserveRefusal(balance, inv.amountMsat, reserve) : null
  if (refused) throw refused
  try {
    const { lnTx, wtx } = ledger.payInvoice(simId, bolt11, { feeLimitMsat: reserve })
    return lnTxPayment(ledger, lnbitsId, lnTx, wtx)
  } catch (err) {
    // pay_invoice's PaymentError: 520 with the payment's status
    if (err instanceof SimError) throw new LnbitsError(520, err.message, 'failed')
    throw err
  }
}

export function registerLnbitsCore(
  app: FastifyInstance,
  ledger: Ledger,
  wallets: LnbitsWallets,
  fees: LnbitsFeeSettings,
): void {
  app.get('/api/v1/wallet', async (req) => {
    const { wallet, type, rec } = wallets.authenticate(req, 'invoice')
    const res: Record<string, unknown> = { name: wallet.name, balance: rec.balanceMsat }
    if (type === 'admin') res.id = wallet.id
    return res
  })

  app.post('/api/v1/payments', async (req, reply) => {
    const { wallet, type } = wallets.authenticate(req, 'invoice')
    const b = body(req)
    const out = b.out ?? true // CreateInvoice.out defaults to true
    let p: LnbitsPayment
    if (out === true && type === 'admin') p = pay(ledger, fees, wallet.simId, wallet.id, b.bolt11)
    else if (out) throw new LnbitsError(403, 'Invoice (or Admin) key required.')
    else p = createInvoice(ledger, wallet.simId, wallet.id, b)
    return reply.code(201).send(p)
  })

  app.get('/api/v1/payments', async (req) => {
    const { wallet } = wallets.authenticate(req, 'invoice')
    return page(req, walletPayments(ledger, wallets, wallet.simId)).data
  })

  app.get('/api/v1/payments/paginated', async (req) => {
    const { wallet } = wallets.authenticate(req, 'invoice')
    return page(req, walletPayments(ledger, wallets, wallet.simId))
  })

  // No key (payment_api.py): `fee_reserve_total` of the invoice's amount, as for an outside payment.
  app.get('/api/v1/payments/fee-reserve', async (req) => {
    const invoice = (req.query as Record<string, string | undefined>).invoice ?? 'invoice'
    const inv = readInvoice(invoice)
    // bolt11.decode's ValueError: LNbits' handler answers 400
    if (!inv) throw new LnbitsError(400, 'Invalid bolt11 invoice.')
    if (!inv.amountMsat) throw new LnbitsError(400, 'Invoice has no amount.')
    return { fee_reserve: feeReserveMsat(fees, inv.amountMsat, false) }
  })

  // With or without a key; the details only for the payment's own wallet.
  app.get('/api/v1/payments/:hash', async (req) => {
    const hash = (req.params as { hash: string }).hash
    const key = req.headers['x-api-key']
    const caller = typeof key === 'string' && key ? wallets.authenticate(req, 'invoice') : null
    const owner = caller ? [caller.wallet.simId] : [...ledger.wallets.keys()]
    for (const simId of owner) {
      const p = walletPayments(ledger, wallets, simId).find((x) => x.payment_hash === hash)
      if (!p) continue
      const paid = p.status === 'success'
      if (!caller)
        return paid ? { paid, preimage: p.preimage } : { paid, ...(p.status === 'failed' && { status: 'failed' }) }
      return { paid, status: p.status, preimage: p.preimage, details: p }
    }
    throw new LnbitsError(404, 'Payment does not exist.')
  })
}
