// Errors and authentication: the error shape and statuses, key permissions, the auth methods
// and their precedence. (Moved out of api.test.ts, which kept the operations.)

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WalletList } from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, startSimulator } from './index'
import { call, expectError, firstWallet, withSimulator } from './support'

let sim: SimulatorHandle
let sak: string
let w: ReturnType<typeof firstWallet>

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  sak = sim.keys.secret
  w = firstWallet(sim)
})
afterAll(() => sim.close())

describe('errors', () => {
  it('no key, wrong key', async () => {
    expectError(await call(sim, 'GET', '/v1/wallets'), 401, 'Your request was made with invalid credentials.')
    expectError(
      await call(sim, 'GET', '/v1/wallets', { key: 'sak_wrong' }),
      401,
      'Your request was made with invalid credentials.',
    )
    expectError(await call(sim, 'GET', `/v1/wallet/${w.id}`, { key: w.keys.admin }), 401)
  })

  it('a key without the permission', async () => {
    const pak = sim.keys.public
    expectError(
      await call(sim, 'GET', '/v1/wallets', { key: pak }),
      401,
      'This resource can only be access with secret access key.',
    )
    expectError(
      await call(sim, 'GET', `/v1/wallet/${w.keys.invoice}`, { key: pak }),
      401,
      'waki_ access key provided does not permission to do this: wallet_read',
    )
    expectError(
      await call(sim, 'POST', `/v1/wallet/${w.keys.read}/invoice`, { key: pak, json: { num_satoshis: 1 } }),
      401,
      /^wakr_ access key provided does not permission to do this: wallet_deposit$/,
    )
    expectError(
      await call(sim, 'POST', `/v1/wallet/${w.keys.lnurlp}/withdraw`, { key: pak, json: { payment_request: 'x' } }),
      401,
      /^waklp_ .*wallet_withdraw$/,
    )
    expectError(await call(sim, 'GET', `/v1/wallet/${w.id}`, { key: pak }), 401, /^Invalid Wallet Access Key/)
    // the permitted ones, with a public key: each role as its table says, old prefixes as their twins
    expect((await call(sim, 'GET', `/v1/wallet/${w.keys.read}`, { key: pak })).status).toBe(200)
    expect(
      (await call(sim, 'GET', `/v1/wallet/${w.legacyKeys.read}/transactions?per-page=1`, { key: pak })).status,
    ).toBe(200)
    expect((await call(sim, 'GET', `/v1/wallet/${w.keys.lnurlw}`, { key: pak })).status).toBe(200)
    expect(
      (await call(sim, 'POST', `/v1/wallet/${w.legacyKeys.invoice}/invoice`, { key: pak, json: { num_satoshis: 1 } }))
        .status,
    ).toBe(201)
    expect(
      (await call(sim, 'POST', `/v1/wallet/${w.keys.lnurlp}/invoice`, { key: pak, json: { num_satoshis: 1 } })).status,
    ).toBe(201)
    expectError(await call(sim, 'GET', `/v1/wallet/${w.legacyKeys.invoice}`, { key: pak }), 401, /^wi_ /)
    expectError(
      await call(sim, 'POST', `/v1/wallet/${w.keys.read}/transfer`, { key: pak, json: {} }),
      401,
      /wallet_transfer/,
    )
  })

  it('unknown wallet and unknown lntx answer 401', async () => {
    expectError(await call(sim, 'GET', '/v1/wallet/wal_nope', { key: sak }), 401, 'Wallet not found: wal_nope')
    expectError(await call(sim, 'GET', '/v1/lntx/lntx_nope', { key: sak }), 401, 'LnTx not found')
    // another account's wallet is as unknown as a missing one
    await withSimulator({ seed: 'empty' }, async (other) => {
      const theirs = firstWallet(other)
      const mine = await call(other, 'GET', `/v1/wallet/${w.id}`, { key: other.keys.secret })
      expectError(mine, 401, `Wallet not found: ${w.id}`)
      expect(theirs.id).not.toBe(w.id)
    })
  })

  it('unknown route answers 404 in the error shape', async () => {
    expectError(await call(sim, 'GET', '/v1/nothing-here', { key: sak }), 404)
  })

  it('bad amounts, insufficient funds, malformed bodies', async () => {
    const path = `/v1/wallet/${w.id}/invoice`
    expectError(
      await call(sim, 'POST', path, { key: sak, json: { num_satoshis: 'ten' } }),
      400,
      'num_satoshis must be an integer.',
    )
    expectError(
      await call(sim, 'POST', path, { key: sak, json: { num_satoshis: 1.5 } }),
      400,
      'num_satoshis must be an integer.',
    )
    expectError(await call(sim, 'POST', path, { key: sak, form: { num_satoshis: '-3' } }), 400, /no less than 0/)
    const bad = await call(sim, 'POST', path, {
      key: sak,
      rawBody: '{"num_satoshis": 1',
      headers: { 'Content-Type': 'application/json' },
    })
    expectError(bad, 400, /^Invalid JSON data in request body: /)
    expectError(await call(sim, 'POST', path, { key: sak, json: [1, 2] }), 400)
    const broke = sim.control.createWallet('Broke', 10)
    const pay = await call(sim, 'POST', `/v1/wallet/${broke.id}/lnurlp/pay`, {
      key: sak,
      json: { ln_address: 'alice@sim.example', amt_msat: 50_000 },
    })
    expectError(pay, 400, /^Invoice too large :\) Max balance: \d+$/)
    expect(sim.control.balanceMsat(broke.id)).toBe(10_000)
  })

  it('the invoice cap, when set, refuses larger invoices', async () => {
    await withSimulator({ seed: 'empty', invoiceCapSat: 10_000 }, async (capped) => {
      const cw = firstWallet(capped)
      const r = await call(capped, 'POST', `/v1/wallet/${cw.id}/invoice`, {
        key: capped.keys.secret,
        json: { num_satoshis: 10_001 },
      })
      expectError(r, 400, 'Receiving is limited to: 10000 satoshi per invoice')
      expect(
        (
          await call(capped, 'POST', `/v1/wallet/${cw.id}/invoice`, {
            key: capped.keys.secret,
            json: { num_satoshis: 10_000 },
          })
        ).status,
      ).toBe(201)
    })
  })
})

