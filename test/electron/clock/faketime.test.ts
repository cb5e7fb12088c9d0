// The real thing: the app's core in a child process whose system clock libfaketime puts 25 h
// ahead (and 2 h behind), nothing injected, against the simulator on the true time in this
// process. The same three journeys as skew.test.ts: a new invoice pending then paid and
// announced; an invoice with an hour left decoded and paid once; a payment whose answer comes
// after "Check again" never failed, and paid in the end.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { needFaketime, runChild } from './faketimeRun'
import { paidToPayee } from './skewedApp'

const CHILD = resolve(__dirname, 'clockChild.ts')

let sim: SimulatorHandle
let w: SimWallet
const dirs: string[] = []
beforeAll(async () => {
  needFaketime()
  sim = await startSimulator({ seed: 'empty' })
  w = sim.control.createWallet('Faketime', 100_000)
})
afterAll(async () => {
  await sim.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

const child = (faketime: string, env: Record<string, string>) =>
  runChild(CHILD, faketime, env) as Promise<Record<string, unknown>>

describe.each([
  ['+25h', 25 * 3600],
  ['-2h', -2 * 3600],
])('the app core with its system clock at %s (libfaketime)', { timeout: 120_000 }, (faketime, offsetSec) => {
  it('shows a fresh invoice pending then paid, pays an invoice with an hour left once, never fails a late payment', async () => {
    sim.control.clearFaults() // a fault an earlier run left unused
    const dir = await mkdtemp(join(tmpdir(), 'lt-faketime-'))
    dirs.push(dir)
    const hour = sim.control.outside.payee({ amountSat: 400, expiry: 3600 })
    const late = sim.control.outside.payee({ amountSat: 600, expiry: 3600 })
    const started = Date.now()
    const r = (await child(`${faketime}`, {
      LT_DIR: dir,
      LT_SIM_URL: sim.url,
      LT_SIM_KEY: sim.keys.secret,
      LT_WALLET: w.id,
      LT_HOUR_INVOICE: hour.payment_request,
      LT_LATE_INVOICE: late.payment_request,
      LT_RUN: `${process.pid}-${offsetSec}`,
    })) as {
      computerNow: number
      clockOffsetSec: number
      invoice: { created: string; states: string[]; paid: boolean; announced: number }
      hour: { decoded: { ok: boolean }; paid: { ok: boolean } }
      late: { answer: { ok: boolean; error?: { code: string } }; earlyState: string; final: string; states: string[] }
    }
    // the child's own clock really was off, and it learnt the service's
    expect(Math.abs((r.computerNow - started) / 1000 - offsetSec)).toBeLessThan(120)
    expect(r.invoice).toMatchObject({ created: 'pending', paid: true, announced: 1 })
    expect(r.invoice.states).not.toContain('expired')
    expect(r.hour.decoded).toMatchObject({ ok: true, value: { amountMsat: 400_000 } })
    expect(r.hour.paid, JSON.stringify(r.hour.paid)).toMatchObject({ ok: true })
    expect(paidToPayee(sim, hour.paymentHash)).toBe(1)
    expect(r.late.answer).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    expect(r.late.earlyState).toBe('unknown')
    expect(r.late.final).toBe('paid')
    expect(r.late.states).not.toContain('failed')
    expect(paidToPayee(sim, late.paymentHash)).toBe(1)
    // what the renderer is given to judge by: the service's clock minus the computer's
    expect(Math.abs(r.clockOffsetSec + offsetSec)).toBeLessThanOrEqual(2)
  })
})
