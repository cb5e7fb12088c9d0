// The /v1 operations on wallets, invoices and transactions (docs/service.md). Payments are in
// routes-pay.ts, the LNURL links in routes-lnurl.ts.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  authenticate,
  baseUrl,
  bodyOf,
  intField,
  paginate,
  passThruField,
  queryOf,
  requireSecretKey,
  stringField,
  walletFor,
} from './http'
import { walletListing } from './listing'
import { type Ledger, ROLE_NAME, type Role, SimError } from './state'
import { lnTxView, trimFields, walletView, wtxView } from './views'

export interface RouteOptions {
  /**
   * serve the interface's invoice path `/v1/user/wallet/<key>/invoice` (default); false: answer 404
   * there, as the published server's code does, so that a client's fallback can be tested
   */
  legacyInvoiceRoute: boolean
}

export const DEFAULT_MEMO = 'Lightning Tray simulator invoice'

type Params = { key: string }

export function registerV1(app: FastifyInstance, ledger: Ledger, opts: RouteOptions): void {
  const withFields = (req: FastifyRequest, body: unknown) => trimFields(body, queryOf(req).fields)

  // A paginated list like the published server's (default 100 per page); in creation order, so a
  // wallet added later never moves the ones a person already sees.
  app.get('/v1/wallets', async (req, reply) => {
    const caller = authenticate(ledger, req)
    requireSecretKey(caller)
    const list = [...ledger.wallets.values()].filter((w) => w.accountId === caller.accountId)
    return withFields(req, paginate(req, reply, baseUrl(req), list).map(walletView))
  })

  // Any account key may create a wallet, the public one too (the service's SDKs do); the label is
  // required, as the published server's model says.
  app.post('/v1/wallet', async (req, reply) => {
    const caller = authenticate(ledger, req)
    const label = stringField(bodyOf(req), 'user_label', {
      required: true,
      max: 255,
      label: 'Internal Label',
    }) as string
    const w = ledger.createWallet(caller.accountId, label)
    const access_keys: Record<string, string[]> = {}
    for (const role of Object.keys(ROLE_NAME) as Role[]) access_keys[ROLE_NAME[role]] = [w.keys[role]]
    reply.code(201)
    return { ...walletView(w), access_keys }
  })

  app.get<{ Params: Params }>('/v1/wallet/:key', async (req) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'read')
    return withFields(req, walletView(w))
  })

  const createInvoice = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'receive')
    const b = bodyOf(req)
    const amountSat = intField(b, 'num_satoshis', { min: 0 }) ?? 0
    const memo = stringField(b, 'memo', { max: 639 }) ?? DEFAULT_MEMO
    const expiry = intField(b, 'expiry', { min: 1, max: 31_536_000 })
    const descriptionHash = stringField(b, 'description_hash')
    if (descriptionHash != null && !/^[0-9a-f]{64}$/i.test(descriptionHash))
      throw new SimError(400, 'description_hash must be 64 hex characters.')
    const passThru = passThruField(b)
    if (ledger.invoiceCapSat != null && amountSat > ledger.invoiceCapSat)
      throw new SimError(400, `Receiving is limited to: ${ledger.invoiceCapSat} satoshi per invoice`)
    const tx = ledger.createInvoice(
      w.id,
      { amountSat, memo, expiry, descriptionHash: descriptionHash?.toLowerCase() ?? null, passThru },
      true,
    )
    reply.code(201)
    return lnTxView(ledger, tx)
  }
  app.post('/v1/wallet/:key/invoice', createInvoice)
  if (opts.legacyInvoiceRoute) app.post('/v1/user/wallet/:key/invoice', createInvoice)

  app.get<{ Params: { id: string } }>('/v1/lntx/:id', async (req) => {
    const caller = authenticate(ledger, req)
    const tx = ledger.lntx.get(req.params.id)
    const w = tx ? ledger.wallets.get(tx.walletId) : undefined
    if (!tx || !w || w.accountId !== caller.accountId) throw new SimError(401, 'LnTx not found')
    return withFields(req, lnTxView(ledger, tx))
  })

  app.get<{ Params: Params }>('/v1/wallet/:key/transactions', async (req, reply) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'transactions')
    // a slice of the list is turned into JSON, never the whole list (the huge seed's million rows)
    return withFields(
      req,
      paginate(req, reply, baseUrl(req), walletListing(ledger, ledger.walletTransactions(w.id), w.id)),
    )
  })

  // Every wallet's transactions in one feed, newest first; secret key only. The published server
  // pages it 20 by default; `wallet_id` narrows it to one wallet.
  app.get('/v1/wallet-transactions', async (req, reply) => {
    const caller = authenticate(ledger, req)
    requireSecretKey(caller)
    const walletId = queryOf(req).wallet_id
    const w = walletId ? ledger.wallets.get(walletId) : undefined
    if (walletId && w?.accountId !== caller.accountId) throw new SimError(401, 'Wallet not found')
    const all = ledger.accountTransactions(caller.accountId).filter((t) => !w || t.walletId === w.id)
    return withFields(req, paginate(req, reply, baseUrl(req), walletListing(ledger, all.reverse(), w?.id ?? null), 20))
  })

  app.post<{ Params: Params }>('/v1/wallet/:key/transfer', async (req, reply) => {
    const caller = authenticate(ledger, req)
    const from = walletFor(ledger, caller, req.params.key, 'transfer')
    const b = bodyOf(req)
    const destKey = stringField(b, 'dest_wallet_id', { required: true }) as string
    const amountSat = intField(b, 'num_satoshis', { required: true, min: 1 }) as number
    const memo = stringField(b, 'memo', { max: 255 }) ?? null
    const passThru = passThruField(b, 'Invalid passThru json specified')
    const destId = ledger.wallets.get(destKey)?.id ?? ledger.walletKey(destKey)?.walletId
    const dest = destId ? ledger.wallets.get(destId) : undefined
    if (!dest || dest.accountId !== from.accountId) throw new SimError(401, `Wallet not found: ${destKey}`)
    const t = ledger.transfer(from.id, dest.id, amountSat, memo, passThru)
    reply.code(201)
    return { wtx_transfer_out: wtxView(ledger, t.out), wtx_transfer_in: wtxView(ledger, t.in) }
  })
}
