// Answers meant to hang or swamp the client: an error answer whose body never comes (headers,
// then nothing), and 50 MB bodies with success and error statuses, a payment's answer too. Every
// body, error or not, is read under the client's deadline and the size cap; a payment is still
// sent once (the simulator's request log) and its lost answer is an unknown outcome.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient, unknownOutcomeMessage } from '../../../../electron/main/services/backends/service'
import { MAX_BODY_BYTES } from '../../../../electron/main/services/http/readBody'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../../simulator/index'
import { HUGE_BYTES, proxyTo, serve, stallingProxy, streamHuge } from '../loopback'
import { failsWith } from '../support'

let sim: SimulatorHandle
let funded: SimWallet
// the client's deadline: long enough for the request to reach the simulator through the proxy on a
// busy machine (at 400 ms it could give up before the payment was even sent, and 'sent once'
// failed); the checks hold each answer to five of it, as before
const DEADLINE = 2_000
const WRONG_KEY = 'sak_wrongwrongwrong'

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  funded = sim.control.createWallet('Error bodies', 500_000)
  // Warm up (fetch, ky, the simulator) so the memory figures below are the answers' alone
  await client(sim.url, sim.keys.secret, 15_000).listWallets()
  sim.control.resetRequests()
})
afterAll(async () => {
  await sim.close()
})
afterEach(() => {
  sim.control.clearFaults()
  sim.control.resetRequests()
})

const client = (baseUrl: string, key = sim.keys.secret, timeoutMs = DEADLINE) =>
  createServiceClient({
    baseUrl,
    getApiKey: () => key,
    authMethod: 'header',
    timeoutMs,
    retries: 2,
    invoiceRoutes: new Map(),
  })
const failure = (p: Promise<unknown>) => failsWith(p, [sim.keys.secret])
const pay = (baseUrl: string, key?: string, timeoutMs?: number) =>
  client(baseUrl, key, timeoutMs).payLightningAddress(funded.id, {
    ln_address: 'alice@sim.example',
    amt_msat: 1_000_000,
  })
const payPosts = () => sim.control.requests({ method: 'POST', path: /lnurlp\/pay$/ })

/** The failure and how long it took, in ms. */
async function clocked(p: () => Promise<unknown>) {
  const started = performance.now()
  const err = await failure(p())
  return { err, ms: performance.now() - started }
}

describe('an error answer whose body never comes (headers, then nothing)', () => {
  it.each([500, 401])('a read answered %i ends as timeout within the deadline', async (status) => {
    if (status === 500) sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status: 500 })
    const proxy = await stallingProxy(sim.url, { part: 0 })
    try {
      const { err, ms } = await clocked(() => client(proxy.url, status === 401 ? WRONG_KEY : undefined).listWallets())
      // Not `unauthorized` or `service_error`: the answer was never read, so it says nothing.
      expect(err.code).toBe('timeout')
      // Generous: one deadline is the limit; five leaves room for a slow, shared machine.
      expect(ms).toBeLessThan(5 * DEADLINE)
      expect(sim.control.requests({ path: '/v1/wallets' }).map((r) => r.status)).toEqual([status])
    } finally {
      await proxy.close()
    }
  })

  it.each([500, 401])(
    'a payment answered %i ends as unknown_outcome within the deadline, sent once',
    async (status) => {
      if (status === 500)
        sim.control.injectFault({ method: 'POST', path: /lnurlp\/pay$/, kind: 'status', status: 500, when: 'after' })
      const before = sim.control.balanceMsat(funded.id)
      const proxy = await stallingProxy(sim.url, { part: 0 })
      try {
        const { err, ms } = await clocked(() => pay(proxy.url, status === 401 ? WRONG_KEY : undefined))
        expect(err.code).toBe('unknown_outcome')
        expect(err.message).toBe(unknownOutcomeMessage())
        expect(ms).toBeLessThan(5 * DEADLINE)
        expect(payPosts().map((r) => r.status)).toEqual([status])
        // The 500 came after the service paid (money moved once); the 401 before (none moved).
        const spent = before - sim.control.balanceMsat(funded.id)
        if (status === 500) expect(spent).toBeGreaterThanOrEqual(1_000_000)
        else expect(spent).toBe(0)
        expect(spent).toBeLessThan(2_000_000)
      } finally {
        await proxy.close()
      }
    },
  )
})

