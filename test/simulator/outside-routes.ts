// Another service's LNURL-withdraw vouchers, served by the simulator under /_outside/lnurlw/…
// so that the app reaches them over loopback HTTP like any other LNURL server: a descriptor
// (LUD-03) and a callback that pays the app's invoice. Each voucher may also stall, answer
// garbage or refuse, at either stage. No API key is ever needed here; a request that carries
// one is recorded (a client must never send its key to another service).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { encodeLnurl } from '../../shared/lnurl'
import { baseUrl, carriesApiKey, queryOf } from './http'
import { type Ledger, LnurlError, type Voucher, type VoucherMode } from './state'

export const VOUCHER_PATH = '/_outside/lnurlw'
export const GARBAGE_BODY = '<html><body>502 Bad Gateway</body></html>{"tag": "withdrawReq'

export function voucherUrl(base: string, id: string): string {
  return `${base}${VOUCHER_PATH}/${id}`
}

export function voucherLnurl(base: string, id: string): string {
  return encodeLnurl(voucherUrl(base, id))
}

/** Requests held by a stalling voucher; all let go on close (and then never answered). */
export class Stalls {
  private waiting = new Set<(ended: boolean) => void>()

  /** true when the stall ran its time; false when the simulator closed first */
  hold(ms: number | null): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (ended: boolean) => {
        clearTimeout(timer)
        this.waiting.delete(done)
        resolve(ended)
      }
      const timer = ms == null ? undefined : setTimeout(() => done(true), ms)
      this.waiting.add(done)
    })
  }

  releaseAll(): void {
    for (const done of [...this.waiting]) done(false)
  }
}

type Params = { id: string }
const SENT = Symbol('sent')

export function registerOutside(app: FastifyInstance, ledger: Ledger, stalls: Stalls): void {
  const timers = new Set<NodeJS.Timeout>()
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t)
  })

  /**
   * The stage's misbehaviour: `SENT` when the reply is dealt with (never return the reply itself
   * from here: it is a thenable, and awaiting it would let the handler go on), an answer, or null
   * to answer normally (after a stall that ends, too).
   */
  const misbehave = async (
    req: FastifyRequest,
    reply: FastifyReply,
    v: Voucher,
    stage: 'descriptor' | 'callback',
  ): Promise<typeof SENT | { status: 'ERROR'; reason: string } | null> => {
    v.calls.push({ at: ledger.now(), stage, withApiKey: carriesApiKey(req) })
    reply.header('Access-Control-Allow-Origin', '*')
    const mode: VoucherMode | 'okNoPay' = v[stage]
    if (mode === 'stall') {
      if (await stalls.hold(v.stallMs)) return null
      reply.hijack() // closing: a request that was never to be answered does nothing now either
      req.raw.socket.destroy()
      return SENT
    }
    if (mode === 'garbage') {
      reply.code(200).header('content-type', 'application/json').send(GARBAGE_BODY)
      return SENT
    }
    if (mode === 'error') return { status: 'ERROR', reason: v.errorReason }
    return null
  }

  app.get<{ Params: Params }>(`${VOUCHER_PATH}/:id`, async (req, reply) => {
    const v = ledger.vouchers.get(req.params.id)
    if (!v) return reply.code(404).send({ status: 'ERROR', reason: 'Unknown voucher' })
    const odd = await misbehave(req, reply, v, 'descriptor')
    if (odd === SENT) return reply
    if (odd) return odd
    const why = ledger.voucherUnusable(v)
    if (why) return { status: 'ERROR', reason: why }
    return {
      tag: 'withdrawRequest',
      callback: `${voucherUrl(baseUrl(req), v.id)}/callback`,
      k1: v.k1,
      minWithdrawable: v.minMsat,
      maxWithdrawable: v.maxMsat,
      defaultDescription: v.description,
    }
  })

  app.get<{ Params: Params }>(`${VOUCHER_PATH}/:id/callback`, async (req, reply) => {
    const v = ledger.vouchers.get(req.params.id)
    if (!v) return reply.code(404).send({ status: 'ERROR', reason: 'Unknown voucher' })
    const odd = await misbehave(req, reply, v, 'callback')
    if (odd === SENT) return reply
    if (odd) return odd
    const q = queryOf(req)
    try {
      const { invoice, amountMsat } = ledger.claimVoucher(v.id, q.k1 ?? null, q.pr ?? null)
      if (v.callback === 'okNoPay') return { status: 'OK' }
      if (v.payAfterMs <= 0) ledger.payClaim(v.id, invoice, amountMsat)
      else {
        const timer = setTimeout(() => {
          timers.delete(timer)
          ledger.payClaim(v.id, invoice, amountMsat)
        }, v.payAfterMs)
        timers.add(timer)
      }
      return { status: 'OK' }
    } catch (e) {
      if (e instanceof LnurlError) return { status: 'ERROR', reason: e.message }
      throw e
    }
  })
}
