// An LNbits account's client in the app's terms (backends/types.ts; docs/lnbits.md). Each wallet
// is reached with its own key; which key opens which wallet, and whether it may pay, is read from
// `GET /api/v1/wallet` (keys.ts). Paying is one POST, never sent twice: a 520 that is not `failed`,
// a 5xx, a timeout or an unreadable answer is an unknown outcome, checked later by payment hash.
import { AppError } from '@shared/errors'
import { mt } from '../../i18n'
import { checkBaseUrl } from '../service/baseUrl'
import type {
  BackendHistoryPage,
  BackendInvoice,
  BackendPayment,
  BackendTransfer,
  NewInvoiceInput,
  PayInvoiceParams,
} from '../types'
import { type LnbitsCall, lnbitsHttp } from './http'
import { keysOf, type WalletKey, walletKey } from './keys'
import { createPayLink, firstPayLinkId, type LnbitsOffers, mintWithdraw, offersOf, staticLink } from './links'
import type { PushLinks } from './push'
import { FeeReserve, LnbitsPayment, LnbitsWallet, PAGE_MAX, PaymentLookup, PaymentPage } from './schemas'
import { invoiceOf, invoiceStateOf, rowOf, rowsOf, settled, walletOf } from './translate'
import type { LnbitsClient, LnbitsClientOptions, TransferInput } from './types'

export type { LnbitsOffers } from './links'

export type { LnbitsClient, LnbitsClientOptions, TransferInput } from './types'

const seg = (s: string) => encodeURIComponent(s)
/** invoices whose wallet is remembered for a read by hash */
const MADE_BY_MAX = 1_000

export function createLnbitsClient(o: LnbitsClientOptions): LnbitsClient {
  const baseUrl = checkBaseUrl(o.baseUrl)
  const call = lnbitsHttp({ baseUrl, fetch: o.fetch, timeoutMs: o.timeoutMs, retries: o.retries })
  const wallets = walletIndex(call, o)
  const links = new Map<string, string>()
  // wallets whose pay links were looked at: a balance read does not list them again each time
  const looked = new Set<string>()
  let offers: Promise<LnbitsOffers> | undefined
  const offersNow = async () => {
    const first = (await wallets.ids())[0]
    offers ??= offersOf(call, first?.key ?? '').catch((err) => {
      offers = undefined
      throw err
    })
    return offers
  }
  const withLink = async (w: { k: WalletKey; w: LnbitsWallet }) => {
    if (!looked.has(w.k.walletId) && (await offersNow()).lnurlp) {
      const id = await firstPayLinkId(call, w.k.key, w.w.id)
      if (id) links.set(w.k.walletId, id)
      looked.add(w.k.walletId)
    }
    return walletOf(w.k.walletId, w.w, links.get(w.k.walletId))
  }
  const core = coreCalls(call, wallets, o.push)
  return {
    baseUrl,
    listWallets: async () => Promise.all((await wallets.all(true)).map(withLink)),
    getWallet: async (walletId) => withLink(await wallets.read(walletId)),
    // getWallet's balance read as a plain GET, for the relays' worker (balanceRead.ts): the wallet's own key
    balanceRead: async (walletId) => ({
      url: `${baseUrl}/api/v1/wallet`,
      headers: { Accept: 'application/json', 'X-Api-Key': (await wallets.key(walletId)).key },
      shape: 'lnbits' as const,
    }),
    canPay: async (walletId) => (await wallets.key(walletId)).role === 'admin',
    offers: async () => ({
      ...(await offersNow()),
      paying: (await wallets.ids()).filter((k) => k.role === 'admin').map((k) => k.walletId),
    }),
    ...core,
    // no key: the route is public, and the invoice is no secret (docs/lnbits.md, "Fees")
    feeReserveMsat: async (pr) =>
      (
        await call({
          method: 'get',
          path: 'api/v1/payments/fee-reserve',
          kind: 'read',
          schema: FeeReserve,
          key: null,
          search: { invoice: pr },
        })
      ).fee_reserve,
    getStaticLink: (id) => staticLink(call, baseUrl, id),
    async ensureStaticLink(walletId) {
      const w = await wallets.read(walletId)
      const known =
        links.get(walletId) ?? ((await offersNow()).lnurlp ? await firstPayLinkId(call, w.k.key, w.w.id) : undefined)
      if (known) return known
      if (!(await offersNow()).lnurlp) throw new AppError('invalid_input', mt('lnbits.noLnurlp'))
      const id = await createPayLink(call, (await admin(wallets, walletId)).key, w.w.name, 1_000_000)
      links.set(walletId, id)
      return id
    },
    async mintWithdrawLink(walletId, input) {
      if (!(await offersNow()).withdraw) throw new AppError('invalid_input', mt('lnbits.noWithdraw'))
      const k = await admin(wallets, walletId)
      return mintWithdraw(call, k.key, { sats: input.amountSat, memo: input.memo, uses: input.uses })
    },
    listAccountTransactions: () => cannot(),
    probe: () => cannot(),
    payLightningAddress: () => cannot(),
    createWallet: () => cannot(),
    close: () => o.push?.close(),
  }
}

