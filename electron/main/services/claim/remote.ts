// GETs to an LNURL server the app does not control (a voucher's issuer): https only (http on
// loopback), no redirect followed, the answer size-capped and time-limited by boundedFetch, and
// every failure named in words for the person. Never sends the API key: it knows none.
import { isAllowedLnurlUrl } from '@shared/lnurl'
import { boundedFetch, RedirectError } from '../http/boundedFetch'
import { BodyTooLargeError } from '../http/readBody'

/** A withdraw offer is a few hundred bytes; anything near this is not one. */
export const MAX_LNURL_BYTES = 64 * 1024
export const LNURL_TIMEOUT_MS = 10_000

export type RemoteProblem = 'unsafe' | 'unreachable' | 'timeout' | 'too_large' | 'redirect' | 'garbage'

/** The other side could not be read; `message` is for the person and names the host. */
export class RemoteError extends Error {
  readonly problem: RemoteProblem
  constructor(problem: RemoteProblem, message: string) {
    super(message)
    this.name = 'RemoteError'
    this.problem = problem
  }
}

export interface RemoteOptions {
  fetch?: typeof fetch
  timeoutMs?: number
  maxBytes?: number
}

/** The host a person recognises, e.g. `sats.example` (with its port on loopback). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'the other side'
  }
}

export type RemoteGet = (url: string) => Promise<unknown>

/** A GET whose answer is JSON (whatever its HTTP status: LNURL refusals come as 4xx too). */
export function createRemoteGet(o: RemoteOptions = {}): RemoteGet {
  const timeoutMs = o.timeoutMs ?? LNURL_TIMEOUT_MS
  const get = boundedFetch(o.fetch ?? ((input, init) => fetch(input, init)), {
    timeoutMs,
    maxBytes: o.maxBytes ?? MAX_LNURL_BYTES,
  })
  return async (url) => {
    const host = hostOf(url)
    if (!isAllowedLnurlUrl(url))
      throw new RemoteError('unsafe', `The link leads to ${host} without https, so the app does not open it.`)
    let text: string
    try {
      // no cookies, no referrer: nothing of the app goes along
      const res = await get(url, { headers: { accept: 'application/json' }, credentials: 'omit', referrer: '' })
      text = await res.text()
    } catch (err) {
      throw describe(err, host, timeoutMs)
    }
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new RemoteError('garbage', `${host} answered something that is not a withdraw offer.`)
    }
  }
}

function describe(err: unknown, host: string, timeoutMs: number): RemoteError {
  if (err instanceof RedirectError)
    return new RemoteError('redirect', `${host} sent the app elsewhere (a redirect), which is not followed.`)
  if (err instanceof BodyTooLargeError)
    return new RemoteError('too_large', `${host} answered with far too much data, so it was not read.`)
  const name = (err as { name?: unknown } | null)?.name
  if (name === 'TimeoutError' || name === 'AbortError')
    return new RemoteError('timeout', `${host} did not answer within ${seconds(timeoutMs)}.`)
  return new RemoteError('unreachable', `${host} could not be reached.`)
}

const seconds = (ms: number) => (ms < 2000 ? `${ms} ms` : `${Math.round(ms / 1000)} seconds`)
