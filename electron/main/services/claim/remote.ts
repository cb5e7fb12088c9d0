// GETs to an LNURL server the app does not control (a voucher's issuer), reached because of a
// link from outside: https only (plain http to loopback only in the demo and tests, never in a
// packaged app), nothing on this computer or a private network unless the person confirmed that
// host (guardedFetch), no redirect followed, the answer size-capped and time-limited by
// boundedFetch, and every failure named in words for the person. Never sends the API key: it
// knows none.
import { AppError } from '@shared/errors'
import { isAllowedLnurlUrl, isLoopbackHost } from '@shared/lnurl'
import { type PrivateRange, privateHostWords } from '@shared/netAddress'
import { boundedFetch, RedirectError } from '../http/boundedFetch'
import { guardedFetch, PrivateHostError, privateRangeOfHost, type ResolveAll } from '../http/guardedFetch'
import { BodyTooLargeError } from '../http/readBody'
import { mt, mw } from '../i18n'

/** A withdraw offer is a few hundred bytes; anything near this is not one. */
export const MAX_LNURL_BYTES = 64 * 1024
export const LNURL_TIMEOUT_MS = 10_000

export type RemoteProblem = 'unsafe' | 'private' | 'unreachable' | 'timeout' | 'too_large' | 'redirect' | 'garbage'

/**
 * The other side could not be read; `message` is for the person and names the host. `status`: the
 * HTTP status of an answer that came but could not be read (`garbage`), else null.
 */
export class RemoteError extends Error {
  readonly problem: RemoteProblem
  readonly status: number | null
  constructor(problem: RemoteProblem, message: string, status: number | null = null) {
    super(message)
    this.name = 'RemoteError'
    this.problem = problem
    this.status = status
  }
}

/** An answer read as JSON, with its HTTP status (LNURL refusals come as 4xx too). */
export interface RemoteAnswer {
  status: number
  body: unknown
}

export interface RemoteOptions {
  timeoutMs?: number
  maxBytes?: number
  /**
   * Plain http to a loopback host may be used: only for the demo and tests, where the account's
   * own service is on loopback too, and never in a packaged app. Default: never.
   */
  plainHttp?: () => boolean
  resolve?: ResolveAll
}

export interface Remote {
  /** A GET whose answer is JSON, whatever its HTTP status. */
  get(url: string, confirmed?: readonly string[]): Promise<RemoteAnswer>
  /** Where the URL's host resolves: a private range, or null (public, or it does not resolve). */
  privateRange(url: string): Promise<PrivateRange | null>
}

/** The host a person recognises, e.g. `sats.example` (with its port on loopback). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'the other side'
  }
}

export function createRemote(o: RemoteOptions = {}): Remote {
  const timeoutMs = o.timeoutMs ?? LNURL_TIMEOUT_MS
  const maxBytes = o.maxBytes ?? MAX_LNURL_BYTES
  const plainHttp = o.plainHttp ?? (() => false)
  return {
    async get(url, confirmed = []) {
      const host = hostOf(url)
      if (!allowed(url, plainHttp())) throw new RemoteError('unsafe', mt('claim.noHttps', { host }))
      const get = boundedFetch(guardedFetch({ confirmed: new Set(confirmed), resolve: o.resolve }), {
        timeoutMs,
        maxBytes,
      })
      let text: string
      let status: number
      try {
        // no cookies, no referrer: nothing of the app goes along
        const res = await get(url, { headers: { accept: 'application/json' } })
        status = res.status
        text = await res.text()
      } catch (err) {
        throw describe(err, host, timeoutMs)
      }
      try {
        return { status, body: JSON.parse(text) as unknown }
      } catch {
        throw new RemoteError('garbage', mt('claim.notAnOffer', { host }), status)
      }
    },
    async privateRange(url) {
      let timer: ReturnType<typeof setTimeout> | undefined
      // a resolver that hangs says nothing: the GET itself checks again as it connects
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs)
      })
      try {
        return await Promise.race([privateRangeOfHost(new URL(url), o.resolve), late])
      } catch {
        return null // a name that does not resolve is reached by nobody; its GET says so
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

/**
 * When plain http may be used: never in a packaged app; elsewhere only while the active
 * account's own service is on loopback (the demo, the tests and their simulator).
 */
export function plainHttpWhen(packaged: boolean, serviceUrl: () => string | undefined): () => boolean {
  return () => {
    if (packaged) return false
    const url = serviceUrl()
    return url !== undefined && isLoopbackHost(new URL(url).hostname)
  }
}

/** https; plain http only to a loopback host, and only where the demo and tests allow it. */
function allowed(url: string, plainHttp: boolean): boolean {
  // the forms a link may take at all (no `user@`, which shows one host and goes to another)
  if (!isAllowedLnurlUrl(url)) return false
  const u = new URL(url)
  return u.protocol === 'https:' || (plainHttp && isLoopbackHost(u.hostname))
}

function describe(err: unknown, host: string, timeoutMs: number): RemoteError {
  const cause = (err as { cause?: unknown } | null)?.cause
  const blocked = err instanceof PrivateHostError ? err : cause instanceof PrivateHostError ? cause : null
  if (blocked) return new RemoteError('private', mw(privateHostWords(host, blocked.range)))
  if (err instanceof RedirectError) return new RemoteError('redirect', mt('claim.redirect', { host }))
  if (err instanceof BodyTooLargeError) return new RemoteError('too_large', mt('claim.tooLarge', { host }))
  const name = (err as { name?: unknown } | null)?.name
  if (name === 'TimeoutError' || name === 'AbortError') return new RemoteError('timeout', seconds(host, timeoutMs))
  return new RemoteError('unreachable', mt('claim.unreachable', { host }))
}

const seconds = (host: string, ms: number) =>
  ms < 2000
    ? mt('claim.timeoutMs', { host, ms: String(ms) })
    : mt('claim.timeoutSeconds', { host, seconds: Math.round(ms / 1000) })

/** The failure as an AppError the person can read; `private_host` is the Claim screen's cue for its warning. */
export function remoteAppError(err: RemoteError): AppError {
  const code =
    err.problem === 'timeout'
      ? 'timeout'
      : err.problem === 'unreachable'
        ? 'network'
        : err.problem === 'private'
          ? 'private_host'
          : 'lnurl_error'
  return new AppError(code, err.message, { cause: err, retryable: code === 'timeout' || code === 'network' })
}
