// Paying a BOLT 11 request (`withdraw`) and decoding one first (`decodeinvoice`), as the
// published server does: its checks in its order, its fee model and its words.

import bolt11 from 'bolt11'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LnTx, WalletTransaction } from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, type SimWallet, startSimulator } from './index'
import { call, expectError, withSimulator } from './support'

let sim: SimulatorHandle
let sak: string
let payer: SimWallet

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  sak = sim.keys.secret
  payer = sim.control.createWallet('Payer', 100_000)
})
afterEach(() => sim.control.clearFaults())
afterAll(() => sim.close())

const pay = (body: Record<string, unknown>, key = sak, wallet = payer.id) =>
  call(sim, 'POST', `/v1/wallet/${wallet}/withdraw`, { key, json: body })

const WalletTransactionList = (data: unknown) => z.array(WalletTransaction).parse(data)

/** A valid, signed request of another network (mainnet), made by an independent library. */
function mainnetRequest(): string {
  const unsigned = bolt11.encode({
    network: { bech32: 'bc', pubKeyHash: 0, scriptHash: 5, validWitnessVersions: [0, 1] },
    satoshis: 10,
    timestamp: Math.floor(Date.now() / 1000),
    tags: [
      { tagName: 'payment_hash', data: 'ab'.repeat(32) },
      { tagName: 'payment_secret', data: 'cd'.repeat(32) },
      { tagName: 'description', data: 'mainnet' },
    ],
  })
  return bolt11.sign(unsigned, 'e1'.repeat(32)).paymentRequest as string
}

/** Every way a payment can go wrong must move nothing. */
async function movesNothing(fn: () => Promise<unknown>) {
  const [balance, totals] = [sim.control.balanceMsat(payer.id), sim.control.totals()]
  await fn()
  expect(sim.control.balanceMsat(payer.id)).toBe(balance)
  expect(sim.control.totals()).toEqual(totals)
}

