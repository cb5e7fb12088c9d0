// The one way the app talks to the wallet service: ky with a prefix URL, a timeout, the key on
// every request, retries for GETs only, and every body checked with its zod schema. Under ky,
// boundedFetch reads each whole answer (error answers too) under the timeout and the size cap
// and refuses redirects, so ky and this file only ever see bodies already in memory.

import ky, { isHTTPError, type KyInstance, type Options } from 'ky'
import type { z } from 'zod'
import { boundedFetch } from '../../http/boundedFetch'
import { MAX_BODY_BYTES } from '../../http/readBody'
import { readRetry } from '../../http/readRetry'
import { authParts } from './auth'
import { checkBaseUrl } from './baseUrl'
import { type CallKind, errorFromThrown, RouteNotFound, unreadableBody } from './errors'
import { parsePagination } from './pagination'
import {
  CreatedWallet,
  DecodedInvoice,
  LnTx,
  LnTxFields,
  ProbeResult,
  StaticLnurlPay,
  TransferResult,
  Wallet,
  WalletList,
  WalletTransaction,
  WalletTransactionList,
  WithdrawLink,
} from './schemas'
import type { InvoiceRoute, NewInvoice, ServiceClient, ServiceClientOptions } from './types'

type Search = Record<string, string | number>

interface Call<S extends z.ZodType> {
  method: 'get' | 'post'
  path: string
  kind: CallKind
  schema: S
  search?: Search
  json?: Record<string, unknown>
  /** a GET that creates something: no retries either */
  noRetry?: boolean
}

const seg = (s: string) => encodeURIComponent(s)
const notOn500 = ({ error }: { error: Error }) =>
  isHTTPError(error) && error.response.status === 500 ? false : undefined

