// The main process killed at each step of a payment and started again (a child process running
// the app's core against the simulator, keys in the real keychain: run under
// scripts/with-keyring.sh). Every time: at most the one payment at the service, never re-sent, and
// what the app reports after the restart says paid, failed or unknown as the service has it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { runChild } from '../../support/killableChild'

const CHILD = resolve(__dirname, 'crashChild.ts')
const service = `lightning-tray-crash-${process.pid}`

let sim: SimulatorHandle
let w: SimWallet
const dirs: string[] = []
beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  w = sim.control.createWallet('Crash', 100_000)
})
afterAll(async () => {
  await sim.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

type Report = { out: unknown; entry: { state: string; txId: string | null } | null }

/** Runs the app's core once; `stopWhen` may kill it from outside (SIGKILL) once it returns true. */
const child = (env: Record<string, string>, stopWhen?: () => boolean) =>
  runChild<Report>(CHILD, { LT_SERVICE: service, ...env }, stopWhen)

/** A fresh userData folder with the simulator's account connected (key in the keychain). */
async function connected(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lt-crash-'))
  dirs.push(dir)
  const r = await child({ LT_DIR: dir, LT_MODE: 'connect', LT_SIM_URL: sim.url, LT_SIM_KEY: sim.keys.secret })
  expect(r.report?.out).toMatchObject({ ok: true })
  return dir
}

/** The service's own rows that carry this request id (a payment has one; its fee row does not). */
async function atService(requestId: string): Promise<number> {
  const res = await fetch(`${sim.url}/v1/wallet/${w.id}/transactions?per-page=500`, {
    headers: { 'X-Api-Key': sim.keys.secret },
  })
  const rows = (await res.json()) as Array<{ passThru?: { requestId?: string } }>
  return rows.filter((r) => r.passThru?.requestId === requestId).length
}
const withdrawals = () => sim.control.requests({ path: /^\/v1\/wallet\/[^/]+\/withdraw$/ }).length

let n = 0
async function payAndCrash(o: { killAt?: string; stopWhen?: (id: string) => () => boolean; expirySec?: number }) {
  const dir = await connected()
  const requestId = `req-crash-${process.pid}-${++n}`
  const invoice = sim.control.outside.payee({ amountSat: 1000, expiry: o.expirySec ?? 3600 }).payment_request
  const sent = withdrawals()
  const first = await child(
    {
      LT_DIR: dir,
      LT_MODE: 'pay',
      LT_WALLET: w.id,
      LT_INVOICE: invoice,
      LT_REQUEST_ID: requestId,
      LT_KILL_AT: o.killAt ?? '',
    },
    o.stopWhen?.(requestId),
  )
  expect(first.signal).toBe('SIGKILL')
  const sentBefore = withdrawals() - sent
  const again = await child({ LT_DIR: dir, LT_MODE: 'start', LT_REQUEST_ID: requestId })
  // starting again sent nothing
  expect(withdrawals() - sent).toBe(sentBefore)
  return { dir, requestId, sentBefore, again: again.report, sent }
}

// each case starts the app's core two or three times in a child process: slow on a shared machine
describe('a payment whose process was killed', { timeout: 120_000 }, () => {
  it('before the request left: nothing at the service, and it reads as failed (never sent)', async () => {
    const r = await payAndCrash({ killAt: 'journaled' })
    expect(r.sentBefore).toBe(0)
    expect(await atService(r.requestId)).toBe(0)
    expect(r.again?.entry).toMatchObject({ state: 'failed' })
    expect(r.again?.out).toEqual({ unfinished: { ok: true, value: { payments: [] } } })
  })

  it('after it left, before the answer came back: one payment at the service, and it reads as paid', async () => {
    // the service pays at once but holds its answer back; the process dies while waiting for it
    sim.control.injectFault({ path: '/withdraw', kind: 'latency', ms: 5000, when: 'after', times: 1 })
    let paid = false
    const r = await payAndCrash({
      stopWhen: (id) => () => {
        void atService(id).then((k) => {
          paid ||= k === 1
        })
        return paid
      },
    })
    expect(r.sentBefore).toBe(1)
    expect(await atService(r.requestId)).toBe(1)
    expect(r.again?.entry).toMatchObject({ state: 'paid', txId: expect.stringMatching(/^wtx_/) })
  })

  it('after the answer, before it was noted: one payment at the service, and it reads as paid', async () => {
    const r = await payAndCrash({ killAt: 'answered' })
    expect(r.sentBefore).toBe(1)
    expect(await atService(r.requestId)).toBe(1)
    expect(r.again?.entry).toMatchObject({ state: 'paid' })
  })

  it('marked sent but not found: unknown, listed with a way to check; "Check again" never makes it failed', async () => {
    const r = await payAndCrash({ killAt: 'sent', expirySec: 600 })
    expect(r.sentBefore).toBe(0)
    expect(r.again?.entry).toMatchObject({ state: 'unknown' })
    expect(r.again?.out).toMatchObject({ unfinished: { ok: true, value: { payments: [{ requestId: r.requestId }] } } })
    // The computer's clock an hour ahead: the service's clock says the invoice has minutes left,
    // so the payment may still arrive. (Judged by the computer's clock it was "failed", for good.)
    const ahead = await child({
      LT_DIR: r.dir,
      LT_MODE: 'check',
      LT_REQUEST_ID: r.requestId,
      LT_NOW_OFFSET_SEC: '3600',
    })
    expect(ahead.report?.entry).toMatchObject({
      state: 'unknown',
      error: expect.stringMatching(/may still be on its way/),
    })
    // An hour on at the service: the invoice has expired there. Absent is still not the service's
    // word that it failed: unknown, said to be most likely unpaid.
    sim.control.clock.advance(3600)
    try {
      const later = await child({ LT_DIR: r.dir, LT_MODE: 'check', LT_REQUEST_ID: r.requestId })
      expect(later.report?.entry).toMatchObject({
        state: 'unknown',
        error: expect.stringMatching(/expired by the service/),
      })
      expect(later.report?.out).toMatchObject({
        ok: true,
        value: { payments: [{ requestId: r.requestId }], settled: [] },
      })
    } finally {
      sim.control.clock.reset()
    }
    expect(withdrawals() - r.sent).toBe(0)
    expect(await atService(r.requestId)).toBe(0)
  })
})

describe('a withdraw link whose process was killed while it was being made', { timeout: 120_000 }, () => {
  it('is never made again for the same request id: the restart answers unknown outcome, with where to look', async () => {
    const dir = await connected()
    const requestId = `req-crash-link-${process.pid}`
    const links = () =>
      [...sim.control.ledger.tokens.values()].filter((k) => k.memo === requestId && k.kind === 'withdraw')
    const mints = () => sim.control.requests({ path: /\/lnurl\/withdraw$/ }).length
    const before = mints()
    // the service makes the link at once but holds its answer; the process dies while waiting for it
    sim.control.injectFault({ path: '/lnurl/withdraw', kind: 'latency', ms: 5000, when: 'after', times: 1 })
    const env = { LT_DIR: dir, LT_MODE: 'withdraw', LT_WALLET: w.id, LT_REQUEST_ID: requestId }
    const first = await child(env, () => links().length === 1)
    expect(first.signal).toBe('SIGKILL')
    expect(links()).toHaveLength(1)
    const again = await child(env)
    expect(again.report?.out).toMatchObject({
      ok: false,
      error: { code: 'unknown_outcome', message: expect.stringContaining('withdraw links on Withdraw') },
    })
    expect(links()).toHaveLength(1)
    expect(mints() - before).toBe(1)
  })
})
