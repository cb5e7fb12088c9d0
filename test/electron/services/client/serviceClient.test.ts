// The service client against the simulator over real loopback HTTP: every operation, every
// auth method, every error class and the faults, as typed AppErrors. The simulator's request
// log proves GETs are retried and POSTs never are.
import type { AuthMethod } from '@shared/contract'
import { AppError } from '@shared/errors'
import { decodeLnurl } from '@shared/lnurl'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  createServiceClient,
  type InvoiceRoute,
  probeFailedMessage,
  type ServiceClient,
  unknownOutcomeMessage,
} from '../../../../electron/main/services/backends/service'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../../simulator/index'
import { proxyTo, stallingProxy } from '../loopback'
import { failsWith } from '../support'

let sim: SimulatorHandle
let funded: SimWallet
const AUTH: AuthMethod[] = ['header', 'basic', 'query']

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo', legacyInvoiceRoute: false })
  funded = sim.control.createWallet('Client test', 200_000)
})
afterAll(async () => {
  await sim.close()
})
afterEach(() => {
  sim.control.clearFaults()
  sim.control.resetRequests()
})

function client(o: Partial<Parameters<typeof createServiceClient>[0]> = {}): ServiceClient {
  return createServiceClient({
    baseUrl: sim.url,
    getApiKey: () => sim.keys.secret,
    authMethod: 'header',
    timeoutMs: 2_000,
    invoiceRoutes: new Map(),
    ...o,
  })
}

/** The AppError a promise rejects with (fails the test when it resolves); the key is not in it. */
const failure = (p: Promise<unknown>) => failsWith(p, [sim.keys.secret])

