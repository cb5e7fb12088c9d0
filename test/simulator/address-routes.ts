// The seeded lightning addresses' own LNURL-pay server (LUD-16, LUD-06), served by the simulator
// on loopback so that an app paying an address itself (an NWC account) reaches it over HTTP:
// `<user>@sim.example` at `/.well-known/lnurlp/<user>`, and a callback that makes the payee's
// invoice, committing to the metadata, booked under `address:<user@domain>` once paid. A
// recipient's `lies` makes its callback answer with another amount or another hash.
import type { FastifyInstance } from 'fastify'
import { sha256Hex } from './bolt11'
import { baseUrl, queryOf } from './http'
import { type Ledger, metadataFor, type Recipient } from './state'
import { withSuccessAction } from './success-action'

export const ADDRESS_PATH = '/.well-known/lnurlp'
export const ADDRESS_DOMAIN = 'sim.example'

type Params = { user: string }

function recipientOf(ledger: Ledger, user: string): Recipient | null {
  return ledger.recipients.get(`${user.toLowerCase()}@${ADDRESS_DOMAIN}`) ?? null
}

/** The invoice the callback answers with: for `amountMsat`, committing to `metadata`, unless it lies. */
function invoiceFor(ledger: Ledger, r: Recipient, amountMsat: number, comment: string) {
  const hashOf = (text: string) => sha256Hex(Buffer.from(text).toString('hex'))
  const metadata = metadataFor(r)
  const payee = ledger.createPayee({
    amountMsat: r.lies === 'amount' ? amountMsat + 1000 : amountMsat,
    descriptionHash: hashOf(r.lies === 'descriptionHash' ? `${metadata} ` : metadata),
    memo: comment,
    expiry: 600,
    party: `address:${r.address}`,
  })
  return { pr: payee.pr, preimage: payee.preimage }
}

export function registerAddresses(app: FastifyInstance, ledger: Ledger): void {
  app.get<{ Params: Params }>(`${ADDRESS_PATH}/:user`, async (req, reply) => {
    const r = recipientOf(ledger, req.params.user)
    if (!r) return reply.code(404).send({ status: 'ERROR', reason: 'Unknown lightning address' })
    return {
      tag: 'payRequest',
      callback: `${baseUrl(req)}${ADDRESS_PATH}/${req.params.user}/callback`,
      minSendable: r.minSendableMsat,
      maxSendable: r.maxSendableMsat,
      metadata: metadataFor(r),
      commentAllowed: r.commentAllowed,
    }
  })

  app.get<{ Params: Params }>(`${ADDRESS_PATH}/:user/callback`, async (req, reply) => {
    const r = recipientOf(ledger, req.params.user)
    if (!r) return reply.code(404).send({ status: 'ERROR', reason: 'Unknown lightning address' })
    const q = queryOf(req)
    const amountMsat = Number(q.amount)
    if (!Number.isSafeInteger(amountMsat) || amountMsat < r.minSendableMsat || amountMsat > r.maxSendableMsat)
      return { status: 'ERROR', reason: `Amount must be between ${r.minSendableMsat} and ${r.maxSendableMsat} msat` }
    const comment = q.comment ?? ''
    if (comment.length > r.commentAllowed)
      return { status: 'ERROR', reason: `Comment is longer than the ${r.commentAllowed} characters allowed` }
    const { pr, preimage } = invoiceFor(ledger, r, amountMsat, comment)
    return withSuccessAction({ pr, routes: [] }, r.successAction, preimage)
  })
}