/** what an LNbits wallet key cannot ask of its server (main reads the capabilities first) */
const cannot = (): Promise<never> =>
  Promise.reject(new AppError('forbidden', mt('lnbits.cannot'), { retryable: false }))

/** the admin key of a wallet, or the plain refusal of a receive-only one (before anything is sent) */
async function admin(wallets: WalletIndex, walletId: string): Promise<WalletKey> {
  const k = await wallets.key(walletId)
  if (k.role !== 'admin') throw new AppError('forbidden', mt('lnbits.receiveOnly'), { retryable: false })
  return k
}

type WalletIndex = ReturnType<typeof walletIndex>

/** Which key opens which wallet: read once per secret, every balance read again when asked. */
function walletIndex(call: LnbitsCall, o: Pick<LnbitsClientOptions, 'secret' | 'push'>) {
  let known: { secret: string; byId: Map<string, WalletKey> } | undefined
  const readOne = async (key: string) => {
    const w = await call({ method: 'get', path: 'api/v1/wallet', kind: 'read', schema: LnbitsWallet, key })
    return { k: walletKey(key, w.id), w }
  }
  async function all(fresh = false) {
    const secret = await o.secret()
    if (!fresh && known?.secret === secret) return Promise.all([...known.byId.values()].map((k) => readOne(k.key)))
    const read = await Promise.all(keysOf(secret).map(readOne))
    known = { secret, byId: new Map(read.map((r) => [r.k.walletId, r.k])) }
    for (const r of read) if (r.k.pushItem) o.push?.watch(r.k.pushItem)
    return read
  }
  async function key(walletId: string): Promise<WalletKey> {
    const secret = await o.secret()
    if (known?.secret !== secret || !known.byId.has(walletId)) await all(true)
    const k = known?.byId.get(walletId)
    if (!k) throw new AppError('not_found', mt('lnbits.noSuchWallet'))
    return k
  }
  return {
    all,
    key,
    read: async (walletId: string) => readOne((await key(walletId)).key),
    /** every wallet's key, read from the server only when the secret is new */
    ids: async () => {
      if (known?.secret !== (await o.secret())) await all(true)
      return [...(known?.byId.values() ?? [])]
    },
  }
}