describe('paying a BOLT 11 request', () => {
  it('pays an outside payee: 201, the wallet transaction, a routing fee below the default cap, passThru kept', async () => {
    const payee = sim.control.outside.payee({ amountSat: 2_100, memo: 'Concert ticket' })
    const before = sim.control.balanceMsat(payer.id)
    const r = await pay({ payment_request: payee.payment_request, passThru: { order: 7 } })
    expect(r.status).toBe(201)
    const wtx = WalletTransaction.parse(r.data)
    expect(wtx).toMatchObject({ num_satoshis: -2100, wtxType: { name: 'ln_withdrawal' } })
    expect(wtx.passThru).toMatchObject({ order: 7, method: 'api' })
    expect(String(wtx.passThru.outgoingChannelId)).toMatch(/^\d+$/)
    const fee = wtx.lnTx?.fee_msat ?? -1
    expect(fee).toBe(3000) // 0.1 %, rounded up to a whole sat: well below the cap of 5 % (105 sats)
    expect(wtx.lnTx).toMatchObject({ settled: true, memo: 'Concert ticket', r_hash_decoded: payee.paymentHash })
    expect(wtx.lnTx?.payment_preimage).toBe(payee.preimage)
    expect(sim.control.balanceMsat(payer.id)).toBe(before - 2_100_000 - fee)
    // the fee is a row of its own that names the payment
    const rows = WalletTransactionList(
      (await call(sim, 'GET', `/v1/wallet/${payer.id}/transactions?per-page=2`, { key: sak })).data,
    )
    expect(rows.map((t) => t.wtxType.name).sort()).toEqual(['ln_withdrawal', 'network_fee'])
    expect(rows.find((t) => t.wtxType.name === 'network_fee')).toMatchObject({
      num_satoshis: -3,
      passThru: { source_transaction: wtx.id },
    })
    expect(sim.control.outside.payees().find((p) => p.paymentHash === payee.paymentHash)?.receivedMsat).toBe(2_100_000)
  })

  it("fee_limit_msat: a route dearer than the limit fails with the node's reason; 0 still pays another wallet of the service", async () => {
    const payee = sim.control.outside.payee({ amountSat: 5_000 }) // the route costs 5 sats
    await movesNothing(async () =>
      expectError(
        await pay({ payment_request: payee.payment_request, fee_limit_msat: 4_999 }),
        400,
        'FAILURE_REASON_NO_ROUTE',
      ),
    )
    const ok = await pay({ payment_request: payee.payment_request, fee_limit_msat: '5000' })
    expect(ok.status).toBe(201)
    expect(WalletTransaction.parse(ok.data).lnTx?.fee_msat).toBe(5000)
    // the default cap is 5 % in whole sats: 1 sat for a 1-sat request, whose route costs 1 sat
    expect((await pay({ payment_request: sim.control.outside.payee({ amountSat: 1 }).payment_request })).status).toBe(
      201,
    )
    const other = sim.control.createWallet('Other')
    const inv = LnTx.parse(
      (await call(sim, 'POST', `/v1/wallet/${other.id}/invoice`, { key: sak, json: { num_satoshis: 10 } })).data,
    )
    const internal = await pay({ payment_request: inv.payment_request, fee_limit_msat: 0 })
    expect(internal.status).toBe(201)
    expect(WalletTransaction.parse(internal.data).lnTx?.fee_msat).toBe(0)
    expect(sim.control.balanceMsat(other.id)).toBe(10_000)
  })

  it("refuses bad input in the published form's words and moves nothing", async () => {
    const pr = sim.control.outside.payee({ amountSat: 10 }).payment_request
    await movesNothing(async () => {
      expectError(await pay({}), 400, 'Payment Request cannot be blank.')
      expectError(await pay({ payment_request: pr, fee_limit_msat: 'ten' }), 400, 'Fee Limit Msat must be an integer.')
      expectError(await pay({ payment_request: pr, fee_limit_msat: 1.5 }), 400, 'Fee Limit Msat must be an integer.')
      expectError(
        await pay({ payment_request: pr, fee_limit_msat: -1 }),
        400,
        'Fee Limit Msat must be greater than or equal to "0".',
      )
      expectError(await pay({ payment_request: pr, passThru: '[1,' }), 400, 'passThru data must be valid json')
      expectError(await pay({ payment_request: 'lnbcrt1garbage' }), 400, 'Invalid payment request')
      expectError(await pay({ payment_request: 42 }), 400, 'Payment Request must be a string.')
      expectError(
        await pay({ payment_request: mainnetRequest() }),
        400,
        "invoice not for current active network 'regtest'",
      )
      const r = await call(sim, 'POST', `/v1/wallet/${payer.id}/withdraw`, {
        key: sak,
        rawBody: '{"payment_request": ',
        headers: { 'Content-Type': 'application/json' },
      })
      expectError(r, 400, /^Invalid JSON data in request body: /)
    })
  })

  it('an amountless request is refused; an expired one and one already paid are refused by the node', async () => {
    await movesNothing(async () => {
      const any = sim.control.outside.payee({ amountSat: null })
      expectError(await pay({ payment_request: any.payment_request }), 400, 'Cannot process any amount invoices')
      const expired = sim.control.outside.payee({ amountSat: 10, expired: true })
      expectError(
        await pay({ payment_request: expired.payment_request }),
        400,
        /^invoice expired\. Valid until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000 UTC$/,
      )
      const elsewhere = sim.control.outside.payee({ amountSat: 10, paidElsewhere: true })
      expectError(
        await pay({ payment_request: elsewhere.payment_request }),
        400,
        'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS',
      )
    })
    const once = sim.control.outside.payee({ amountSat: 10 })
    expect((await pay({ payment_request: once.payment_request })).status).toBe(201)
    await movesNothing(async () =>
      expectError(await pay({ payment_request: once.payment_request }), 400, 'invoice is already paid'),
    )
    // an invoice of the service settled from outside: the receiving node turns a second payment down
    const w = sim.control.createWallet('Receiver')
    const inv = LnTx.parse(
      (await call(sim, 'POST', `/v1/wallet/${w.id}/invoice`, { key: sak, json: { num_satoshis: 3 } })).data,
    )
    await sim.control.settleInvoice(inv.id)
    await movesNothing(async () =>
      expectError(await pay({ payment_request: inv.payment_request }), 400, 'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS'),
    )
  })

  it('wrong key kinds: an invoice or read key may not pay, a public key needs a wallet key', async () => {
    const pr = sim.control.outside.payee({ amountSat: 10 }).payment_request
    const pak = sim.keys.public
    await movesNothing(async () => {
      expectError(await pay({ payment_request: pr }, pak, payer.keys.invoice), 401, /^waki_ .*: wallet_withdraw$/)
      expectError(await pay({ payment_request: pr }, pak, payer.keys.read), 401, /^wakr_ .*: wallet_withdraw$/)
      expectError(await pay({ payment_request: pr }, pak, payer.id), 401, /^Invalid Wallet Access Key/)
      expectError(
        await pay({ payment_request: pr }, 'sak_wrong'),
        401,
        'Your request was made with invalid credentials.',
      )
      expectError(await pay({ payment_request: pr }, sak, 'wal_nope'), 401, 'Wallet not found: wal_nope')
    })
    // the withdraw-link key may pay (the published role has wallet_withdraw)
    expect((await pay({ payment_request: pr }, pak, payer.keys.lnurlw)).status).toBe(201)
  })

  it('a busy wallet: 400 "Wallet busy try again soon", nothing paid, and the next try goes through', async () => {
    const pr = sim.control.outside.payee({ amountSat: 10 }).payment_request
    sim.control.injectFault({ path: '/withdraw', kind: 'busy', times: 1 })
    await movesNothing(async () => expectError(await pay({ payment_request: pr }), 400, 'Wallet busy try again soon'))
    expect((await pay({ payment_request: pr })).status).toBe(201)
    sim.control.injectFault({ path: '/transfer', kind: 'busy', times: 1 })
    const other = sim.control.createWallet('Busy dest')
    const t = await call(sim, 'POST', `/v1/wallet/${payer.id}/transfer`, {
      key: sak,
      json: { dest_wallet_id: other.id, num_satoshis: 1 },
    })
    expectError(t, 400, 'Wallet busy try again soon...')
    expect(sim.control.balanceMsat(other.id)).toBe(0)
  })

  it('a per-request limit, when set, refuses larger payments before anything else', async () => {
    await withSimulator({ seed: 'empty', sendCapSat: 10_000 }, async (capped) => {
      const w = capped.control.createWallet('Capped', 50_000)
      const big = capped.control.outside.payee({ amountSat: 10_001 }).payment_request
      const r = await call(capped, 'POST', `/v1/wallet/${w.id}/withdraw`, {
        key: capped.keys.secret,
        json: { payment_request: big },
      })
      expectError(r, 400, 'Sends are limited to: 10000 satoshi per request')
      const ok = capped.control.outside.payee({ amountSat: 10_000 }).payment_request
      expect(
        (
          await call(capped, 'POST', `/v1/wallet/${w.id}/withdraw`, {
            key: capped.keys.secret,
            json: { payment_request: ok },
          })
        ).status,
      ).toBe(201)
    })
  })

  it('a wallet may pay its own invoice (the node pays itself): the balance stays, nothing leaves', async () => {
    const inv = LnTx.parse(
      (await call(sim, 'POST', `/v1/wallet/${payer.id}/invoice`, { key: sak, json: { num_satoshis: 5 } })).data,
    )
    await movesNothing(async () => expect((await pay({ payment_request: inv.payment_request })).status).toBe(201))
  })
})