// A real collection, for steady figures: `--expose-gc` set from inside the worker.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

interface Growth {
  rss: number
  heapUsed: number
  arrayBuffers: number
}

/** The most each figure of process.memoryUsage() rose above where it was before `work`. */
async function peakGrowth(work: () => Promise<unknown>): Promise<Growth> {
  gc()
  const base = process.memoryUsage()
  const peak: Growth = { rss: 0, heapUsed: 0, arrayBuffers: 0 }
  const sample = () => {
    const m = process.memoryUsage()
    peak.rss = Math.max(peak.rss, m.rss - base.rss)
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed - base.heapUsed)
    peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers - base.arrayBuffers)
  }
  // Every chunk read is a turn of the event loop, so the timer sees the body as it piles up.
  const timer = setInterval(sample, 1)
  try {
    await work()
  } finally {
    clearInterval(timer)
    sample()
  }
  return peak
}

const MiB = 1024 * 1024
/** Time enough to read up to the cap on a busy machine: these answers must end at the cap. */
const SLOW = 10_000
/**
 * How far arrayBuffers (and rss) may rise while a 50 MB answer is refused. The client holds at
 * most the cap; Node's HTTP stack copies each chunk twice on the way in (the socket's read
 * buffer, then the parser's output made a stream chunk), and those copies stay until the next
 * garbage collection, so up to three times what was read is in memory at once (measured with
 * the 4 MiB cap: arrayBuffers about 12.6 MB, rss up to 12 MB; without the cap, the 200 answers
 * and the payment's raised rss by 144 to 283 MB).
 */
const ALLOWED = 3 * MAX_BODY_BYTES + 4 * MiB
/** The body is never turned into a string or objects, so the JS heap barely moves. */
const ALLOWED_HEAP = MAX_BODY_BYTES

function expectBounded(growth: Growth) {
  expect(growth.arrayBuffers).toBeLessThan(ALLOWED)
  expect(growth.rss).toBeLessThan(ALLOWED)
  expect(growth.heapUsed).toBeLessThan(ALLOWED_HEAP)
}

describe('a 50 MB answer', () => {
  it.each([
    ['200 without a length', 200, false],
    ['200 that declares its length', 200, true],
    ['500 without a length', 500, false],
    ['401 without a length', 401, false],
  ] as const)(
    'a read answered %s is refused as service_error, reading no more than the cap',
    async (_, status, contentLength) => {
      const sent: Promise<number>[] = []
      const server = await serve((_req, res) => {
        sent.push(streamHuge(res, status, { contentLength }))
      })
      try {
        let err: Awaited<ReturnType<typeof failure>> | undefined
        const growth = await peakGrowth(async () => {
          err = await failure(client(server.url, undefined, SLOW).listWallets())
        })
        expect(err?.code).toBe('service_error')
        expect(err?.message).toMatch(/larger than expected/)
        // Refused, not asked again: the same address would send the same again.
        expect(server.seen).toHaveLength(1)
        // The client hung up: the server could not send the whole 50 MB.
        expect(await sent[0]).toBeLessThan(HUGE_BYTES)
        expectBounded(growth)
        // A declared length over the cap is refused before a byte of the body is read.
        if (contentLength) expect(growth.arrayBuffers).toBeLessThan(MiB)
      } finally {
        await server.close()
      }
    },
  )

  it('a payment answered 200 with 50 MB after the service paid: unknown_outcome, sent once, memory bounded', async () => {
    const before = sim.control.balanceMsat(funded.id)
    const sent: Promise<number>[] = []
    const proxy = await proxyTo(sim.url, (res) => {
      sent.push(streamHuge(res, 200))
    })
    try {
      let err: Awaited<ReturnType<typeof failure>> | undefined
      const growth = await peakGrowth(async () => {
        err = await failure(pay(proxy.url, undefined, SLOW))
      })
      expect(err?.code).toBe('unknown_outcome')
      expect(err?.message).toBe(unknownOutcomeMessage())
      expect(payPosts().map((r) => r.status)).toEqual([201])
      const spent = before - sim.control.balanceMsat(funded.id)
      expect(spent).toBeGreaterThanOrEqual(1_000_000)
      expect(spent).toBeLessThan(2_000_000)
      expect(await sent[0]).toBeLessThan(HUGE_BYTES)
      expectBounded(growth)
    } finally {
      await proxy.close()
    }
  })
})
