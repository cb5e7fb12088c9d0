// The `withdraw` extension (lnbits/withdraw: views_api.py, views_lnurl.py) and the `lnurlp`
// extension (lnbits/lnurlp: views_api.py, views_lnurl.py). Amounts of links are in sats;
// LNURL answers follow LUD-03/LUD-06 (refusals HTTP 200 `{"status":"ERROR","reason"}`).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sha256Hex } from '../bolt11'
import { baseUrl } from '../http'
import type { Ledger } from '../state'
import { SimError } from '../types'
import { LnbitsError } from './errors'
import { isoTime, setPaymentExtra } from './payments'
import type { LnbitsWallets } from './wallets'

interface WithdrawLink {
  id: string
  wallet: string
  title: string
  min_withdrawable: number
  max_withdrawable: number
  uses: number
  used: number
  wait_time: number
  is_unique: boolean
  unique_hash: string
  k1: string
  open_time: number
  created_at: number
}

interface PayLink {
  id: string
  wallet: string
  description: string
  min: number
  max: number
  comment_chars: number
  served_meta: number
  served_pr: number
  created_at: number
}

const bodyOf = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>
const int = (v: unknown, name: string, min = 1): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
    throw new LnbitsError(400, `${name}: ensure this value is greater than or equal to ${min}`)
  return v
}