describe('each operation', () => {
  it('lists wallets and reads one', async () => {
    const c = client()
    const wallets = await c.listWallets()
    expect(wallets.map((w) => w.id)).toContain(funded.id)
    const one = await c.getWallet(funded.id)
    expect(one.id).toBe(funded.id)
    expect(one.balance_msat ?? one.balance * 1000).toBe(sim.control.balanceMsat(funded.id))
  })

  // Two invoice paths: docs/service.md, "The legacy invoice path".
  it('creates an invoice, falling back once from the legacy path to the current one and remembering it', async () => {
    const routes = new Map<string, InvoiceRoute>()
    const c = client({ invoiceRoutes: routes })
    const inv = await c.createInvoice(funded.id, { num_satoshis: 1234, memo: 'Coffee', expiry: 600 })
    expect(inv.num_satoshis).toBe(1234)
    expect(inv.memo).toBe('Coffee')
    expect(inv.settled).toBe(false)
    expect(inv.payment_request).toMatch(/^ln/)
    expect(sim.control.requests({ method: 'POST' }).map((r) => [r.path, r.status])).toEqual([
      [`/v1/user/wallet/${funded.id}/invoice`, 404],
      [`/v1/wallet/${funded.id}/invoice`, 201],
    ])
    expect(routes.get(sim.url)).toBe('current')
    sim.control.resetRequests()
    // A second client on the same base URL (same memory) goes straight to the working path.
    await client({ invoiceRoutes: routes }).createInvoice(funded.id, { num_satoshis: 5, memo: 'again' })
    expect(sim.control.requests({ method: 'POST' }).map((r) => r.path)).toEqual([`/v1/wallet/${funded.id}/invoice`])
  })

  it('uses the legacy path when the server routes it', async () => {
    const legacy = await startSimulator({ seed: 'empty', legacyInvoiceRoute: true })
    try {
      const routes = new Map<string, InvoiceRoute>()
      const c = createServiceClient({
        baseUrl: legacy.url,
        getApiKey: () => legacy.keys.secret,
        authMethod: 'header',
        invoiceRoutes: routes,
      })
      const w = legacy.keys.wallets[0]!
      await c.createInvoice(w.id, { num_satoshis: 10, memo: 'legacy path' })
      expect(legacy.control.requests({ method: 'POST' }).map((r) => [r.path, r.status])).toEqual([
        [`/v1/user/wallet/${w.id}/invoice`, 201],
      ])
      expect(routes.get(legacy.url)).toBe('legacy')
      // Any failure other than an unknown route is final: a refused key is not sent elsewhere.
      legacy.control.resetRequests()
      const refused = createServiceClient({
        baseUrl: legacy.url,
        getApiKey: () => 'sak_wrongwrongwrong',
        authMethod: 'header',
        invoiceRoutes: new Map(),
      })
      expect((await failure(refused.createInvoice(w.id, { num_satoshis: 1, memo: 'x' }))).code).toBe('unauthorized')
      expect(legacy.control.requests({ method: 'POST' })).toHaveLength(1)
    } finally {
      await legacy.close()
    }
  })

  it('reads an lnTx whole and with fields, and sees it settle', async () => {
    const c = client()
    const inv = await c.createInvoice(funded.id, { num_satoshis: 321, memo: 'to settle' })
    const whole = await c.getLnTx(inv.id)
    expect(whole.r_hash_decoded).toBe(inv.r_hash_decoded)
    const before = await c.getLnTx(inv.id, ['settled', 'settled_at', 'num_satoshis'])
    expect(before).toMatchObject({ settled: false, num_satoshis: 321 })
    expect(before.payment_request).toBeUndefined()
    await sim.control.settleInvoice(inv.id)
    const after = await c.getLnTx(inv.id, ['settled', 'settled_at'])
    expect(after.settled).toBe(true)
    expect(after.settled_at).toEqual(expect.any(Number))
  })

  it('pages transactions with the pagination headers', async () => {
    const w = sim.control.createWallet('Paging', 0)
    for (let i = 1; i <= 7; i++) await sim.control.payInbound(w.id, i * 10, `in ${i}`)
    const c = client()
    const p1 = await c.listTransactions(w.id, 1, 3)
    expect(p1.items).toHaveLength(3)
    expect(p1.pagination).toEqual({ totalCount: 7, pageCount: 3, currentPage: 1, perPage: 3 })
    const p3 = await c.listTransactions(w.id, 3, 3)
    expect(p3.items).toHaveLength(1)
    expect(p3.pagination.currentPage).toBe(3)
    const ids = [...p1.items, ...(await c.listTransactions(w.id, 2, 3)).items, ...p3.items].map((t) => t.id)
    expect(new Set(ids).size).toBe(7)
    // newest first
    expect(p1.items[0]?.num_satoshis).toBe(70)
  })

  it('probes a lightning address', async () => {
    const p = await client().probe('alice@sim.example')
    expect(p.minSendable).toBe(1_000)
    expect(p.maxSendable).toBe(1_000_000_000)
    expect(p.commentAllowed).toBe(140)
    expect(p.metadata.find((m) => m[0] === 'text/plain')?.[1]).toEqual(expect.any(String))
  })

  it('pays a lightning address once and reports the wallet transaction', async () => {
    const before = sim.control.balanceMsat(funded.id)
    const wtx = await client().payLightningAddress(funded.id, {
      ln_address: 'alice@sim.example',
      amt_msat: 2_000_000,
      comment: 'thanks',
    })
    expect(wtx.num_satoshis).toBe(-2_000)
    expect(wtx.wtxType.name).toBe('ln_lnurl_pay_outbound')
    expect(wtx.lnTx?.payment_preimage).toMatch(/^[0-9a-f]{64}$/)
    const fee = wtx.lnTx?.fee_msat ?? 0
    expect(sim.control.balanceMsat(funded.id)).toBe(before - 2_000_000 - fee)
  })

  it('mints a withdraw link', async () => {
    const link = await client().mintWithdrawLink(funded.id, { num_satoshis: 500, memo: 'Gift' })
    const url = new URL(decodeLnurl(link.lnurl))
    expect(url.searchParams.get('ott')).toBe(link.ott)
    expect(url.searchParams.get('num_satoshis')).toBe('500')
  })
})

