// A fetch for talking to servers the app does not control: no redirects, and the whole answer
// (headers and body, error answers too) read under one deadline and the size cap before the
// caller sees it. The caller gets a Response whose body is already in memory.
import { MAX_BODY_BYTES, readBody } from './readBody'

/**
 * The server answered with a redirect, which is never followed: a followed redirect would carry
 * the request's credentials (a header, or a key in the query) to whatever address it names,
 * even a plain-http one. `location` is the target's origin and path only, never its query.
 */
export class RedirectError extends Error {
  readonly status: number
  readonly location: string | undefined
  constructor(status: number, location: string | undefined) {
    super(`The server answered with a redirect (HTTP ${status}) that was not followed.`)
    this.name = 'RedirectError'
    this.status = status
    this.location = location
  }
}

export interface BoundedFetchOptions {
  timeoutMs: number
  maxBytes?: number
}

/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

export function boundedFetch(inner: typeof fetch, opts: BoundedFetchOptions): typeof fetch {
  const maxBytes = opts.maxBytes ?? MAX_BODY_BYTES
  return async (input, init) => {
    const started = performance.now()
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
    // One controller and one timer for the whole exchange, both let go of when it ends: per call
    // far cheaper than AbortSignal.timeout + AbortSignal.any, whose timers outlive the answer.
    const stop = new AbortController()
    const deadline = setTimeout(
      () => stop.abort(new DOMException(`The answer did not arrive within ${opts.timeoutMs} ms.`, 'TimeoutError')),
      opts.timeoutMs,
    )
    const onCallerAbort = () => stop.abort(callerSignal?.reason)
    if (callerSignal?.aborted) onCallerAbort()
    else callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
    try {
      const res = await inner(input, { ...init, redirect: 'manual', signal: stop.signal })
      if (res.redirected || res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
        await res.body?.cancel().catch(() => undefined)
        throw new RedirectError(res.status, redirectTarget(res))
      }
      const bytes = await readBody(res, {
        timeoutMs: Math.max(0, opts.timeoutMs - (performance.now() - started)),
        maxBytes,
        signal: stop.signal,
      })
      return new Response(NULL_BODY.has(res.status) ? null : bytes, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      })
    } finally {
      clearTimeout(deadline)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    }
  }
}

/** Where a redirect points, as origin and path (no user info, query or fragment). */
function redirectTarget(res: Response): string | undefined {
  // A fetch that followed the redirect itself (it ignored `manual`) ended at `res.url`.
  const raw = res.redirected ? res.url : res.headers.get('location')
  if (!raw) return undefined
  try {
    const u = new URL(raw, res.url || undefined)
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}${u.pathname}` : u.protocol
  } catch {
    return undefined
  }
}
