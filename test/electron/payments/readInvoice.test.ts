// Reading an invoice before paying it (payments/invoice.ts): the service's node reading it where it
// can, the app's own otherwise, and the refusals (another network, expired by the service's clock,
// no amount). The node is the simulator's over HTTP; answers no simulator gives (a node that sends
// only whole sats, no expiry, an upper-case key) come from a small node on loopback.
import { feeLimitMsat } from '@shared/payment/fees'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import { readInvoiceToPay as readInvoice } from '../../../electron/main/services/payments/invoice'
import { encodeInvoice, nodeKeyFrom } from '../../simulator/bolt11'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { type Loopback, serve } from '../services/loopback'

let sim: SimulatorHandle
let node: Loopback
/** what the loopback node answers to decodeinvoice next */
let nodeAnswer: Record<string, string> = {}

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  node = await serve((req, res) => {
    res.setHeader('content-type', 'application/json')
    res.setHeader('date', new Date().toUTCString())
    if (!req.url?.includes('/payments/decodeinvoice')) {
      res.statusCode = 404
      res.end('{"message":"Not found"}')
      return
    }
    res.end(JSON.stringify(nodeAnswer))
  })
})
afterAll(async () => {
  await sim.close()
  await node.close()
})

// as the service's backend opens it: every answer in the app's terms
const client = (baseUrl = sim.url) =>
  inAppTerms(
    createServiceClient({
      baseUrl,
      getApiKey: () => sim.keys.secret,
      authMethod: 'header',
      retries: 0,
      timeoutMs: 3_000,
    }),
  )

const KEY = nodeKeyFrom('read-invoice-test')
const NOW = Math.floor(Date.now() / 1000)
function invoice(o: { amountMsat?: number | null; prefix?: string; timestamp?: number; expiry?: number } = {}) {
  return encodeInvoice(
    {
      amountMsat: o.amountMsat === undefined ? 21_000_000 : o.amountMsat,
      timestamp: o.timestamp ?? NOW,
      paymentHash: 'ab'.repeat(32),
      paymentSecret: 'cd'.repeat(32),
      description: 'Read me',
      expiry: o.expiry ?? 3600,
    } as Parameters<typeof encodeInvoice>[0],
    KEY,
    { prefix: o.prefix, withPayee: true },
  )
}
const at = (nowSec: number) => ({ nowSec: () => nowSec, network: 'regtest' as const })