export function createServiceClient(opts: ServiceClientOptions): ServiceClient {
  const baseUrl = checkBaseUrl(opts.baseUrl)
  // the app passes one map for all its clients; a client on its own learns the route for itself
  const invoiceRoutes = opts.invoiceRoutes ?? new Map<string, InvoiceRoute>()
  const retryOptions = readRetry(opts.retries ?? 2)
  const timeoutMs = opts.timeoutMs ?? 15_000
  const api: KyInstance = ky.create({
    prefix: baseUrl,
    timeout: timeoutMs,
    // Per attempt: a retried GET gets the whole time again.
    fetch: boundedFetch(opts.fetch ?? ((input, init) => fetch(input, init)), { timeoutMs, maxBytes: MAX_BODY_BYTES }),
    // A followed redirect would take the key to the address it names (boundedFetch insists too).
    redirect: 'manual',
    headers: { Accept: 'application/json' },
    retry: retryOptions,
  })
  // ky merges a call's options into the instance's on every call (headers included), so the key's
  // headers go into an instance made once per key; a call passes only its own options.
  let authed: { key: string; api: KyInstance; search?: Record<string, string> } | undefined
  const forKey = (key: string) => {
    if (authed?.key !== key) {
      const auth = authParts(opts.authMethod, key)
      const search = Object.keys(auth.search).length > 0 ? auth.search : undefined
      authed = { key, api: api.extend({ headers: auth.headers }), search }
    }
    return authed
  }

  async function call<S extends z.ZodType>(c: Call<S>): Promise<{ data: z.output<S>; headers: Headers }> {
    const key = await opts.getApiKey()
    const auth = forKey(key)
    const options: Options = {}
    if (c.method !== 'get') options.method = c.method
    if (c.search || auth.search) {
      const searchParams: Record<string, string> = {}
      for (const [k, v] of Object.entries(c.search ?? {})) searchParams[k] = String(v)
      options.searchParams = Object.assign(searchParams, auth.search)
    }
    if (c.json) options.json = c.json
    // Belt and braces: the instance retries only GETs, and a POST gets no retries at all.
    if (c.method === 'post' || c.noRetry) options.retry = 0
    // The service answers 500 for an address it cannot resolve: asking again will not help.
    else if (c.kind === 'probe') options.retry = { shouldRetry: notOn500 }
    let res: Response
    try {
      res = await auth.api(c.path, options)
    } catch (err) {
      throw await errorFromThrown(err, c.kind, key)
    }
    let body: unknown
    try {
      // Already in memory (boundedFetch): no wait here.
      body = JSON.parse(await res.text())
    } catch {
      throw unreadableBody(c.kind)
    }
    const parsed = c.schema.safeParse(body)
    if (!parsed.success) throw unreadableBody(c.kind)
    return { data: parsed.data, headers: res.headers }
  }

  async function createInvoice(walletKey: string, input: NewInvoice) {
    const json: Record<string, unknown> = { memo: input.memo }
    if (input.num_satoshis !== undefined) json.num_satoshis = input.num_satoshis
    if (input.expiry !== undefined) json.expiry = input.expiry
    if (input.description_hash !== undefined) json.description_hash = input.description_hash
    const send = (route: InvoiceRoute) =>
      call({
        method: 'post',
        path: route === 'legacy' ? `v1/user/wallet/${seg(walletKey)}/invoice` : `v1/wallet/${seg(walletKey)}/invoice`,
        kind: 'create',
        schema: LnTx,
        json,
      })
    const known = invoiceRoutes.get(baseUrl)
    if (known) return (await send(known)).data
    try {
      const { data } = await send('legacy')
      invoiceRoutes.set(baseUrl, 'legacy')
      return data
    } catch (err) {
      // A 404 is an unknown route (an unknown wallet is a 401 here): nothing was created, so
      // sending to the current path cannot make a second invoice.
      if (!(err instanceof RouteNotFound)) throw err
    }
    const { data } = await send('current')
    invoiceRoutes.set(baseUrl, 'current')
    return data
  }

  async function getLnTx(id: string, fields?: readonly string[]) {
    if (!fields) return (await call({ method: 'get', path: `v1/lntx/${seg(id)}`, kind: 'read', schema: LnTx })).data
    const { data } = await call({
      method: 'get',
      path: `v1/lntx/${seg(id)}`,
      kind: 'read',
      schema: LnTxFields,
      search: { fields: fields.join(',') },
    })
    return data
  }

  async function transactionsPage(path: string, page: number, perPage: number) {
    const { data, headers } = await call({
      method: 'get',
      path,
      kind: 'read',
      schema: WalletTransactionList,
      search: { page, 'per-page': perPage },
    })
    return { items: data, pagination: parsePagination(headers, data.length, page, perPage) }
  }

  return {
    baseUrl,
    async listWallets() {
      return (await call({ method: 'get', path: 'v1/wallets', kind: 'read', schema: WalletList })).data
    },
    async getWallet(walletKey) {
      return (await call({ method: 'get', path: `v1/wallet/${seg(walletKey)}`, kind: 'read', schema: Wallet })).data
    },
    async balanceRead(walletKey) {
      // getWallet's request as a plain GET (balanceRead.ts): the same address, key and way of sending it
      const auth = authParts(opts.authMethod, await opts.getApiKey())
      const url = new URL(`${baseUrl}/v1/wallet/${seg(walletKey)}`)
      for (const [k, v] of Object.entries(auth.search)) url.searchParams.set(k, v)
      return { url: url.toString(), headers: { Accept: 'application/json', ...auth.headers }, shape: 'service' }
    },
    async getStaticLink(lnurlpayId) {
      return (await call({ method: 'get', path: `v1/lnurlp/${seg(lnurlpayId)}`, kind: 'read', schema: StaticLnurlPay }))
        .data
    },
    createInvoice,
    getLnTx: getLnTx as ServiceClient['getLnTx'],
    listTransactions: (walletKey, page, perPage) =>
      transactionsPage(`v1/wallet/${seg(walletKey)}/transactions`, page, perPage),
    listAccountTransactions: (page, perPage) => transactionsPage('v1/wallet-transactions', page, perPage),
    async probe(addressOrLnurl) {
      return (
        await call({
          method: 'get',
          path: `v1/lnurlp/probe/${seg(addressOrLnurl)}`,
          kind: 'probe',
          schema: ProbeResult,
        })
      ).data
    },
    async payLightningAddress(walletKey, input) {
      const json: Record<string, unknown> = { ln_address: input.ln_address, amt_msat: input.amt_msat }
      if (input.comment) json.comment = input.comment
      if (input.passThru) json.passThru = input.passThru
      return (
        await call({
          method: 'post',
          path: `v1/wallet/${seg(walletKey)}/lnurlp/pay`,
          kind: 'money',
          schema: WalletTransaction,
          json,
        })
      ).data
    },
    async decodeInvoice(paymentRequest) {
      const { data } = await call({
        method: 'get',
        path: 'v1/node/default/payments/decodeinvoice',
        kind: 'read',
        schema: DecodedInvoice,
        search: { payment_request: paymentRequest },
      })
      return data
    },
    async payInvoice(walletKey, input) {
      return (
        await call({
          method: 'post',
          path: `v1/wallet/${seg(walletKey)}/withdraw`,
          kind: 'money',
          schema: WalletTransaction,
          json: { ...input },
        })
      ).data
    },
    async mintWithdrawLink(walletKey, input) {
      const search: Search = { num_satoshis: input.num_satoshis }
      if (input.memo) search.memo = input.memo
      // A GET, but it mints a new one-time token each time: not retried (a lost answer is a
      // link nobody saw; a retry would only mint another).
      const { data } = await call({
        method: 'get',
        noRetry: true,
        path: `v1/wallet/${seg(walletKey)}/lnurl/withdraw`,
        kind: 'create',
        schema: WithdrawLink,
        search,
      })
      return data
    },
    async transfer(walletKey, input) {
      const path = `v1/wallet/${seg(walletKey)}/transfer`
      return (await call({ method: 'post', path, kind: 'money', schema: TransferResult, json: { ...input } })).data
    },
    async createWallet(label) {
      const json = { user_label: label }
      return (await call({ method: 'post', path: 'v1/wallet', kind: 'create', schema: CreatedWallet, json })).data
    },
  }
}