/** balance aside: history, invoices, paying and moving between wallets */
function coreCalls(call: LnbitsCall, wallets: WalletIndex, push: PushLinks | undefined) {
  // which wallet made an invoice: a read by hash asks that wallet first
  const madeBy = new Map<string, string>()
  const readWith = async (k: WalletKey, paymentHash: string) => {
    const path = `api/v1/payments/${seg(paymentHash)}`
    try {
      return (await call({ method: 'get', path, kind: 'read', schema: PaymentLookup, key: k.key })).details ?? null
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return null
      throw err
    }
  }
  /**
   * A payment by hash. One hash may be two payments of the account (an invoice of one wallet paid
   * by another): without a wallet, the invoice (the incoming one) is the answer.
   */
  async function lookup(paymentHash: string, walletId?: string) {
    const hash = paymentHash.toLowerCase()
    const first = walletId ?? madeBy.get(hash)
    const all = await wallets.ids()
    const keys = first ? [await wallets.key(first), ...(walletId ? [] : all.filter((k) => k.walletId !== first))] : all
    let outgoing: { k: WalletKey; p: LnbitsPayment } | undefined
    for (const k of keys) {
      const p = await readWith(k, hash)
      if (p && p.amount > 0) return { k, p }
      if (p) outgoing ??= { k, p }
    }
    if (outgoing) return outgoing
    throw new AppError('not_found', mt('lnbits.paymentNotFound'))
  }

  async function createInvoice(walletId: string, input: NewInvoiceInput): Promise<BackendInvoice> {
    // LNbits makes no amountless invoice (services/payments.py), and its `sat` unit is whole sats
    if (input.amountMsat === undefined) throw new AppError('invalid_input', mt('lnbits.amountNeeded'))
    if (!Number.isSafeInteger(input.amountMsat) || input.amountMsat <= 0 || input.amountMsat % 1000 !== 0)
      throw new AppError('invalid_input', mt('lnbits.wholeSats'))
    const k = await wallets.key(walletId)
    const json: Record<string, unknown> = {
      out: false,
      amount: input.amountMsat / 1000,
      unit: 'sat',
      memo: input.memo.slice(0, 640),
    }
    if (input.expirySec !== undefined) json.expiry = input.expirySec
    if (input.descriptionHash !== undefined) json.description_hash = input.descriptionHash
    const p = await call({
      method: 'post',
      path: 'api/v1/payments',
      kind: 'create',
      schema: LnbitsPayment,
      key: k.key,
      json,
    })
    if (!p.bolt11 || p.amount !== input.amountMsat) throw new AppError('service_error', mt('lnbits.unreadable'))
    madeBy.set(p.payment_hash.toLowerCase(), walletId)
    // a hint, not a record: the oldest go first
    if (madeBy.size > MADE_BY_MAX) madeBy.delete(madeBy.keys().next().value ?? '')
    // a wallet known by its admin key hears of this invoice on the invoice's own item
    if (k.role === 'admin') push?.watch(p.payment_hash, { once: true })
    return invoiceOf(p)
  }

  async function payInvoice(walletId: string, params: PayInvoiceParams): Promise<BackendPayment> {
    const k = await admin(wallets, walletId)
    const json = { out: true, bolt11: params.paymentRequest, extra: params.notes }
    const p = await call({
      method: 'post',
      path: 'api/v1/payments',
      kind: 'money',
      schema: LnbitsPayment,
      key: k.key,
      json,
    })
    if (p.status === 'failed') throw new AppError('invalid_input', mt('lnbits.payFailed'), { retryable: false })
    const requestId = params.notes.requestId
    return {
      state: settled(p) ? 'settled' : 'pending',
      row: settled(p) ? rowOf(walletId, p, requestId) : null,
      paymentHash: p.payment_hash.toLowerCase(),
      preimage: invoiceOf(p).preimage,
      feeMsat: Math.abs(p.fee ?? 0),
    }
  }

  return {
    async listTransactions(walletId: string, page: number, perPage: number): Promise<BackendHistoryPage> {
      const k = await wallets.key(walletId)
      const limit = Math.max(1, Math.min(PAGE_MAX, Math.floor(perPage)))
      const search = { limit, offset: (Math.max(1, Math.floor(page)) - 1) * limit, sortby: 'time', direction: 'desc' }
      const got = await call({
        method: 'get',
        path: 'api/v1/payments/paginated',
        kind: 'read',
        schema: PaymentPage,
        key: k.key,
        search,
      })
      const last = got.data.at(-1)
      return {
        rows: got.data.filter(settled).flatMap((p) => rowsOf(walletId, p)),
        page,
        perPage: limit,
        pageCount: Math.ceil(got.total / limit),
        totalCount: got.total,
        ...(last ? { oldestListed: last.time } : {}),
      }
    },
    createInvoice,
    getInvoice: async (hash: string, walletId?: string) => invoiceOf((await lookup(hash, walletId)).p),
    invoiceState: async (hash: string, walletId?: string) => invoiceStateOf((await lookup(hash, walletId)).p),
    payInvoice,
    async transfer(walletId: string, t: TransferInput): Promise<BackendTransfer> {
      if (walletId === t.toWalletId) throw new AppError('invalid_input', mt('lnbits.sameWallet'))
      await admin(wallets, walletId)
      const inv = await createInvoice(t.toWalletId, { amountMsat: t.amountSat * 1000, memo: t.memo ?? '' })
      const paid = await payInvoice(walletId, { paymentRequest: inv.paymentRequest, feeLimitMsat: 0, notes: t.notes })
      const got = await lookup(inv.paymentHash, t.toWalletId).catch(() => null)
      if (!paid.row || !got || !settled(got.p))
        throw new AppError('unknown_outcome', mt('lnbits.transferUnknown'), { retryable: false })
      return { out: paid.row, in: rowOf(t.toWalletId, got.p) }
    },
  }
}