describe('readInvoice', { timeout: 30_000 }, () => {
  it('takes the node’s reading where the service gives one, the fee limit beside it', async () => {
    const v = await readInvoice(client(), invoice(), at(NOW))
    expect(v).toMatchObject({
      network: 'regtest',
      amountMsat: 21_000_000,
      description: 'Read me',
      payee: KEY.pubkeyHex,
      paymentHash: 'ab'.repeat(32),
      expiresAt: NOW + 3600,
      feeLimitMsat: feeLimitMsat(21_000_000),
      decodedBy: 'service',
    })
  })

  it('reads it itself without a service to ask', async () => {
    const v = await readInvoice(null, invoice(), at(NOW))
    expect(v).toMatchObject({ amountMsat: 21_000_000, expiresAt: NOW + 3600, decodedBy: 'app' })
  })

  it('refuses an invoice of another network, said in the app’s words, whether or not the node decodes', async () => {
    const mainnet = invoice({ prefix: 'lnbc' })
    const words = 'This invoice is for real bitcoin (mainnet), which is not the network this service pays on.'
    // the simulator's node refuses it with its own words: they become the app's
    await expect(readInvoice(client(), mainnet, at(NOW))).rejects.toMatchObject({
      code: 'invalid_input',
      message: words,
    })
    await expect(readInvoice(null, mainnet, at(NOW))).rejects.toMatchObject({ code: 'invalid_input', message: words })
    await expect(readInvoice(null, invoice({ prefix: 'lntb' }), at(NOW))).rejects.toMatchObject({
      message: 'This invoice is for the testnet network, which is not the network this service pays on.',
    })
    // no network asked for: taken as it is
    expect((await readInvoice(null, mainnet, { nowSec: () => NOW })).network).toBe('mainnet')
  })

  it('judges expiry by the time it is given: expired at the last second, not a second before', async () => {
    const pr = invoice({ timestamp: NOW - 100, expiry: 600 })
    await expect(readInvoice(client(), pr, at(NOW + 500))).rejects.toMatchObject({
      message: 'This invoice has expired. Ask the payee for a new one.',
    })
    expect((await readInvoice(client(), pr, at(NOW + 499))).expiresAt).toBe(NOW + 500)
  })

  it('refuses an invoice without an amount', async () => {
    await expect(readInvoice(client(), invoice({ amountMsat: null }), at(NOW))).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^This invoice has no amount/),
    })
  })

  it('a refusal is never offered for retrying: the same invoice would be refused again', async () => {
    const refusals = [
      readInvoice(null, invoice({ prefix: 'lnbc' }), at(NOW)),
      readInvoice(null, invoice({ timestamp: NOW - 7200 }), at(NOW)),
      readInvoice(null, invoice({ amountMsat: null }), at(NOW)),
      readInvoice(null, 'alice@example.com', at(NOW)),
    ]
    for (const r of refusals) await expect(r).rejects.toMatchObject({ code: 'invalid_input', retryable: false })
  })

  it('the node’s own “active network” refusal stands even when no network is asked for', async () => {
    await expect(readInvoice(client(), invoice({ prefix: 'lnbc' }), { nowSec: () => NOW })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'This invoice is for real bitcoin (mainnet), which is not the network this service pays on.',
      retryable: false,
    })
  })

  it('a Lightning address or an on-chain address is not an invoice: the plain fallback, or the parser’s reason', async () => {
    const address = await readInvoice(null, 'alice@example.com', at(NOW)).catch((e: unknown) => e)
    expect(address).toMatchObject({ code: 'invalid_input', message: 'This is not a Lightning invoice.' })
    const onchain = await readInvoice(null, 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', at(NOW)).catch(
      (e: unknown) => e,
    )
    expect(onchain).toMatchObject({ code: 'invalid_input' })
    expect((onchain as Error).message).not.toBe('This is not a Lightning invoice.')
    expect((onchain as Error).message.length).toBeGreaterThan(0)
  })

  it('refuses what is not an invoice, saying why', async () => {
    await expect(readInvoice(client(), 'alice@example.com', at(NOW))).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'This is not a Lightning invoice.',
    })
    await expect(readInvoice(client(), 'lnbcrt1garbage', at(NOW))).rejects.toMatchObject({ code: 'invalid_input' })
  })

  it('a node that answers in whole sats, with no expiry and an upper-case key: msat, an hour, lower case', async () => {
    const pr = invoice({ amountMsat: 5_000 })
    nodeAnswer = {
      destination: KEY.pubkeyHex.toUpperCase(),
      payment_hash: 'AB'.repeat(32),
      num_satoshis: '5',
      numMsat: '0',
      timestamp: String(NOW),
      expiry: '0',
      description: 'From the node\u0007',
    }
    const v = await readInvoice(client(node.url), pr, at(NOW))
    expect(v).toMatchObject({
      amountMsat: 5_000,
      payee: KEY.pubkeyHex,
      paymentHash: 'ab'.repeat(32),
      expiresAt: NOW + 3600,
      description: 'From the node',
      decodedBy: 'service',
    })
  })

  it('a node whose reading has no description keeps the app’s own', async () => {
    nodeAnswer = {
      destination: KEY.pubkeyHex,
      payment_hash: 'ab'.repeat(32),
      num_satoshis: '21000',
      numMsat: '21000000',
      timestamp: String(NOW),
      expiry: '3600',
    }
    expect((await readInvoice(client(node.url), invoice(), at(NOW))).description).toBe('Read me')
  })
})
