// A move through the router, as the Settings flow calls it, against two simulators: a second
// service account (its own simulator, one funded wallet and an empty one) moved off into the
// harness's account. What it refuses, a run that reaches nothing (said as its error, the move
// kept to resume), a resumed move keeping its own target, and a wallet the spending rules refuse
// reported with their words and not tried again (docs/move.md).
import type { MovePlan, MoveView } from '@shared/contract'
import { sendAllMsat } from '@shared/payment/fees'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedApp, connectMoveSource, type MoveSource, startConnectedApp } from '../ipc/appHarness'

let t: ConnectedApp
let source: MoveSource
let n = 0
const rid = () => `req-move-${process.pid}-${++n}`
const run = (name: string, input: unknown) => t.app.router.handle(name, input)
const target = () => t.app.accounts.list().activeId as string
const input = (o: Partial<{ toAccountId: string; toWalletId: string }> = {}) => ({
  fromAccountId: source.accountId,
  toAccountId: o.toAccountId ?? target(),
  toWalletId: o.toWalletId ?? t.w.id,
  requestId: rid(),
})
const invoicePath = /^\/v1\/(user\/)?wallet\/[^/]+\/invoice$/

beforeAll(async () => {
  t = await startConnectedApp({ label: 'Target', balanceSat: 1_000 })
  source = await connectMoveSource(t, 30_000)
}, 60_000)
afterAll(async () => {
  await source?.close()
  await t?.close()
})
afterEach(() => t.sim.control.clearFaults())

describe('a move through the router', { timeout: 60_000 }, () => {
  it('plans: the other accounts as targets, each wallet with what moves and its fee reserve', async () => {
    const r = await run('move.plan', { fromAccountId: source.accountId })
    expect(r.ok).toBe(true)
    const plan = (r as { value: MovePlan }).value
    expect(plan.targets.map((x) => x.accountId)).toEqual([target()])
    expect(plan.targets[0]?.wallets.map((w) => w.id)).toContain(t.w.id)
    const funded = plan.wallets.find((w) => w.walletId === source.w.id)
    expect(funded).toEqual({
      walletId: source.w.id,
      name: 'Moved off',
      balanceMsat: 30_000_000,
      amountMsat: sendAllMsat(30_000_000),
      feeReserveMsat: 30_000_000 - sendAllMsat(30_000_000),
    })
    expect(plan.wallets.find((w) => w.walletId !== source.w.id)).toMatchObject({ amountMsat: 0, feeReserveMsat: 0 })
    expect(plan.last).toBeNull()
  })

  it('refuses a move to its own account or into a wallet the target does not have, making nothing', async () => {
    const before = t.sim.control.requests({ path: invoicePath }).length
    const same = await run('move.run', input({ toAccountId: source.accountId }))
    expect(same).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'Choose another account to move to.' },
    })
    const wallet = await run('move.run', input({ toWalletId: 'wal_nowhere' }))
    expect(wallet).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(t.sim.control.requests({ path: invoicePath }).length).toBe(before)
    expect(source.paidOut()).toBe(0)
  })

  it('a run that reaches nothing says why and keeps the move; the next run resumes it, to its own target', async () => {
    t.sim.control.injectFault({ path: invoicePath, kind: 'status', status: 503 })
    const first = await run('move.run', input())
    t.sim.control.clearFaults()
    expect(first).toMatchObject({ ok: false, error: { code: 'service_error' } })
    const plan = ((await run('move.plan', { fromAccountId: source.accountId })) as { value: MovePlan }).value
    expect(plan.last).toMatchObject({ state: 'running', toWalletId: t.w.id })
    const stopped = plan.last as MoveView
    expect(stopped.wallets.find((w) => w.walletId === source.w.id)).toMatchObject({ state: 'planned' })
    expect(source.paidOut()).toBe(0)
    // resumed: the same move and its target, whatever wallet the input names
    const other = t.sim.control.createWallet('Elsewhere', 0)
    const again = await run('move.run', input({ toWalletId: other.id }))
    expect(again.ok).toBe(true)
    const view = (again as { value: MoveView }).value
    expect(view).toMatchObject({ moveId: stopped.moveId, state: 'done', toWalletId: t.w.id })
    expect(view.wallets.find((w) => w.walletId === source.w.id)).toMatchObject({
      state: 'moved',
      amountMsat: sendAllMsat(30_000_000),
    })
    expect(source.paidOut()).toBe(1)
    expect(t.sim.control.balanceMsat(other.id)).toBe(0)
  })

  it('a wallet the spending rules refuse is reported with their words and not tried again', async () => {
    source.topUp(20_000)
    const set = await run('spending.set', { accountId: source.accountId, confirmAboveSat: null, dailyLimitSat: 1_000 })
    expect(set.ok).toBe(true)
    const r = await run('move.run', input())
    expect(r.ok).toBe(true)
    const view = (r as { value: MoveView }).value
    const refused = view.wallets.find((w) => w.walletId === source.w.id)
    expect(refused).toMatchObject({ state: 'failed', detail: expect.stringMatching(/daily limit/) })
    expect(view.state).toBe('done')
    expect(source.paidOut()).toBe(1)
    // a new move is the person's choice: the last one stays as it ended
    const plan = ((await run('move.plan', { fromAccountId: source.accountId })) as { value: MovePlan }).value
    expect(plan.last).toMatchObject({ moveId: view.moveId, state: 'done' })
  })
})
