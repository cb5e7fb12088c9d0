// boundedFetch against loopback servers: the answer comes back whole and in memory, or not at
// all: a redirect is refused (the address it names gets nothing), and headers or a body (of an
// error answer too) that do not arrive in time end in a TimeoutError.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { boundedFetch, RedirectError } from '../../../../electron/main/services/http/boundedFetch'
import { BodyTooLargeError } from '../../../../electron/main/services/http/readBody'
import { type Loopback, serve } from '../loopback'
import { rejection } from '../support'

let elsewhere: Loopback
let server: Loopback | undefined
beforeAll(async () => {
  elsewhere = await serve((_req, res) => res.end('stolen'))
})
afterAll(async () => {
  await elsewhere.close()
})
afterEach(async () => {
  await server?.close()
  server = undefined
  elsewhere.seen.length = 0
})

async function answering(answer: (res: ServerResponse, req: IncomingMessage) => void): Promise<string> {
  server = await serve((req, res) => answer(res, req))
  return server.url
}

const DEADLINE = 300
/** For the answers that must time out. */
const bounded = boundedFetch((i, n) => fetch(i, n), { timeoutMs: DEADLINE, maxBytes: 1_000 })
/** For the rest: time enough on a busy machine. */
const roomy = boundedFetch((i, n) => fetch(i, n), { timeoutMs: 10_000, maxBytes: 1_000 })

describe('boundedFetch', () => {
  it('gives back status, headers and the whole body, already read', async () => {
    const url = await answering((res) => {
      res.writeHead(418, 'Short and stout', { 'content-type': 'application/json', 'x-page': '3' })
      res.write('{"tea":')
      setTimeout(() => res.end('true}'), 20)
    })
    const res = await roomy(`${url}/pot`, { method: 'POST', body: '{}' })
    expect(res.status).toBe(418)
    expect(res.statusText).toBe('Short and stout')
    expect(res.headers.get('x-page')).toBe('3')
    expect(await res.json()).toEqual({ tea: true })
    expect(server?.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /pot'])
  })

  it('a 204 has no body', async () => {
    const url = await answering((res) => {
      res.writeHead(204)
      res.end()
    })
    const res = await roomy(url)
    expect(res.status).toBe(204)
    expect(res.body).toBeNull()
  })

  it.each([200, 401, 500])('%i whose body stops coming: TimeoutError at the deadline', async (status) => {
    const url = await answering((res) => {
      res.writeHead(status, { 'content-length': '50' })
      res.write('{"message":')
    })
    const started = performance.now()
    const err = await rejection(bounded(url))
    expect((err as Error).name).toBe('TimeoutError')
    expect(performance.now() - started).toBeLessThan(5 * DEADLINE)
  })

  it('headers that never come: TimeoutError at the deadline', async () => {
    const url = await answering(() => undefined)
    expect(((await rejection(bounded(url))) as Error).name).toBe('TimeoutError')
  })

  it('an error body past the cap is refused like any other', async () => {
    const url = await answering((res) => {
      res.writeHead(500)
      res.end('x'.repeat(1_001))
    })
    expect(await rejection(roomy(url))).toBeInstanceOf(BodyTooLargeError)
  })

  it('the caller’s abort still ends it', async () => {
    const url = await answering((res) => {
      res.writeHead(200)
      res.write('[')
    })
    const stop = new AbortController()
    const reason = new Error('stop')
    setTimeout(() => stop.abort(reason), 30)
    const slow = boundedFetch((i, n) => fetch(i, n), { timeoutMs: 10_000 })
    expect(await rejection(slow(url, { signal: stop.signal }))).toBe(reason)
  })

  it.each([301, 302, 303, 307, 308])(
    '%i is refused, naming origin and path only; the target gets nothing',
    async (status) => {
      const url = await answering((res) => {
        res.writeHead(status, { location: `${elsewhere.url}/take?access-token=sak_x#frag` })
        res.end()
      })
      const err = await rejection(roomy(url, { headers: { 'X-Api-Key': 'sak_x' } }))
      expect(err).toBeInstanceOf(RedirectError)
      expect(err).toMatchObject({ status, location: `${elsewhere.url}/take` })
      expect(elsewhere.seen).toEqual([])
    },
  )

  it.each([
    ['a relative address, on the server’s own origin', '/moved/here?q=1', (url: string) => `${url}/moved/here`],
    ['another scheme, by its scheme only', 'ftp://files.example/key', () => 'ftp:'],
    ['no address at all', undefined, () => undefined],
  ] as const)('a redirect with %s', async (_, location, expected) => {
    const url = await answering((res) => {
      res.writeHead(302, location ? { location } : {})
      res.end()
    })
    const err = await rejection(roomy(url))
    expect(err).toBeInstanceOf(RedirectError)
    expect((err as RedirectError).location).toBe(expected(url))
  })

  it('a fetch that follows redirects itself: its answer is refused all the same', async () => {
    const url = await answering((res) => {
      res.writeHead(302, { location: `${elsewhere.url}/landed?token=1` })
      res.end()
    })
    const following = boundedFetch((i, n) => fetch(i, { ...n, redirect: 'follow' }), { timeoutMs: 10_000 })
    const err = await rejection(following(url))
    expect(err).toMatchObject({ status: 200, location: `${elsewhere.url}/landed` })
  })
})
