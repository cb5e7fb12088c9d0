// A fetch for servers named by links from outside (LNURL servers): it never connects to this
// computer or a private network unless the person confirmed that host. The check is made on the
// addresses the connection itself uses: node's `lookup` hook resolves the name once, every
// address is checked, and the socket connects only to those, so a name that answers a public
// address to a first look-up and 127.0.0.1 to the next (DNS rebinding) gains nothing.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
import { isIpAddress, type PrivateRange, privateRangeOf } from '@shared/netAddress'

/** Every address a name resolves to (node's getaddrinfo by default). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>

export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  )

/** The host (as `URL.host`, with its port) is on this computer or a private network. */
export class PrivateHostError extends Error {
  readonly host: string
  readonly range: PrivateRange
  constructor(host: string, range: PrivateRange) {
    super(`${host} is on a private address (${range}); not contacted without the person's word`)
    this.name = 'PrivateHostError'
    this.host = host
    this.range = range
  }
}

/** The most private range among a host's addresses (loopback first), or null when all are public. */
export async function privateRangeOfHost(url: URL, resolve: ResolveAll = resolveAll): Promise<PrivateRange | null> {
  const name = url.hostname.replace(/^\[|\]$/g, '')
  if (isIpAddress(name)) return privateRangeOf(name)
  return worst((await resolve(name)).map((a) => privateRangeOf(a.address)))
}

function worst(ranges: (PrivateRange | null)[]): PrivateRange | null {
  for (const r of ['loopback', 'private', 'link-local'] as const) if (ranges.includes(r)) return r
  return null
}

export interface GuardOptions {
  /** hosts (`URL.host`) the person confirmed may be contacted on a private address */
  confirmed: ReadonlySet<string>
  resolve?: ResolveAll
}

/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([204, 205, 304])

/**
 * `fetch` over node's http(s) for a GET: no cookies, no proxy, no connection reused, and no
 * private address unless confirmed (PrivateHostError, before any byte is sent).
 */
export function guardedFetch(o: GuardOptions): typeof fetch {
  const resolve = o.resolve ?? resolveAll
  return (input, init) =>
    new Promise<Response>((done, fail) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return fail(new TypeError(`${url.protocol} is not fetched`))
      const mayBePrivate = o.confirmed.has(url.host)
      const literal = privateRangeOf(url.hostname)
      if (literal && !mayBePrivate) return fail(new PrivateHostError(url.host, literal))
      // called by the socket for the addresses it connects to (not for an IP literal: checked above)
      const lookup: LookupFunction = (hostname, options, callback) => {
        resolve(hostname).then(
          (all) => {
            const range = worst(all.map((a) => privateRangeOf(a.address)))
            if (range && !mayBePrivate) return callback(new PrivateHostError(url.host, range), '', 0)
            const usable = all.filter((a) => !options.family || a.family === options.family)
            const first = usable[0]
            if (!first) return callback(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }), '', 0)
            if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable)
            callback(null, first.address, first.family)
          },
          (err: NodeJS.ErrnoException) => callback(err, '', 0),
        )
      }
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method: 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        agent: false,
        lookup,
        signal: init?.signal ?? undefined,
      })
      req.once('response', (res) => {
        try {
          done(toResponse(res))
        } catch (err) {
          res.destroy()
          fail(err)
        }
      })
      req.once('error', fail)
      req.end()
    })
}

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers()
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string)
    } catch {
      // a header fetch would refuse is left out
    }
  }
  const status = res.statusCode ?? 0
  if (NULL_BODY.has(status)) {
    res.resume()
    return new Response(null, { status, headers })
  }
  // a status outside 200–599 throws here: the caller reads it as an unreadable answer
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, headers })
}
