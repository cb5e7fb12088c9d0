// Every contract operation of kind `money`, through the whole app against the simulator: the
// router's guard runs a repeated request id once, and its service calls are never retried. The
// operations are read from the contract, so a new money operation is covered (or this fails).
import { OP_NAMES, type OpName, opKind } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SimWallet } from '../../simulator/index'
import { type ConnectedApp, connectMoveSource, type MoveSource, startConnectedApp } from './appHarness'

let t: ConnectedApp
let source: MoveSource
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Money', balanceSat: 100_000 })
  source = await connectMoveSource(t, 100_000)
})
afterAll(async () => {
  await source?.close()
  await t.close()
})
afterEach(() => sim('DELETE', '/_sim/faults'))

const MONEY = OP_NAMES.filter((name) => opKind(name) === 'money')

/** How to run each money operation, and the service path its money call takes. */
const CASES: Record<string, { input: (w: SimWallet, requestId: string) => unknown; path: RegExp }> = {
  'pay.lightningAddress': {
    input: (w, requestId) => ({ walletId: w.id, address: 'alice@sim.example', amountMsat: 21_000, requestId }),
    path: /^\/v1\/wallet\/[^/]+\/lnurlp\/pay$/,
  },
  // a fresh outside invoice each time (one invoice is paid once)
  'pay.invoice': {
    input: (w, requestId) => ({
      accountId: t.app.accounts.list().activeId,
      walletId: w.id,
      invoice: t.sim.control.outside.payee({ amountSat: 21 }).payment_request,
      requestId,
    }),
    path: /^\/v1\/wallet\/[^/]+\/withdraw$/,
  },
  'withdraw.create': {
    input: (w, requestId) => ({ walletId: w.id, amountSat: 21, requestId }),
    path: /^\/v1\/wallet\/[^/]+\/lnurl\/withdraw$/,
  },
  // a sheet of one: one mint (sheets of more are test/electron/ipc/vouchers.test.ts)
  'vouchers.create': {
    input: (w, requestId) => ({ walletId: w.id, count: 1, amountSat: 21, note: '', requestId }),
    path: /^\/v1\/wallet\/[^/]+\/lnurl\/withdraw$/,
  },
  'wallets.transfer': {
    input: (w, requestId) => ({
      fromWalletId: w.id,
      toWalletId: t.sim.keys.wallets[0]!.id,
      amountSat: 21,
      memo: '',
      requestId,
    }),
    path: /^\/v1\/wallet\/[^/]+\/transfer$/,
  },
  // a new wallet is a spendable thing too (its keys open it): made once per request id
  'wallets.create': {
    input: (_w, requestId) => ({ name: 'Made once', requestId }),
    path: /^\/v1\/wallet$/,
  },
  // moving everything off a second account into this one: the invoice made here, once per wallet
  // with money (the source's one funded wallet), which the source then pays once
  'move.run': {
    input: (w, requestId) => {
      // each case's move has sats to move: the one before moved everything
      source.topUp(1000)
      return { fromAccountId: source.accountId, toAccountId: activeId(), toWalletId: w.id, requestId }
    },
    path: /^\/v1\/(user\/)?wallet\/[^/]+\/invoice$/,
  },
  // claiming another service's voucher: the service call is the invoice it hands over
  'claim.run': {
    input: (w, requestId) => ({
      lnurl: t.sim.control.outside.voucher({ maxSat: 21 }).lnurl,
      walletId: w.id,
      amountSat: 21,
      requestId,
      // the simulator's voucher server is on loopback: confirmed, as after the warning
      confirmed: [new URL(t.sim.url).host],
    }),
    path: /^\/v1\/(user\/)?wallet\/[^/]+\/invoice$/,
  },
}

const activeId = () => t.app.accounts.list().activeId as string

/** The simulator's own controls over HTTP, as an outside observer would use them. */
async function sim(method: string, path: string, json?: unknown) {
  const res = await fetch(t.sim.url + path, {
    method,
    headers: json ? { 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(json) : undefined,
  })
  expect(res.ok).toBe(true)
  return res.json() as Promise<unknown>
}

/** Requests the service saw whose path matches. */
async function seen(path: RegExp): Promise<number> {
  const log = (await sim('GET', '/_sim/requests')) as Array<{ path: string }>
  return log.filter((e) => path.test(e.path)).length
}

const run = (name: OpName, input: unknown) => t.app.router.handle(name, input) as Promise<Result<unknown>>

describe('operations of kind money', () => {
  it('are the payments, transfers, claims, withdraw links, voucher sheets and new wallets; each has a case here', () => {
    expect(MONEY.length).toBeGreaterThan(0)
    expect(Object.keys(CASES).sort()).toEqual([...MONEY].sort())
  })

  for (const name of MONEY) {
    const c = CASES[name]!

    it(`${name}: a repeated request id runs once, even when sent twice at the same moment`, async () => {
      const input = c.input(t.w, `req-${name}-twice`)
      const before = await seen(c.path)
      const balance = t.sim.control.balanceMsat(t.w.id)
      const [first, second] = await Promise.all([run(name, input), run(name, input)])
      expect(first.ok).toBe(true)
      expect(second).toMatchObject({ ok: false, error: { code: 'busy' } })
      // asked again once it finished: the same answer, not a second run
      expect(await run(name, input)).toEqual(first)
      expect((await seen(c.path)) - before).toBe(1)
      if (name === 'pay.lightningAddress' || name === 'pay.invoice') {
        const paid = (first as { value: { amountMsat: number; feeMsat: number } }).value
        expect(t.sim.control.balanceMsat(t.w.id)).toBe(balance - paid.amountMsat - paid.feeMsat)
      }
    })

    it(`${name}: a 503 from the service is not retried`, async () => {
      await sim('DELETE', '/_sim/requests')
      await sim('POST', '/_sim/faults', { path: c.path.source, regex: true, kind: 'status', status: 503 })
      const r = await run(name, c.input(t.w, `req-${name}-503`))
      expect(r.ok).toBe(false)
      expect(await seen(c.path)).toBe(1)
    })
  }

  it('an operation of kind create (an invoice) is not retried either on a 503', async () => {
    // a new create operation needs its case here
    expect(OP_NAMES.filter((n) => opKind(n) === 'create')).toEqual(['invoices.create'])
    await sim('DELETE', '/_sim/requests')
    const path = new RegExp(`/wallet/${t.w.id}/invoice$`)
    await sim('POST', '/_sim/faults', { path: path.source, regex: true, kind: 'status', status: 503 })
    try {
      const r = await run('invoices.create', { walletId: t.w.id, amountSat: 10, memo: 'once' })
      expect(r).toMatchObject({ ok: false, error: { code: 'service_error' } })
      expect(await seen(path)).toBe(1)
    } finally {
      await sim('DELETE', '/_sim/faults')
    }
  })

  it('(the same fault on a read is retried, so the log would show a retry)', async () => {
    await sim('DELETE', '/_sim/requests')
    const path = new RegExp(`^/v1/wallet/${t.w.id}$`)
    await sim('POST', '/_sim/faults', { path: path.source, regex: true, kind: 'status', status: 503 })
    const r = await run('wallets.get', { walletId: t.w.id })
    expect(r).toMatchObject({ ok: false, error: { code: 'service_error' } })
    expect(await seen(path)).toBeGreaterThan(1)
  })
})
