// The /v1 operations of the spec and of service-facts.md, and the LNURL-withdraw endpoints.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { decodeLnurl, encodeLnurl, parseLightningAddress } from '../../shared/lnurl'
import {
  authenticate,
  bodyOf,
  intField,
  paginate,
  passThruField,
  permissionDenied,
  queryOf,
  stringField,
  walletFor,
} from './http'
import {
  type Ledger,
  LnurlError,
  metadataFor,
  type Recipient,
  ROLE_NAME,
  type Role,
  SimError,
  type WithdrawToken,
} from './state'
import { lnTxView, trimFields, walletView, wtxView } from './views'

export interface RouteOptions {
  /** also serve the spec's legacy invoice path `/v1/user/wallet/<key>/invoice` (the published server does not) */
  legacyInvoiceRoute: boolean
}

export const DEFAULT_MEMO = 'Lightning Tray simulator invoice'

function baseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? req.hostname}`
}

type Params = { key: string }

export function registerV1(app: FastifyInstance, ledger: Ledger, opts: RouteOptions): void {
  const withFields = (req: FastifyRequest, body: unknown) => trimFields(body, queryOf(req).fields)

  // A paginated list like the published server's (default 100 per page); in creation order, so a
  // wallet added later never moves the ones a person already sees.
  app.get('/v1/wallets', async (req, reply) => {
    const caller = authenticate(ledger, req)
    if (caller.kind !== 'secret') throw permissionDenied(caller.key, 'wallet_list')
    const list = [...ledger.wallets.values()].filter((w) => w.accountId === caller.accountId)
    return withFields(req, paginate(req, reply, baseUrl(req), list).map(walletView))
  })

  app.post('/v1/wallet', async (req, reply) => {
    const caller = authenticate(ledger, req)
    if (caller.kind !== 'secret') throw permissionDenied(caller.key, 'wallet_create')
    const label = stringField(bodyOf(req), 'user_label', { max: 255 }) ?? null
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
    const newestFirst = [...ledger.walletTransactions(w.id)].reverse()
    const page = paginate(req, reply, baseUrl(req), newestFirst)
    return withFields(
      req,
      page.map((t) => wtxView(ledger, t)),
    )
  })

  app.get<{ Params: { target: string } }>('/v1/lnurlp/probe/:target', async (req) => {
    authenticate(ledger, req)
    const r = resolveRecipient(ledger, req.params.target)
    if (!r) throw new SimError(500, 'Invalid Address / LNURL')
    const [user, domain] = r.address.split('@')
    return {
      tag: 'payRequest',
      callback: `https://${domain}/lnurlp/${user}/callback`,
      minSendable: r.minSendableMsat,
      maxSendable: r.maxSendableMsat,
      metadata: JSON.parse(metadataFor(r)),
      commentAllowed: r.commentAllowed,
    }
  })

  app.post<{ Params: Params }>('/v1/wallet/:key/lnurlp/pay', async (req, reply) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'send')
    const b = bodyOf(req)
    const address = stringField(b, 'ln_address', { required: true }) as string
    const amtMsat = intField(b, 'amt_msat', { required: true, min: 1 }) as number
    const comment = stringField(b, 'comment')
    const passThru = passThruField(b)
    const r = resolveRecipient(ledger, address)
    if (!r) throw new SimError(400, 'Invalid Address / LNURL')
    const { wtx } = ledger.payAddress(w.id, { address: r.address, amtMsat, comment, passThru })
    reply.code(201)
    return wtxView(ledger, wtx)
  })

  app.post<{ Params: Params }>('/v1/wallet/:key/withdraw', async (req, reply) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'send')
    const b = bodyOf(req)
    const pr = stringField(b, 'payment_request', { required: true }) as string
    const { wtx } = ledger.payInvoice(w.id, pr, { passThru: passThruField(b) })
    reply.code(201)
    return wtxView(ledger, wtx)
  })

  app.post<{ Params: Params }>('/v1/wallet/:key/transfer', async (req, reply) => {
    const caller = authenticate(ledger, req)
    const from = walletFor(ledger, caller, req.params.key, 'transfer')
    const b = bodyOf(req)
    const destKey = stringField(b, 'dest_wallet_id', { required: true }) as string
    const amountSat = intField(b, 'num_satoshis', { required: true, min: 1 }) as number
    const memo = stringField(b, 'memo', { max: 255 }) ?? null
    const destId = ledger.wallets.get(destKey)?.id ?? ledger.walletKey(destKey)?.walletId
    const dest = destId ? ledger.wallets.get(destId) : undefined
    if (!dest || dest.accountId !== from.accountId) throw new SimError(401, `Wallet not found: ${destKey}`)
    const t = ledger.transfer(from.id, dest.id, amountSat, memo)
    reply.code(201)
    return { wtx_transfer_out: wtxView(ledger, t.out), wtx_transfer_in: wtxView(ledger, t.in) }
  })

  app.get<{ Params: Params }>('/v1/wallet/:key/lnurl/withdraw', async (req) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'send')
    const q = queryOf(req)
    const numSatoshis = intField(q, 'num_satoshis', { min: 1 }) ?? null
    const memo = stringField(q, 'memo', { max: 639 }) ?? 'Withdraw'
    const t = ledger.mintWithdraw(w.id, numSatoshis, memo)
    const url = new URL(`/v1/wallet/${w.keys.lnurlw}/lnurl-process`, baseUrl(req))
    url.searchParams.set('ott', t.ott)
    if (numSatoshis != null) url.searchParams.set('num_satoshis', String(numSatoshis))
    url.searchParams.set('memo', memo)
    url.searchParams.set('tag', 'withdraw')
    return { lnurl: encodeLnurl(url.toString()), ott: t.ott }
  })

  // LNURL-withdraw: called by third-party wallets with the one-time token, no API key.
  const lnurlProcess = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    reply.header('Access-Control-Allow-Origin', '*')
    const key = req.params.key
    const k = ledger.walletKey(key)
    const w = k ? ledger.wallets.get(k.walletId) : undefined
    if (!k || !w || !(k.role === 'lnurlw' || k.role === 'admin')) throw new SimError(401, `Wallet not found: ${key}`)
    const q = queryOf(req)
    const t = q.ott ? ledger.tokens.get(q.ott) : undefined
    if (!t || t.walletId !== w.id) return { status: 'ERROR', reason: 'Unknown withdraw link' }
    try {
      if (q.pr) {
        if (t.kind !== 'withdraw') throw new LnurlError('This link only reports a balance')
        ledger.redeemWithdraw(t.ott, q.k1 ?? null, q.pr)
        reply.code(201) // as the hosted service did; LNURL clients read the body
        return { status: 'OK' }
      }
      if (t.kind === 'balance') return descriptor(req, key, ledger.mintWithdraw(w.id, null, t.memo))
      if (t.spent) throw new LnurlError('This withdraw link has been used and is no longer valid')
      return descriptor(req, key, t)
    } catch (e) {
      if (e instanceof LnurlError) return { status: 'ERROR', reason: e.message }
      throw e
    }
  }
  const descriptor = (req: FastifyRequest, key: string, t: WithdrawToken) => {
    const { minMsat, maxMsat } = ledger.withdrawable(t)
    const base = baseUrl(req)
    return {
      tag: 'withdrawRequest',
      callback: `${base}/v1/user/wallet/${key}/lnurl-process?ott=${encodeURIComponent(t.ott)}`,
      k1: t.k1,
      minWithdrawable: minMsat,
      maxWithdrawable: maxMsat,
      defaultDescription: t.memo,
      ...(t.balanceOtt
        ? { balanceCheck: `${base}/v1/wallet/${key}/lnurl-process?ott=${encodeURIComponent(t.balanceOtt)}` }
        : {}),
    }
  }
  app.get('/v1/wallet/:key/lnurl-process', lnurlProcess)
  app.get('/v1/user/wallet/:key/lnurl-process', lnurlProcess)
}

/** A lightning address or an LNURL-pay link the simulator resolves itself. */
export function resolveRecipient(ledger: Ledger, target: string): Recipient | null {
  const s = target.trim() // fastify has already decoded the path parameter
  const addr = parseLightningAddress(s)
  if (addr) return ledger.recipients.get(addr.address) ?? null
  try {
    const u = new URL(decodeLnurl(s))
    const m = /^\/\.well-known\/lnurlp\/([^/]+)$/.exec(u.pathname)
    return m ? (ledger.recipients.get(`${m[1]?.toLowerCase()}@${u.host.toLowerCase()}`) ?? null) : null
  } catch {
    return null
  }
}
