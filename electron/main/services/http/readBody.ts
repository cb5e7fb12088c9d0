// Reads an HTTP answer's body with a size cap and a deadline. fetch's own `text()`/`json()` read
// whatever arrives for as long as it takes: a server that sends 50 MB, or headers and then
// nothing, would fill memory or keep the caller waiting for ever. Used for every answer the app
// reads from the network, error answers included.

/** The largest body the app reads from any server. The service's answers are a few kB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024

/** The body is larger than the cap (by its Content-Length or by what actually arrived). */
export class BodyTooLargeError extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(`The answer is larger than ${limit} bytes.`)
    this.name = 'BodyTooLargeError'
    this.limit = limit
  }
}

export interface ReadBodyOptions {
  /** the whole body must have arrived by then; rejects with a DOMException named TimeoutError */
  timeoutMs: number
  /** defaults to MAX_BODY_BYTES */
  maxBytes?: number
  /** stops the read early (rejects with the signal's reason) */
  signal?: AbortSignal
}

/**
 * The body's bytes, or a rejection: BodyTooLargeError past the cap, a TimeoutError past the
 * deadline, the signal's reason on abort, or the stream's own error (a cut connection). On any
 * of these the body is cancelled, which lets go of the connection.
 */
export async function readBody(res: Response, opts: ReadBodyOptions): Promise<Uint8Array<ArrayBuffer>> {
  const maxBytes = opts.maxBytes ?? MAX_BODY_BYTES
  const body = res.body
  // Fast path only: a missing, wrong or compressed length is caught below as the bytes arrive.
  const declared = Number(res.headers.get('content-length') ?? 0)
  if (declared > maxBytes || opts.signal?.aborted) {
    await body?.cancel().catch(() => undefined)
    opts.signal?.throwIfAborted()
    throw new BodyTooLargeError(maxBytes)
  }
  if (!body) return new Uint8Array(0)

  const reader = body.getReader()
  let stopped = false
  const reading = (async () => {
    const chunks: Uint8Array[] = []
    let total = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (stopped) return new Uint8Array(0)
      if (done) return join(chunks, total)
      total += value.byteLength
      if (total > maxBytes) throw new BodyTooLargeError(maxBytes)
      chunks.push(value)
    }
  })()
  // After a stop the read may still fail (the cancelled stream); nobody waits for it then.
  reading.catch(() => undefined)

  let halt: (reason: unknown) => void = () => undefined
  const halted = new Promise<never>((_, reject) => {
    halt = reject
  })
  const timer = setTimeout(
    () => halt(new DOMException(`The answer did not arrive within ${opts.timeoutMs} ms.`, 'TimeoutError')),
    opts.timeoutMs,
  )
  const onAbort = () => halt(opts.signal?.reason)
  opts.signal?.addEventListener('abort', onAbort, { once: true })
  try {
    return await Promise.race([reading, halted])
  } catch (err) {
    stopped = true
    void reader.cancel().catch(() => undefined)
    throw err
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onAbort)
  }
}

function join(chunks: Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}