describe('authentication methods', () => {
  it.each(['header', 'basic', 'query'] as const)('accepts the key by %s', async (auth) => {
    const r = await call(sim, 'GET', '/v1/wallets', { key: sak, auth })
    expect(r.status).toBe(200)
    WalletList.parse(r.data)
    expectError(await call(sim, 'GET', '/v1/wallets', { key: 'sak_bad', auth }), 401)
  })

  it('precedence: header, then the query, then Basic; the winner alone decides', async () => {
    const basic = (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`
    const pak = sim.keys.public
    const secretOnly = 'This resource can only be access with secret access key.'
    // header wins over query and Basic
    let r = await call(sim, 'GET', `/v1/wallets?access-token=${pak}`, {
      headers: { 'X-Api-Key': sak, Authorization: basic(pak) },
    })
    expect(r.status).toBe(200)
    r = await call(sim, 'GET', `/v1/wallets?access-token=${sak}`, {
      headers: { 'X-Api-Key': pak, Authorization: basic(sak) },
    })
    expectError(r, 401, secretOnly)
    // the query wins over Basic
    r = await call(sim, 'GET', `/v1/wallets?access-token=${sak}`, { headers: { Authorization: basic(pak) } })
    expect(r.status).toBe(200)
    r = await call(sim, 'GET', `/v1/wallets?access-token=${pak}`, { headers: { Authorization: basic(sak) } })
    expectError(r, 401, secretOnly)
    // a wrong key in the winning method fails at once, whatever the others carry
    r = await call(sim, 'GET', '/v1/wallets?access-token=sak_wrong', { headers: { Authorization: basic(sak) } })
    expectError(r, 401, 'Your request was made with invalid credentials.')
    r = await call(sim, 'GET', `/v1/wallets?access-token=${sak}`, { headers: { 'X-Api-Key': '' } })
    expectError(r, 401, 'Your request was made with invalid credentials.')
    // Basic alone, and Basic with an empty user name counts as no key
    expect((await call(sim, 'GET', '/v1/wallets', { headers: { Authorization: basic(sak) } })).status).toBe(200)
    r = await call(sim, 'GET', '/v1/wallets', { headers: { Authorization: basic('') } })
    expectError(r, 401, 'Your request was made with invalid credentials.')
  })
})