describe('auth methods', () => {
  it.each(AUTH)('%s: a good key lists wallets, a wrong key is unauthorized', async (authMethod) => {
    expect((await client({ authMethod }).listWallets()).length).toBeGreaterThan(0)
    const bad = await failure(client({ authMethod, getApiKey: () => 'sak_wrongwrongwrong' }).listWallets())
    expect(bad.code).toBe('unauthorized')
    expect(bad.retryable).toBe(false)
  })

  // The client keeps one ky instance per key: a key that changes must be the one sent next.
  it.each(AUTH)('%s: a changed key is used from the next call on, with the call’s own query', async (authMethod) => {
    let key = 'sak_wrongwrongwrong'
    const c = client({ authMethod, getApiKey: () => key })
    expect((await failure(c.listWallets())).code).toBe('unauthorized')
    key = sim.keys.secret
    const { pagination } = await c.listTransactions(funded.id, 2, 3)
    expect(pagination).toMatchObject({ currentPage: 2, perPage: 3 })
    key = 'sak_wrongwrongwrong'
    expect((await failure(c.getWallet(funded.id))).code).toBe('unauthorized')
  })

  it('query auth keeps the key out of every error, although ky puts the URL (with the key) in its own', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status: 502 })
    const err = await failure(client({ authMethod: 'query', retries: 0 }).listWallets())
    expect(err.code).toBe('service_error')
    expect(JSON.stringify({ ...err, cause: String(err.cause) })).not.toContain(sim.keys.secret)
  })
})

describe('error classes', () => {
  it('forbidden: a public account key (pak_) may not list wallets', async () => {
    const err = await failure(client({ getApiKey: () => sim.keys.public }).listWallets())
    expect(err.code).toBe('forbidden')
  })

  it('not_found: unknown wallet and unknown lnTx', async () => {
    expect((await failure(client().getWallet('wal_doesnotexist'))).code).toBe('not_found')
    expect((await failure(client().getLnTx('lntx_doesnotexist'))).code).toBe('not_found')
  })

  it('insufficient_funds: paying more than the balance', async () => {
    const poor = sim.control.createWallet('Poor', 10)
    const err = await failure(
      client().payLightningAddress(poor.id, { ln_address: 'shop@sim.example', amt_msat: 5_000_000 }),
    )
    expect(err.code).toBe('insufficient_funds')
    expect(sim.control.balanceMsat(poor.id)).toBe(10_000)
  })

  it('invalid_input with the service message: an amount outside the recipient limits', async () => {
    const err = await failure(
      client().payLightningAddress(funded.id, { ln_address: 'bob@sim.example', amt_msat: 10_000 }),
    )
    expect(err.code).toBe('invalid_input')
    expect(err.message).toMatch(/between/)
  })

  it('lnurl_error: the service cannot resolve the address', async () => {
    const err = await failure(client().probe('nobody@nowhere.example'))
    expect(err.code).toBe('lnurl_error')
    // plain words, never the service's own "Invalid Address / LNURL"
    expect(err.message).toBe(probeFailedMessage())
    expect(err.message).not.toMatch(/invalid address|lnurl/i)
    // The service's 500 for an unresolvable address is not worth asking again.
    expect(sim.control.requests({ path: /lnurlp\/probe/ })).toHaveLength(1)
  })

  it('network: nothing listens at the address', async () => {
    const closed = await startSimulator({ seed: 'empty' })
    const url = closed.url
    await closed.close()
    const c = createServiceClient({ baseUrl: url, getApiKey: () => 'sak_x', authMethod: 'header', retries: 0 })
    expect((await failure(c.listWallets())).code).toBe('network')
    // A payment that could not even connect was not sent: plain network, not unknown outcome.
    expect((await failure(c.payLightningAddress('wal_x', { ln_address: 'a@b.example', amt_msat: 1000 }))).code).toBe(
      'network',
    )
  })

  it('refuses plain http except on loopback', () => {
    const make = (baseUrl: string) => () =>
      createServiceClient({ baseUrl, getApiKey: () => 'sak_x', authMethod: 'header' })
    expect(make('http://api.example.com')).toThrow(AppError)
    expect(make('http://10.0.0.1:8080')).toThrow(/https/)
    expect(make('ftp://api.example.com')).toThrow(AppError)
    expect(make('not a url')).toThrow(AppError)
    expect(make('https://api.example.com').call(null).baseUrl).toBe('https://api.example.com')
    expect(make('http://localhost:4100/').call(null).baseUrl).toBe('http://localhost:4100')
    expect(make('http://[::1]:4100').call(null).baseUrl).toBe('http://[::1]:4100')
  })
})

