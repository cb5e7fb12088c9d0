// Paying: a BOLT 11 request (`withdraw`) and the decoding that comes before it, and a lightning
// address or LNURL-pay link (`lnurlp/probe`, `lnurlp/pay`). See docs/service.md.

import type { FastifyInstance } from 'fastify'
import { decodeLnurl, parseLightningAddress } from '../../shared/lnurl'
import { readInvoice } from './bolt11'
import { authenticate, bodyOf, intField, passThruField, queryOf, stringField, walletFor } from './http'
import {
  INVALID_PR,
  type Ledger,
  metadataFor,
  NODE_ID,
  type PayLink,
  type Recipient,
  SimError,
  WRONG_NETWORK,
} from './state'
import { withSuccessAction } from './success-action'
import { decodedView, wtxView } from './views'

type Params = { key: string }

export function registerPay(app: FastifyInstance, ledger: Ledger): void {
  app.get<{ Params: { target: string } }>('/v1/lnurlp/probe/:target', async (req) => {
    authenticate(ledger, req)
    const link = resolveLink(ledger, req.params.target)
    if (link)
      return {
        tag: 'payRequest',
        callback: decodeLnurl(req.params.target.trim()),
        minSendable: link.minMsat,
        maxSendable: link.maxMsat,
        metadata: JSON.parse(ledger.linkMetadata(link)),
        commentAllowed: link.commentAllowed,
      }
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
    // the interface's field; the published server's own name for an LNURL is taken too
    const address = (stringField(b, 'ln_address') ??
      stringField(b, 'lnurlpay_encoded', { required: true, label: 'ln_address' })) as string
    const amtMsat = intField(b, 'amt_msat', { required: true, min: 1 }) as number
    const comment = stringField(b, 'comment')
    const passThru = passThruField(b)
    const link = resolveLink(ledger, address)
    if (link) {
      const { wtx } = ledger.payLinkFrom(w.id, link, { lnurl: address.trim(), amtMsat, comment, passThru })
      reply.code(201)
      return wtxView(ledger, wtx)
    }
    const r = resolveRecipient(ledger, address)
    if (!r) throw new SimError(400, 'Invalid Address / LNURL')
    const { wtx, lnTx } = ledger.payAddress(w.id, { address: r.address, amtMsat, comment, passThru })
    reply.code(201)
    return withSuccessAction(wtxView(ledger, wtx), r.successAction, lnTx.preimage)
  })

  // Pays a BOLT 11 request. `fee_limit_msat` caps the routing fee (default 5 % of the amount);
  // the fee paid is what the route costs, often less. The labels are the published form's.
  app.post<{ Params: Params }>('/v1/wallet/:key/withdraw', async (req, reply) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'send')
    const b = bodyOf(req)
    const passThru = passThruField(b)
    const pr = stringField(b, 'payment_request', { required: true, label: 'Payment Request' }) as string
    const feeLimitMsat = intField(b, 'fee_limit_msat', { label: 'Fee Limit Msat' }) ?? null
    if (feeLimitMsat != null && feeLimitMsat < 0)
      throw new SimError(400, 'Fee Limit Msat must be greater than or equal to "0".')
    const { wtx } = ledger.payInvoice(w.id, pr, { passThru: { ...passThru, method: 'api' }, feeLimitMsat })
    reply.code(201)
    return wtxView(ledger, wtx)
  })

  // The node's decoding of a request (LND's DecodePayReq), with any account key. `default` is the
  // account's node; the node's own id works too.
  app.get<{ Params: { node: string } }>('/v1/node/:node/payments/decodeinvoice', async (req) => {
    authenticate(ledger, req)
    if (req.params.node !== 'default' && req.params.node !== NODE_ID)
      throw new SimError(401, `Invalid node id: ${req.params.node}`)
    const pr = queryOf(req).payment_request
    if (pr == null) throw new SimError(400, 'Missing required parameters: payment_request')
    const inv = readInvoice(pr)
    if (!inv) throw new SimError(400, INVALID_PR)
    if (inv.network !== 'regtest') throw new SimError(400, WRONG_NETWORK)
    return decodedView(inv)
  })
}

/** A wallet's static LNURL-pay link, given as its LNURL (it is served by this simulator). */
function resolveLink(ledger: Ledger, target: string): PayLink | null {
  try {
    const m = /^\/v1\/wallet\/[^/]+\/lnurlp\/([^/]+)$/.exec(new URL(decodeLnurl(target.trim())).pathname)
    return m ? (ledger.payLinks.get(m[1] as string) ?? null) : null
  } catch {
    return null
  }
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