export function registerLnbitsExtensions(app: FastifyInstance, ledger: Ledger, wallets: LnbitsWallets): void {
  const withdraws = new Map<string, WithdrawLink>()
  const pays = new Map<string, PayLink>()
  const wView = (req: FastifyRequest, l: WithdrawLink) => {
    const url = `${baseUrl(req)}/withdraw/api/v1/lnurl/${l.unique_hash}`
    return {
      ...l,
      created_at: isoTime(l.created_at),
      number: 0,
      usescsv: '',
      webhook_url: null,
      webhook_headers: null,
      webhook_body: null,
      custom_url: null,
      enabled: true,
      lnurl: null,
      lnurl_url: url,
    }
  }
  const pView = (l: PayLink) => ({
    ...l,
    created_at: isoTime(l.created_at),
    updated_at: isoTime(l.created_at),
    lnurl: null,
    username: null,
    zaps: false,
    webhook_url: null,
    webhook_headers: null,
    webhook_body: null,
    success_text: null,
    success_url: null,
    currency: null,
    fiat_base_multiplier: 100,
    disposable: true,
    domain: null,
  })

  app.get('/withdraw/api/v1/links', async (req) => {
    const { wallet } = wallets.authenticate(req, 'invoice')
    const q = req.query as Record<string, string | undefined>
    const mine = [...withdraws.values()].filter((l) => l.wallet === wallet.id)
    const offset = Number(q.offset ?? 0) || 0
    const limit = Number(q.limit ?? 0) || mine.length
    return { data: mine.slice(offset, offset + limit).map((l) => wView(req, l)), total: mine.length }
  })
  app.post('/withdraw/api/v1/links', async (req, reply) => {
    const { wallet } = wallets.authenticate(req, 'admin')
    const b = bodyOf(req)
    const uses = int(b.uses, 'uses')
    if (uses > 250) throw new LnbitsError(400, '250 uses max.')
    const min = int(b.min_withdrawable, 'min_withdrawable')
    const max = int(b.max_withdrawable, 'max_withdrawable')
    if (max < min) throw new LnbitsError(400, '`max_withdrawable` needs to be at least `min_withdrawable`.')
    const l: WithdrawLink = {
      id: ledger.token(11),
      wallet: wallet.id,
      title: String(b.title ?? ''),
      min_withdrawable: min,
      max_withdrawable: max,
      uses,
      used: 0,
      wait_time: int(b.wait_time, 'wait_time'),
      is_unique: b.is_unique === true,
      unique_hash: ledger.token(22),
      k1: ledger.hex(32),
      open_time: ledger.now(),
      created_at: ledger.now(),
    }
    withdraws.set(l.id, l)
    return reply.code(201).send(wView(req, l))
  })
  const byHash = (h: string) => [...withdraws.values()].find((l) => l.unique_hash === h)
  app.get('/withdraw/api/v1/lnurl/:hash', async (req) => {
    const l = byHash((req.params as { hash: string }).hash)
    if (!l) return { status: 'ERROR', reason: 'Withdraw link does not exist.' }
    if (l.used >= l.uses) return { status: 'ERROR', reason: 'Withdraw is spent.' }
    return {
      tag: 'withdrawRequest',
      callback: `${baseUrl(req)}/withdraw/api/v1/lnurl/cb/${l.unique_hash}`,
      k1: l.k1,
      minWithdrawable: l.min_withdrawable * 1000,
      maxWithdrawable: l.max_withdrawable * 1000,
      defaultDescription: l.title,
    }
  })
  app.get('/withdraw/api/v1/lnurl/cb/:hash', async (req) => {
    const l = byHash((req.params as { hash: string }).hash)
    const q = req.query as Record<string, string | undefined>
    if (!l) return { status: 'ERROR', reason: 'withdraw link not found.' }
    if (l.used >= l.uses) return { status: 'ERROR', reason: 'withdraw is spent.' }
    if (q.k1 !== l.k1) return { status: 'ERROR', reason: 'k1 is wrong.' }
    const now = ledger.now()
    if (l.used > 0 && now < l.open_time) return { status: 'ERROR', reason: `Wait ${l.open_time - now} seconds.` }
    const simId = wallets.byLnbitsId(l.wallet)?.simId
    try {
      const { lnTx } = ledger.payInvoice(simId ?? '', q.pr ?? '', {
        minMsat: l.min_withdrawable * 1000,
        maxMsat: l.max_withdrawable * 1000,
      })
      setPaymentExtra(ledger, lnTx.id, { tag: 'withdraw', withdrawal_link_id: l.id })
    } catch (err) {
      if (err instanceof SimError) return { status: 'ERROR', reason: `withdraw not working. ${err.message}` }
      throw err
    }
    l.used += 1
    l.open_time = now + l.wait_time
    l.k1 = ledger.hex(32)
    return { status: 'OK' }
  })

  app.get('/lnurlp/api/v1/links', async (req) => {
    const { wallet } = wallets.authenticate(req, 'invoice')
    return [...pays.values()].filter((l) => l.wallet === wallet.id).map(pView)
  })
  app.post('/lnurlp/api/v1/links', async (req, reply) => {
    const { wallet } = wallets.authenticate(req, 'admin')
    const b = bodyOf(req)
    const min = Number(b.min ?? 1)
    const max = Number(b.max ?? 1)
    if (min > max) throw new LnbitsError(400, 'Min is greater than max.')
    if (!Number.isInteger(min) || !Number.isInteger(max)) throw new LnbitsError(400, 'Must use full satoshis.')
    const l: PayLink = {
      id: ledger.token(6),
      wallet: wallet.id,
      description: String(b.description ?? ''),
      min,
      max,
      comment_chars: Number(b.comment_chars ?? 0),
      served_meta: 0,
      served_pr: 0,
      created_at: ledger.now(),
    }
    pays.set(l.id, l)
    return reply.code(201).send(pView(l))
  })
  const metadata = (l: PayLink) => JSON.stringify([['text/plain', l.description]])
  app.get('/lnurlp/:id', async (req) => {
    const l = pays.get((req.params as { id: string }).id)
    if (!l) return { status: 'ERROR', reason: 'Pay link does not exist.' }
    l.served_meta += 1
    return {
      tag: 'payRequest',
      callback: `${baseUrl(req)}/lnurlp/api/v1/lnurl/cb/${l.id}`,
      minSendable: l.min * 1000,
      maxSendable: l.max * 1000,
      metadata: metadata(l),
      ...(l.comment_chars > 0 && { commentAllowed: l.comment_chars }),
    }
  })
  app.get('/lnurlp/api/v1/lnurl/cb/:id', async (req) => {
    const l = pays.get((req.params as { id: string }).id)
    if (!l) return { status: 'ERROR', reason: 'Pay link does not exist.' }
    const amount = Number((req.query as Record<string, string | undefined>).amount)
    if (!(amount >= l.min * 1000))
      return { status: 'ERROR', reason: `Amount ${amount} is smaller than minimum ${l.min * 1000}.` }
    if (amount > l.max * 1000)
      return { status: 'ERROR', reason: `Amount ${amount} is greater than maximum ${l.max * 1000}.` }
    const simId = wallets.byLnbitsId(l.wallet)?.simId ?? ''
    const descriptionHash = sha256Hex(Buffer.from(metadata(l)).toString('hex'))
    const t = ledger.createInvoice(
      simId,
      { amountSat: Math.floor(amount / 1000), memo: l.description, descriptionHash, passThru: { lnurlp: l.id } },
      true,
    )
    const comment = (req.query as Record<string, string | undefined>).comment
    setPaymentExtra(ledger, t.id, {
      tag: 'lnurlp',
      link: l.id,
      ...(comment && l.comment_chars > 0 && { comment: comment.slice(0, l.comment_chars) }),
    })
    l.served_pr += 1
    return { pr: ledger.paymentRequest(t), routes: [] }
  })
}
