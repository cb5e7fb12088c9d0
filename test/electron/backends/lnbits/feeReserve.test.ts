// An LNbits server takes no fee limit and keeps its own reserve (docs/lnbits.md, "Fees"): through
// the whole app (createApp's router) against the simulator's LNbits flavor with a reserve unlike
// LNbits' defaults (3 sat, 2 %), the confirmation's figure is the server's answer, the balance check
// and the daily limit count that reserve, and an address whose reserve proves larger than the one
// shown is refused before anything is paid.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, InvoiceView } from '@shared/contract'
import type { Result } from '@shared/errors'
import { feeLimitMsat } from '@shared/payment/fees'
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../../../electron/main/app/createApp'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { requestsTo, simBalance, startedApp } from './support'

let sim: SimulatorHandle
let a: LnbitsWallet
let dir: string
let app: App
let account: AccountView

/** the server's own rule for these settings: max(3,000 msat, 2 % of the amount) */
const serverReserve = (amountMsat: number) => Math.max(3000, Math.trunc(amountMsat * 0.02))

beforeAll(async () => {
  sim = await startSimulator({
    seed: 'demo',
    flavor: 'lnbits',
    lnbitsFees: { reserveFeeMinMsat: 3000, reserveFeePercent: 2 },
  })
  a = sim.lnbits[0] as LnbitsWallet
  dir = await mkdtemp(join(tmpdir(), 'lt-lnbits-fee-'))
  app = await startedApp(dir, sim)
  const input = { kind: 'lnbits', baseUrl: sim.url, keys: [a.adminkey], label: 'LNbits', storage: 'memory' }
  account = value<AccountView>(await app.router.handle('accounts.connect', input as never))
})
afterAll(async () => {
  await app?.dispose()
  await rm(dir, { recursive: true, force: true })
  await sim?.close()
})

function value<T>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const call = <T>(name: string, input: unknown = {}) => app.router.handle(name as never, input as never).then(value<T>)
const outsideInvoice = (amountSat: number) => sim.control.outsideInvoice(amountSat, 'outside')
const paysSent = () => requestsTo(sim, 'POST', '/api/v1/payments')

describe("an LNbits account's fee limit is the server's reserve", () => {
  it('says so in its flags, and the confirmation figure is what the server answers for the invoice', async () => {
    expect(account.capabilities?.serverFeeReserve).toBe(true)
    for (const sats of [50, 10_000]) {
      const inv = await call<InvoiceView>('pay.decode', { invoice: outsideInvoice(sats) })
      expect(inv.feeLimitMsat).toBe(serverReserve(sats * 1000))
      expect(inv.feeLimitMsat).not.toBe(feeLimitMsat(sats * 1000))
    }
  })

  it('refuses, before sending, a payment whose reserve the balance cannot hold, naming what it needs', async () => {
    const balance = await simBalance(sim, a)
    // the app's own 0.1 % would fit; the server's 2 % does not
    const sats = Math.floor(balance / 1000 / 1.01)
    expect(sats * 1000 + feeLimitMsat(sats * 1000)).toBeLessThanOrEqual(balance)
    expect(sats * 1000 + serverReserve(sats * 1000)).toBeGreaterThan(balance)
    sim.control.resetRequests()
    const r = await app.router.handle('pay.invoice', {
      walletId: a.id,
      invoice: outsideInvoice(sats),
      requestId: 'req-fee-short-1',
    } as never)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error.code).toBe('insufficient_funds')
    // to the msat: 2 % of an amount is not whole sats
    expect(!r.ok && r.error.message).toContain(`needs up to ${formatMsat(sats * 1000 + serverReserve(sats * 1000))}`)
    expect(paysSent()).toBe(0)
    expect(await simBalance(sim, a)).toBe(balance)
  })

  it("counts the reserve in the daily limit: a payment the app's own fee would fit is refused", async () => {
    await call('spending.set', { accountId: account.id, confirmAboveSat: null, dailyLimitSat: 102 })
    sim.control.resetRequests()
    // 100 sats + the server's 3-sat reserve is over 102; with the app's 1-sat limit it would not be
    const r = await app.router.handle('pay.invoice', {
      walletId: a.id,
      invoice: outsideInvoice(100),
      requestId: 'req-fee-limit-1',
    } as never)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error.code).toBe('limit')
    expect(paysSent()).toBe(0)
    await call('spending.set', { accountId: account.id, confirmAboveSat: null, dailyLimitSat: null })
  })

  it('pays within the reserve, once', async () => {
    const before = await simBalance(sim, a)
    sim.control.resetRequests()
    const paid = await call<{ amountMsat: number; feeMsat: number }>('pay.invoice', {
      walletId: a.id,
      invoice: outsideInvoice(500),
      requestId: 'req-fee-pay-1',
    })
    expect(Math.abs(paid.amountMsat)).toBe(500_000)
    expect(paid.feeMsat).toBeLessThanOrEqual(serverReserve(500_000))
    expect(paysSent()).toBe(1)
    expect(await simBalance(sim, a)).toBe(before - 500_000 - paid.feeMsat)
  })

  it("refuses an address whose invoice's reserve is above the one shown, in words, nothing paid", async () => {
    const before = await simBalance(sim, a)
    sim.control.resetRequests()
    const r = await app.router.handle('pay.lightningAddress', {
      walletId: a.id,
      address: 'alice@sim.example',
      amountMsat: 21_000,
      requestId: 'req-fee-addr-1',
    } as never)
    expect(r.ok).toBe(false)
    // shown: LNbits' default reserve, 2 sats; this server keeps 3
    expect(!r.ok && r.error.message).toBe(
      "The LNbits server keeps back 3 sats for this payment's fee, more than the 2 sats you confirmed. Nothing was paid.",
    )
    expect(paysSent()).toBe(0)
    expect(await simBalance(sim, a)).toBe(before)
    // the journal says it failed, so Check again never takes it for a payment that may have left
    const open = await call<{ payments: { requestId: string }[] }>('payments.unfinished')
    expect(open.payments.map((e) => e.requestId)).not.toContain('req-fee-addr-1')
  })
})
