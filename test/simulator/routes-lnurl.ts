// The service's LNURL links: one-time withdraw links (LUD-03) and each wallet's static
// LNURL-pay link (LUD-06). Their LNURL endpoints take no API key: third-party wallets call them.
// See docs/service.md.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { encodeLnurl } from '../../shared/lnurl'
import { authenticate, BAD_PASSTHRU, baseUrl, intField, passThruField, queryOf, stringField, walletFor } from './http'
import { type Ledger, LnurlError, type PayLink, SimError, type WithdrawToken } from './state'

type Params = { key: string }

/** LNURL endpoints answer `{"status":"ERROR","reason":…}` with HTTP 200 for what they refuse. */
function lnurlRefusal(e: unknown) {
  if (e instanceof LnurlError || e instanceof SimError) return { status: 'ERROR', reason: e.message }
  throw e
}

/** A withdraw link's `passThru`: a JSON object, as text or (as the published server reads it) base64 of it. */
function linkPassThru(raw: string | undefined): Record<string, unknown> {
  if (raw == null || raw === '') return {}
  const text = /^\s*\{/.test(raw) ? raw : Buffer.from(raw, 'base64').toString('utf8')
  return passThruField({ passThru: text }, BAD_PASSTHRU)
}

export function registerLnurl(app: FastifyInstance, ledger: Ledger): void {
  app.get<{ Params: Params }>('/v1/wallet/:key/lnurl/withdraw', async (req) => {
    const w = walletFor(ledger, authenticate(ledger, req), req.params.key, 'send')
    const q = queryOf(req)
    const numSatoshis = intField(q, 'num_satoshis', { min: 1 }) ?? null
    const memo = stringField(q, 'memo', { max: 639 }) ?? 'Withdraw'
    const passThru = linkPassThru(q.passThru)
    const t = ledger.mintWithdraw(w.id, numSatoshis, memo, passThru)
    const url = new URL(`/v1/wallet/${w.keys.lnurlw}/lnurl-process`, baseUrl(req))
    url.searchParams.set('ott', t.ott)
    if (numSatoshis != null) url.searchParams.set('num_satoshis', String(numSatoshis))
    url.searchParams.set('memo', memo)
    url.searchParams.set('tag', 'withdraw')
    // the published link carries it too; what counts is the copy kept with the token
    if (Object.keys(passThru).length > 0)
      url.searchParams.set('passThru', Buffer.from(JSON.stringify(passThru)).toString('base64'))
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
      if (t.kind === 'balance') return descriptor(req, key, ledger.mintWithdraw(w.id, null, t.memo, t.passThru))
      if (t.spent) throw new LnurlError('This withdraw link has been used and is no longer valid')
      return descriptor(req, key, t)
    } catch (e) {
      return lnurlRefusal(e)
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

  // ---------- static LNURL-pay links ----------

  const linkUrl = (req: FastifyRequest, link: PayLink) => {
    const w = ledger.wallets.get(link.walletId)
    return `${baseUrl(req)}/v1/wallet/${w?.keys.lnurlp}/lnurlp/${link.id}`
  }

  // A wallet's link (its `default_lnurlpay_id`), with any key of its account. An unknown id is the
  // published server's 500.
  app.get<{ Params: { id: string } }>('/v1/lnurlp/:id', async (req) => {
    const caller = authenticate(ledger, req)
    const link = ledger.payLinks.get(req.params.id)
    const w = link ? ledger.wallets.get(link.walletId) : undefined
    if (!link || !w || w.accountId !== caller.accountId) throw new SimError(500, 'Unknown lnurlpay id')
    const decoded = linkUrl(req, link)
    return {
      id: link.id,
      created_at: link.createdAt,
      updated_at: link.createdAt,
      wallet_id: w.id,
      user_label: `LNURL-pay ${w.label ?? ''}`.trim(),
      lnurl_encoded: encodeLnurl(decoded),
      lnurl_decoded: decoded,
      lnurlp_minSendable_msat: link.minMsat,
      lnurlp_maxSendable_msat: link.maxMsat,
      lnurlp_short_desc: link.shortDesc,
      lnurlp_identifier: null,
      statusType: { type: 'lnurl', name: 'lnurl_active', display_name: 'LNURL Active' },
      custyDomain: null,
    }
  })

  // LUD-06, no API key: without `amount` the payRequest; with it (msat) a fresh invoice. Any key
  // of the link's wallet opens it, as published; the link's URL uses the LNURL-pay key.
  app.get<{ Params: { key: string; id: string } }>('/v1/wallet/:key/lnurlp/:id', async (req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
    try {
      const k = ledger.walletKey(req.params.key)
      if (!k) throw new LnurlError(`Wallet not found: ${req.params.key}`)
      const link = ledger.payLinks.get(req.params.id)
      if (!link || link.walletId !== k.walletId) throw new LnurlError('Wallet or lnurlpay link is not valid or active')
      const q = queryOf(req)
      if (q.amount == null || q.amount === '') {
        return {
          minSendable: link.minMsat,
          maxSendable: link.maxMsat,
          commentAllowed: link.commentAllowed,
          tag: 'payRequest',
          metadata: ledger.linkMetadata(link),
          callback: linkUrl(req, link),
        }
      }
      if (!/^\d+$/.test(q.amount)) throw new LnurlError('amount must be a whole number of millisatoshis')
      const invoice = ledger.linkInvoice(link, Number(q.amount), q.comment ?? null, true)
      return { pr: ledger.paymentRequest(invoice), routes: [] }
    } catch (e) {
      return lnurlRefusal(e)
    }
  })
}