describe('faults on reads: typed errors, and GETs retried', () => {
  it('timeout (latency beyond the timeout)', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'latency', ms: 1_500 })
    const err = await failure(client({ timeoutMs: 300 }).listWallets())
    expect(err.code).toBe('timeout')
    expect(err.retryable).toBe(true)
  })

  it.each([
    ['status', 'service_error'],
    ['malformed', 'service_error'],
    ['wrongShape', 'service_error'],
    ['reset', 'network'],
    ['truncated', 'network'],
  ] as const)('%s → %s', async (kind, code) => {
    sim.control.injectFault({ path: '/v1/wallets', kind, status: 503 })
    const err = await failure(client({ retries: 0 }).listWallets())
    expect(err.code).toBe(code)
  })

  it('a 5xx GET is retried (limit 2) and succeeds on the third try', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status: 503, times: 2 })
    const wallets = await client().listWallets()
    expect(wallets.length).toBeGreaterThan(0)
    expect(sim.control.requests({ method: 'GET', path: '/v1/wallets' }).map((r) => r.status)).toEqual([503, 503, 200])
  })

  it('a reset GET is retried', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'reset', times: 1 })
    await client().listWallets()
    expect(sim.control.requests({ method: 'GET', path: '/v1/wallets' })).toHaveLength(2)
  })

  // The body is read inside ky's attempt now, so a cut-off body is a network error ky retries.
  it('a GET whose body is cut off is retried', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'truncated', times: 1 })
    expect((await client().listWallets()).length).toBeGreaterThan(0)
    expect(sim.control.requests({ method: 'GET', path: '/v1/wallets' })).toHaveLength(2)
  })

  it('a probe is still retried on a 503', async () => {
    sim.control.injectFault({ path: /lnurlp\/probe/, kind: 'status', status: 503, times: 1 })
    expect((await client().probe('alice@sim.example')).maxSendable).toBe(1_000_000_000)
    expect(sim.control.requests({ path: /lnurlp\/probe/ }).map((r) => r.status)).toEqual([503, 200])
  })

  it('a GET that keeps failing stops after the limit', async () => {
    sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status: 500 })
    expect((await failure(client().listWallets())).code).toBe('service_error')
    expect(sim.control.requests({ method: 'GET', path: '/v1/wallets' })).toHaveLength(3)
  })

  it('a 4xx GET is not retried', async () => {
    await failure(client({ getApiKey: () => 'sak_wrongwrongwrong' }).listWallets())
    expect(sim.control.requests({ method: 'GET', path: '/v1/wallets' })).toHaveLength(1)
  })

  it('minting a withdraw link (a GET that creates a token) is not retried', async () => {
    sim.control.injectFault({ path: /lnurl\/withdraw$/, kind: 'status', status: 503 })
    expect((await failure(client().mintWithdrawLink(funded.id, { num_satoshis: 10 }))).code).toBe('service_error')
    expect(sim.control.requests({ path: /lnurl\/withdraw$/ })).toHaveLength(1)
  })
})