/** A decoded request as the published server passes on its node's answer. */
const Decoded = z.object({
  destination: z.string().regex(/^0[23][0-9a-f]{64}$/),
  payment_hash: z.string().regex(/^[0-9a-f]{64}$/),
  num_satoshis: z.string().regex(/^\d+$/),
  timestamp: z.string().regex(/^\d+$/),
  expiry: z.string().regex(/^\d+$/),
  description: z.string().optional(),
  descriptionHash: z.string().optional(),
  cltv_expiry: z.string(),
  paymentAddr: z.string().optional(),
  numMsat: z.string().regex(/^\d+$/),
  features: z.record(z.string(), z.object({ name: z.string(), isRequired: z.boolean(), isKnown: z.boolean() })),
})

describe('decoding a request before paying it', () => {
  const decode = (pr: string, key = sak, node = 'default') =>
    call(sim, 'GET', `/v1/node/${node}/payments/decodeinvoice?payment_request=${encodeURIComponent(pr)}`, { key })

  it('amount, description, payee, expiry, hash: as strings, like the node answers', async () => {
    const payee = sim.control.outside.payee({ amountSat: 2_100, memo: 'Concert ticket', expiry: 600 })
    const r = await decode(payee.payment_request)
    expect(r.status).toBe(200)
    const d = Decoded.parse(r.data)
    expect(d).toMatchObject({
      payment_hash: payee.paymentHash,
      num_satoshis: '2100',
      numMsat: '2100000',
      description: 'Concert ticket',
      expiry: '600',
      timestamp: String(payee.timestamp),
    })
    expect(d.features['14']).toEqual({ name: 'payment-addr', isRequired: true, isKnown: true })
    // the payee is the node that signed it: the service's own node for its invoices
    const inv = LnTx.parse(
      (await call(sim, 'POST', `/v1/wallet/${payer.id}/invoice`, { key: sak, json: { num_satoshis: 1 } })).data,
    )
    expect(Decoded.parse((await decode(inv.payment_request, sim.keys.public)).data).destination).toBe(inv.dest_pubkey)
    expect(Decoded.parse((await decode(inv.payment_request, sak, 'lnod_sim0001')).data).num_satoshis).toBe('1')
  })

  it('amountless and expired requests decode (paying them is what fails)', async () => {
    const any = Decoded.parse((await decode(sim.control.outside.payee({ amountSat: null }).payment_request)).data)
    expect([any.num_satoshis, any.numMsat]).toEqual(['0', '0'])
    const expired = sim.control.outside.payee({ amountSat: 1, expired: true, expiry: 60 })
    const d = Decoded.parse((await decode(expired.payment_request)).data)
    expect(Number(d.timestamp) + Number(d.expiry)).toBeLessThan(sim.control.clock.now())
  })

  it('bad input: missing, malformed, another network, an unknown node, no key', async () => {
    expectError(
      await call(sim, 'GET', '/v1/node/default/payments/decodeinvoice', { key: sak }),
      400,
      'Missing required parameters: payment_request',
    )
    expectError(await decode('lnbcrt1nonsense'), 400, 'Invalid payment request')
    expectError(await decode('hello'), 400, 'Invalid payment request')
    expectError(
      await decode(sim.control.outside.payee({ amountSat: 1 }).payment_request, sak, 'lnod_other'),
      401,
      'Invalid node id: lnod_other',
    )
    expectError(await decode(sim.control.outside.payee({ amountSat: 1 }).payment_request, ''), 401)
    expectError(await decode(mainnetRequest()), 400, "invoice not for current active network 'regtest'")
  })
})

