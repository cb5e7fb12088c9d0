// The LNbits flavor keeps LNbits' fee reserve (lnbits/settings.py, core/services/payments.py):
// `GET /api/v1/payments/fee-reserve` answers max(min, amount × percent) without a key, a payment
// to the outside must leave that reserve in the wallet (520 `failed`, LNbits' words), the reserve
// caps the routing fee, and a payment between two wallets of the server needs none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from '../index'
import { lnbitsApi } from './apiCall'
import type { LnbitsWallet } from './index'

let sim: SimulatorHandle
let a: LnbitsWallet
let b: LnbitsWallet

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo', flavor: 'lnbits', lnbitsFees: { reserveFeeMinMsat: 5000 } })
  ;[a, b] = sim.lnbits as [LnbitsWallet, LnbitsWallet]
})
afterAll(() => sim.close())

const api = (method: string, path: string, key: string | null, body?: unknown) =>
  lnbitsApi(sim.url, method, path, key, body)
const balanceMsat = async (w: LnbitsWallet) => (await api('GET', '/api/v1/wallet', w.inkey)).json.balance as number
const outside = async (amountSat: number) =>
  (await api('POST', '/_sim/outside-invoice', null, { amountSat })).json.payment_request as string
const reserveOf = async (invoice: string) =>
  api('GET', `/api/v1/payments/fee-reserve?invoice=${encodeURIComponent(invoice)}`, null)

describe('fee reserve', () => {
  it('answers the reserve in msat without a key: the minimum for a small amount, the percent above', async () => {
    expect(await reserveOf(await outside(100))).toEqual({ status: 200, json: { fee_reserve: 5000 } })
    // 1 % of 1,000 sats is 10,000 msat, above the 5,000 minimum
    expect(await reserveOf(await outside(1000))).toEqual({ status: 200, json: { fee_reserve: 10_000 } })
    expect((await reserveOf('not an invoice')).status).toBe(400)
  })

  it('refuses a payment that would not leave the reserve, in LNbits words, and moves nothing', async () => {
    const balance = await balanceMsat(a)
    // an amount that fits the balance but not with a 1 % reserve on top
    const sats = Math.floor(balance / 1000 / 1.005)
    const pr = await outside(sats)
    const reserve = (await reserveOf(pr)).json.fee_reserve as number
    expect(sats * 1000 + reserve).toBeGreaterThan(balance)
    const refused = await api('POST', '/api/v1/payments', a.adminkey, { out: true, bolt11: pr })
    expect(refused).toEqual({
      status: 520,
      json: {
        detail: `You must reserve at least (${Math.round(reserve / 1000)}  sat) to cover potential routing fees.`,
        status: 'failed',
      },
    })
    expect(await balanceMsat(a)).toBe(balance)
  })

  it('pays within the reserve: the fee taken is at most what fee-reserve said', async () => {
    const pr = await outside(2000)
    const reserve = (await reserveOf(pr)).json.fee_reserve as number
    const before = await balanceMsat(a)
    const paid = await api('POST', '/api/v1/payments', a.adminkey, { out: true, bolt11: pr })
    expect(paid.status).toBe(201)
    const fee = Math.abs(paid.json.fee as number)
    expect(fee).toBeGreaterThan(0)
    expect(fee).toBeLessThanOrEqual(reserve)
    expect(await balanceMsat(a)).toBe(before - 2_000_000 - fee)
  })

  it('needs no reserve between two wallets of the server', async () => {
    const balance = await balanceMsat(a)
    const sats = Math.floor(balance / 1000)
    const made = await api('POST', '/api/v1/payments', b.inkey, { out: false, amount: sats, memo: 'all of it' })
    const paid = await api('POST', '/api/v1/payments', a.adminkey, { out: true, bolt11: made.json.bolt11 })
    expect(paid.status).toBe(201)
    expect(await balanceMsat(a)).toBe(balance - sats * 1000)
  })
})