describe('payments: never re-sent, unknown outcome when the answer is lost', () => {
  const pay = (c: ServiceClient) =>
    c.payLightningAddress(funded.id, { ln_address: 'alice@sim.example', amt_msat: 1_000_000 })
  const payPosts = () => sim.control.requests({ method: 'POST', path: /lnurlp\/pay$/ })

  it.each([
    ['latency', { ms: 1_500 }],
    ['status', { status: 503 }],
    ['malformed', {}],
    ['wrongShape', {}],
    ['reset', {}],
    ['truncated', {}],
  ] as const)('%s after the service paid → unknown_outcome, one POST, money moved once', async (kind, extra) => {
    const before = sim.control.balanceMsat(funded.id)
    sim.control.injectFault({ method: 'POST', path: /lnurlp\/pay$/, kind, when: 'after', ...extra })
    const err = await failure(pay(client({ timeoutMs: 400, retries: 5 })))
    expect(err.code).toBe('unknown_outcome')
    expect(err.message).toBe(unknownOutcomeMessage())
    expect(err.retryable).toBe(false)
    expect(payPosts()).toHaveLength(1)
    const spent = before - sim.control.balanceMsat(funded.id)
    expect(spent).toBeGreaterThanOrEqual(1_000_000)
    expect(spent).toBeLessThan(2_000_000)
  })

  it('a 5xx before anything was paid is still unknown (the app cannot tell) and not retried', async () => {
    const before = sim.control.balanceMsat(funded.id)
    sim.control.injectFault({ method: 'POST', path: /lnurlp\/pay$/, kind: 'status', status: 500 })
    expect((await failure(pay(client({ retries: 5 })))).code).toBe('unknown_outcome')
    expect(payPosts()).toHaveLength(1)
    expect(sim.control.balanceMsat(funded.id)).toBe(before)
  })

  it('an invoice POST that fails is not retried either', async () => {
    const routes = new Map<string, InvoiceRoute>([[sim.url, 'current']])
    sim.control.injectFault({ method: 'POST', path: /\/invoice$/, kind: 'status', status: 503 })
    const err = await failure(
      client({ invoiceRoutes: routes, retries: 5 }).createInvoice(funded.id, { num_satoshis: 1, memo: 'x' }),
    )
    expect(err.code).toBe('service_error')
    expect(sim.control.requests({ method: 'POST' })).toHaveLength(1)
  })
})

describe('an answer that stalls after its headers', () => {
  // ky's timeout ends when the headers arrive; without a limit on the body the wait never ended.
  it('a payment ends as unknown_outcome (sent once, money moved once), not an endless wait', async () => {
    const proxy = await stallingProxy(sim.url)
    try {
      const before = sim.control.balanceMsat(funded.id)
      const c = client({ baseUrl: proxy.url, timeoutMs: 500, retries: 5 })
      const err = await failure(
        c.payLightningAddress(funded.id, { ln_address: 'alice@sim.example', amt_msat: 1_000_000 }),
      )
      expect(err.code).toBe('unknown_outcome')
      expect(sim.control.requests({ method: 'POST', path: /lnurlp\/pay$/ })).toHaveLength(1)
      const spent = before - sim.control.balanceMsat(funded.id)
      expect(spent).toBeGreaterThanOrEqual(1_000_000)
      expect(spent).toBeLessThan(2_000_000)
    } finally {
      await proxy.close()
    }
  }, 5_000)

  it('a read ends as timeout', async () => {
    const proxy = await stallingProxy(sim.url)
    try {
      const err = await failure(client({ baseUrl: proxy.url, timeoutMs: 500, retries: 0 }).listWallets())
      expect(err.code).toBe('timeout')
    } finally {
      await proxy.close()
    }
  }, 5_000)
})

describe('a busy service that asks to come back much later', () => {
  // ky waits out a Retry-After header, however long, before a GET's retry: an hour's wait for a
  // balance read (and the watcher's poll stuck behind it).
  it('a GET answered 503 with Retry-After: 3600 is retried soon (or given up), never after an hour', async () => {
    const proxy = await proxyTo(sim.url, (res, up, n) => {
      if (n === 0) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '3600' })
        res.end(JSON.stringify({ name: 'Service Unavailable', message: 'busy', code: 0, status: 503 }))
        return
      }
      res.writeHead(up.status, up.headers)
      res.end(up.body)
    })
    try {
      const wallets = await client({ baseUrl: proxy.url, retries: 2 }).listWallets()
      expect(wallets.length).toBeGreaterThan(0)
    } finally {
      await proxy.close()
    }
  }, 8_000)
})