describe('amountless invoices', () => {
  it.each([{ num_satoshis: 0 }, {}])('%j: any amount an outside payer chooses settles it, once', async (body) => {
    const w = sim.control.createWallet('Tips')
    const r = await call(sim, 'POST', `/v1/wallet/${w.keys.invoice}/invoice`, {
      key: sak,
      json: { ...body, memo: 'tip' },
    })
    const inv = LnTx.parse(r.data)
    expect(inv.num_satoshis).toBe(0)
    const decoded = await call(
      sim,
      'GET',
      `/v1/node/default/payments/decodeinvoice?payment_request=${inv.payment_request}`,
      {
        key: sak,
      },
    )
    expect(decoded.data.num_satoshis).toBe('0') // no amount in the request
    await expect(sim.control.settleInvoice(inv.id)).rejects.toThrow(/needs an amount/)
    await sim.control.settleInvoice(inv.payment_request, 1234)
    const after = LnTx.parse((await call(sim, 'GET', `/v1/lntx/${inv.id}`, { key: sak })).data)
    expect(after).toMatchObject({ settled: true, num_satoshis: 1234 })
    const rows = WalletTransactionList((await call(sim, 'GET', `/v1/wallet/${w.id}/transactions`, { key: sak })).data)
    expect(rows.map((t) => [t.wtxType.name, t.num_satoshis])).toEqual([['ln_deposit', 1234]])
    await expect(sim.control.settleInvoice(inv.id, 5)).rejects.toThrow(/already paid/)
    expect(sim.control.balanceMsat(w.id)).toBe(1_234_000)
    // another wallet of the service cannot pay it: the published server refuses amountless requests
    expectError(await pay({ payment_request: inv.payment_request }), 400, 'Cannot process any amount invoices')
  })
})
