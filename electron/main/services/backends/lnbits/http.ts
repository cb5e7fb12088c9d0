// How the app talks to an LNbits server: ky with the server's address as prefix, a timeout, the
// wallet's key in the `X-API-KEY` header (never in a URL), retries for reads only, and every body
// checked by its schema. As in the service client (backends/service/createServiceClient.ts),
// boundedFetch reads each whole answer under the timeout and the size cap and refuses redirects.

import ky, { type Options } from 'ky'
import type { z } from 'zod'
import { boundedFetch } from '../../http/boundedFetch'
import { MAX_BODY_BYTES } from '../../http/readBody'
import { readRetry } from '../../http/readRetry'
import { type CallKind, errorFromThrown, unreadable } from './errors'

export interface LnbitsHttpOptions {
  /** already checked (service/baseUrl.ts) */
  baseUrl: string
  fetch?: typeof fetch
  timeoutMs?: number
  /** retries for reads; nothing else is ever sent twice */
  retries?: number
}

export interface Call<S extends z.ZodType> {
  method: 'get' | 'post'
  path: string
  kind: CallKind
  schema: S
  /** the wallet's key; null for LNbits' public LNURL routes */
  key: string | null
  search?: Record<string, string | number>
  json?: Record<string, unknown>
}

export type LnbitsCall = <S extends z.ZodType>(c: Call<S>) => Promise<z.output<S>>

export function lnbitsHttp(o: LnbitsHttpOptions): LnbitsCall {
  const timeoutMs = o.timeoutMs ?? 15_000
  const retry = readRetry(o.retries ?? 2)
  const api = ky.create({
    prefix: o.baseUrl,
    timeout: timeoutMs,
    fetch: boundedFetch(o.fetch ?? ((input, init) => fetch(input, init)), { timeoutMs, maxBytes: MAX_BODY_BYTES }),
    // a followed redirect would take the key to the address it names
    redirect: 'manual',
    headers: { Accept: 'application/json' },
    retry,
  })
  return async (c) => {
    const options: Options = { method: c.method }
    if (c.key !== null) options.headers = { 'X-Api-Key': c.key }
    if (c.search) options.searchParams = Object.fromEntries(Object.entries(c.search).map(([k, v]) => [k, String(v)]))
    if (c.json) options.json = c.json
    // a POST is never sent twice, whatever the instance says
    if (c.method === 'post') options.retry = 0
    let text: string
    try {
      text = await (await api(c.path, options)).text()
    } catch (err) {
      throw await errorFromThrown(err, c.kind, c.key ?? '')
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw unreadable(c.kind)
    }
    const parsed = c.schema.safeParse(body)
    if (!parsed.success) throw unreadable(c.kind)
    return parsed.data
  }
}
