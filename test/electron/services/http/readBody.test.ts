// readBody against real answers from loopback servers: whole bodies come back byte for byte;
// a body past the cap, one that stops coming, a cut connection and an abort all end the read,
// and the connection is let go (the server sees the client hang up).
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { BodyTooLargeError, MAX_BODY_BYTES, readBody } from '../../../../electron/main/services/http/readBody'
import { HUGE_BYTES, type Loopback, serve, streamHuge } from '../loopback'
import { rejection } from '../support'

let server: Loopback | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A server whose every answer `answer` writes; returns its URL. */
async function answering(answer: (res: ServerResponse) => void): Promise<string> {
  server = await serve((_req, res) => answer(res))
  return server.url
}

/** Resolves when the server's answer closes (the client hung up or it ended). */
const closed = (res: ServerResponse) => new Promise<void>((r) => res.on('close', () => r()))

/** A Response of `chunks` × 1000 bytes made in memory, counting the chunks pulled from it. */
function madeUp(chunks: number, headers: Record<string, string>) {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (pulled++ < chunks) c.enqueue(new Uint8Array(1000))
        else c.close()
      },
    },
    { highWaterMark: 0 },
  )
  return { res: new Response(body, { headers }), pulls: () => pulled }
}

describe('readBody', () => {
  it('returns the whole body, sent in pieces, byte for byte', async () => {
    const parts = [Buffer.from('{"a":'), Buffer.from([0xe2, 0x82]), Buffer.from([0xac]), Buffer.from('"€"}')]
    const url = await answering((res) => {
      res.writeHead(200)
      let i = 0
      const next = () => (i < parts.length ? res.write(parts[i++], () => setTimeout(next, 5)) : res.end())
      next()
    })
    const bytes = await readBody(await fetch(url), { timeoutMs: 10_000 })
    expect(Buffer.from(bytes).equals(Buffer.concat(parts))).toBe(true)
  })

  it('an empty body is empty', async () => {
    const url = await answering((res) => {
      res.writeHead(204)
      res.end()
    })
    expect(await readBody(await fetch(url), { timeoutMs: 10_000 })).toHaveLength(0)
  })

  it('accepts exactly the cap and refuses one byte more, with or without a length', async () => {
    const size = 10_000
    let body = Buffer.alloc(size, 'x')
    let declare = true
    const url = await answering((res) => {
      res.writeHead(200, declare ? { 'content-length': String(body.length) } : {})
      res.end(body)
    })
    for (declare of [true, false]) {
      body = Buffer.alloc(size, 'x')
      expect(await readBody(await fetch(url), { timeoutMs: 10_000, maxBytes: size })).toHaveLength(size)
      body = Buffer.alloc(size + 1, 'x')
      const err = await rejection(readBody(await fetch(url), { timeoutMs: 10_000, maxBytes: size }))
      expect(err).toBeInstanceOf(BodyTooLargeError)
      expect((err as BodyTooLargeError).limit).toBe(size)
    }
  })

  it('the default cap is 4 MiB', () => {
    expect(MAX_BODY_BYTES).toBe(4 * 1024 * 1024)
  })

  it('stops reading 50 MB (no length) at the cap, and hangs up', async () => {
    let sent: Promise<number> = Promise.resolve(0)
    const url = await answering((res) => {
      sent = streamHuge(res, 200)
    })
    const err = await rejection(readBody(await fetch(url), { timeoutMs: 10_000 }))
    expect(err).toBeInstanceOf(BodyTooLargeError)
    expect(await sent).toBeLessThan(HUGE_BYTES)
  })

  it('a declared length past the cap is refused before reading, and the server is hung up on', async () => {
    let sent: Promise<number> = Promise.resolve(0)
    const url = await answering((res) => {
      sent = streamHuge(res, 200, { contentLength: true })
    })
    expect(await rejection(readBody(await fetch(url), { timeoutMs: 10_000 }))).toBeInstanceOf(BodyTooLargeError)
    expect(await sent).toBeLessThan(HUGE_BYTES)
    // Not one chunk is pulled from a body whose length is already too much.
    const { res, pulls } = madeUp(10, { 'content-length': '2501' })
    expect(await rejection(readBody(res, { timeoutMs: 10_000, maxBytes: 2_500 }))).toBeInstanceOf(BodyTooLargeError)
    expect(pulls()).toBe(0)
  })

  it('a length that understates the body is not trusted: the bytes are counted', async () => {
    // fetch itself stops at a server's Content-Length; a custom fetch may not.
    const { res, pulls } = madeUp(5, { 'content-length': '10' })
    expect(await rejection(readBody(res, { timeoutMs: 10_000, maxBytes: 2_500 }))).toBeInstanceOf(BodyTooLargeError)
    expect(pulls()).toBe(3)
  })

  it('a body that stops coming ends in a TimeoutError at the deadline, and the connection is let go', async () => {
    let hungUp: Promise<void> = Promise.resolve()
    const url = await answering((res) => {
      hungUp = closed(res)
      res.writeHead(200, { 'content-length': '100' })
      res.write('{"half":')
    })
    const res = await fetch(url)
    const started = performance.now()
    const err = await rejection(readBody(res, { timeoutMs: 300 }))
    expect(err).toBeInstanceOf(DOMException)
    expect((err as DOMException).name).toBe('TimeoutError')
    expect(performance.now() - started).toBeLessThan(5 * 300)
    await hungUp
  })

  it('an abort ends the read with the signal’s reason', async () => {
    const url = await answering((res) => {
      res.writeHead(200)
      res.write('[')
    })
    const stop = new AbortController()
    const reading = readBody(await fetch(url), { timeoutMs: 10_000, signal: stop.signal })
    const reason = new Error('person closed the window')
    setTimeout(() => stop.abort(reason), 50)
    expect(await rejection(reading)).toBe(reason)
    // Already aborted: no read at all.
    expect(await rejection(readBody(await fetch(url), { timeoutMs: 10_000, signal: stop.signal }))).toBe(reason)
  })

  it('a connection cut mid-body rejects with the network error, not a short body', async () => {
    const url = await answering((res) => {
      res.writeHead(200, { 'content-length': '100' })
      res.write('{"cut":', () => res.socket?.destroy())
    })
    const err = await rejection(readBody(await fetch(url), { timeoutMs: 10_000 }))
    expect(err).toBeInstanceOf(TypeError)
  })
})
