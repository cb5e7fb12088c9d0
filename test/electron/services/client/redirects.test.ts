// A service that answers with a redirect: the client never follows it, so the key never reaches
// the address it names (another origin, or plain http from an https service). The error names
// that address (origin and path only) and a payment's answer is an unknown outcome, sent once.
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import type { AuthMethod } from '@shared/contract'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient, unknownOutcomeMessage } from '../../../../electron/main/services/backends/service'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../../simulator/index'
import { type Loopback, proxyTo, serve, throwawayCertificate } from '../loopback'
import { failsWith } from '../support'

let sim: SimulatorHandle
let funded: SimWallet
/** Where the redirects point: it must never see a request. */
let elsewhere: Loopback
const systemCAs = getCACertificates('default')
const tls = throwawayCertificate()

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  funded = sim.control.createWallet('Redirects', 200_000)
  elsewhere = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('[]')
  })
  // The https service below uses a certificate made for this run; fetch trusts it from here on.
  setDefaultCACertificates([...systemCAs, tls.cert])
})
afterAll(async () => {
  setDefaultCACertificates(systemCAs)
  await elsewhere.close()
  await sim.close()
})
afterEach(() => {
  sim.control.clearFaults()
  sim.control.resetRequests()
  elsewhere.seen.length = 0
})

const STATUSES = [301, 302, 303, 307, 308] as const
const AUTH: AuthMethod[] = ['header', 'basic', 'query']

const client = (baseUrl: string, authMethod: AuthMethod = 'header') =>
  createServiceClient({
    baseUrl,
    getApiKey: () => sim.keys.secret,
    authMethod,
    timeoutMs: 10_000,
    retries: 2,
    invoiceRoutes: new Map(),
  })
const failure = (p: Promise<unknown>) => failsWith(p, [sim.keys.secret])

/** The address the redirects name, with a query that must not show up in any message. */
const target = () => `http://localhost:${elsewhere.port}/v1/wallets?access-token=sak_stolen&page=2`
const named = () => `http://localhost:${elsewhere.port}/v1/wallets`

/** A service that answers every request with `status` and a Location. */
const redirecting = (status: number, location: () => string, certificate?: typeof tls) =>
  serve((_req, res) => {
    res.writeHead(status, { location: location(), 'content-type': 'text/html' })
    res.end('<a href="elsewhere">Moved</a>')
  }, certificate)

function expectNamesTarget(message: string) {
  expect(message).toContain(named())
  expect(message).not.toContain('access-token')
  expect(message).not.toContain('sak_stolen')
  expect(message).not.toContain('page=2')
}

describe('a read answered with a redirect to another origin', () => {
  it.each(STATUSES)('%i: refused, naming the new address; the other host sees nothing', async (status) => {
    const service = await redirecting(status, target)
    try {
      const err = await failure(client(service.url).listWallets())
      expect(err.code).toBe('service_error')
      expect(err.retryable).toBe(false)
      expectNamesTarget(err.message)
      // Not retried either: the same address would send it to the same place.
      expect(service.seen).toHaveLength(1)
      expect(elsewhere.seen).toEqual([])
    } finally {
      await service.close()
    }
  })

  it.each(AUTH)('%s auth: the key goes only to the service, never to the redirect', async (authMethod) => {
    const service = await redirecting(302, target)
    try {
      await failure(client(service.url, authMethod).getWallet(funded.id))
      expect(service.seen).toHaveLength(1)
      expect(elsewhere.seen).toEqual([])
    } finally {
      await service.close()
    }
  })

  it('a relative Location is named on the service’s own origin; a key in its path is cut out', async () => {
    const service = await redirecting(302, () => `/moved/${sim.keys.secret}/here?access-token=${sim.keys.secret}`)
    try {
      const err = await failure(client(service.url).listWallets())
      expect(err.message).toContain(`${service.url}/moved/[redacted]/here`)
      expect(err.message).not.toContain('access-token')
    } finally {
      await service.close()
    }
  })
})

describe('an https service that redirects to plain http', () => {
  it.each(STATUSES)('%i: the plain-http host gets no request (no key in clear text)', async (status) => {
    const service = await redirecting(status, target, tls)
    try {
      expect(service.url).toMatch(/^https:/)
      const err = await failure(client(service.url).listWallets())
      expect(err.code).toBe('service_error')
      expectNamesTarget(err.message)
      expect(service.seen).toHaveLength(1)
      expect(service.seen[0]?.headers['x-api-key']).toBe(sim.keys.secret)
      expect(elsewhere.seen).toEqual([])
    } finally {
      await service.close()
    }
  })

  it('the same service without the redirect is read normally (the certificate is trusted)', async () => {
    const service = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('[]')
    }, tls)
    try {
      expect(await client(service.url).listWallets()).toEqual([])
    } finally {
      await service.close()
    }
  })
})

describe('a payment answered with a redirect after the service paid', () => {
  it.each(STATUSES)('%i: unknown_outcome naming the address, one POST, money moved once', async (status) => {
    const before = sim.control.balanceMsat(funded.id)
    const proxy = await proxyTo(sim.url, (res) => {
      res.writeHead(status, { location: target() })
      res.end()
    })
    try {
      const err = await failure(
        client(proxy.url).payLightningAddress(funded.id, { ln_address: 'alice@sim.example', amt_msat: 1_000_000 }),
      )
      expect(err.code).toBe('unknown_outcome')
      expect(err.retryable).toBe(false)
      expectNamesTarget(err.message)
      expect(err.message).toContain(unknownOutcomeMessage())
      expect(sim.control.requests({ method: 'POST', path: /lnurlp\/pay$/ })).toHaveLength(1)
      const spent = before - sim.control.balanceMsat(funded.id)
      expect(spent).toBeGreaterThanOrEqual(1_000_000)
      expect(spent).toBeLessThan(2_000_000)
      expect(elsewhere.seen).toEqual([])
    } finally {
      await proxy.close()
    }
  })
})
