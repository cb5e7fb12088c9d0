// Money is never created or lost: concurrent payments cannot overdraw, and after a randomised
// run every wallet plus every flow across the simulator's edge adds up.

import { decodeLnurl } from '@shared/lnurl'
import { LnTx, WalletTransactionList, WithdrawDescriptor, WithdrawLink } from '@shared/schemas/service'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from './index'
import { call } from './support'

describe('concurrency', () => {
  let sim: SimulatorHandle
  beforeAll(async () => {
    sim = await startSimulator({ seed: 'empty' })
  })
  afterAll(() => sim.close())

  it('200 concurrent payments from one wallet never overdraw it', async () => {
    const w = sim.keys.wallets[0]!
    // each payment costs 10 sats + a 1 sat fee: room for exactly 120 of them
    await sim.control.payInbound(w.id, 120 * 11 + 1)
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(sim, 'POST', `/v1/wallet/${w.keys.admin}/lnurlp/pay`, {
          key: sim.keys.secret,
          json: { ln_address: i % 2 ? 'alice@sim.example' : 'shop@sim.example', amt_msat: 10_000 },
        }),
      ),
    )
    const ok = results.filter((r) => r.status === 201)
    const refused = results.filter((r) => r.status !== 201)
    expect(ok).toHaveLength(120)
    expect(refused).toHaveLength(80)
    for (const r of refused) {
      expect(r.status).toBe(400)
      expect(r.data.message).toMatch(/^Invoice too large/)
    }
    expect(sim.control.balanceMsat(w.id)).toBe(1000)
    const t = sim.control.totals()
    expect(t.walletsMsat).toBe(t.inboundMsat - t.outboundMsat - t.feesMsat)
  })

  it('one invoice paid by 50 concurrent requests from several wallets is paid once', async () => {
    const payee = sim.control.createWallet('Payee')
    const payers = [sim.control.createWallet('P1', 1000), sim.control.createWallet('P2', 1000)]
    const inv = LnTx.parse(
      (await call(sim, 'POST', `/v1/wallet/${payee.id}/invoice`, { key: sim.keys.secret, json: { num_satoshis: 300 } }))
        .data,
    )
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(sim, 'POST', `/v1/wallet/${payers[i % 2]!.id}/withdraw`, {
          key: sim.keys.secret,
          json: { payment_request: inv.payment_request },
        }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 400 && r.data.message === 'invoice is already paid')).toHaveLength(49)
    expect(sim.control.balanceMsat(payee.id)).toBe(300_000)
    expect(payers.reduce((s, p) => s + sim.control.balanceMsat(p.id), 0)).toBe(2_000_000 - 300_000)
  })

  it('an outside invoice is paid once, like a real node: paying the same request again moves nothing', async () => {
    const payers = [sim.control.createWallet('O1', 1000), sim.control.createWallet('O2', 1000)]
    const pr = sim.control.outsideInvoice(200)
    const before = sim.control.totals()
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(sim, 'POST', `/v1/wallet/${payers[i % 2]!.id}/withdraw`, {
          key: sim.keys.secret,
          json: { payment_request: pr },
        }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 400 && r.data.message === 'invoice is already paid')).toHaveLength(9)
    const after = sim.control.totals()
    expect(after.outboundMsat - before.outboundMsat).toBe(200_000)
    expect(payers.reduce((s, p) => s + sim.control.balanceMsat(p.id), 0)).toBe(2_000_000 - 200_000 - 1000)
  })

  it('a withdraw link claimed by many callers at once pays once', async () => {
    const w = sim.keys.wallets[0]!
    const other = sim.control.createWallet('Claimer')
    await sim.control.payInbound(w.id, 1000)
    const before = sim.control.balanceMsat(w.id)
    const link = WithdrawLink.parse(
      (await call(sim, 'GET', `/v1/wallet/${w.id}/lnurl/withdraw?num_satoshis=100`, { key: sim.keys.secret })).data,
    )
    const d = WithdrawDescriptor.parse(await (await fetch(decodeLnurl(link.lnurl))).json())
    const prs = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const r = await call(sim, 'POST', `/v1/wallet/${other.id}/invoice`, {
          key: sim.keys.secret,
          json: { num_satoshis: 100 },
        })
        return LnTx.parse(r.data).payment_request
      }),
    )
    const answers = await Promise.all(
      prs.map(async (pr) => (await fetch(`${d.callback}&k1=${d.k1}&pr=${pr}`)).json() as Promise<{ status: string }>),
    )
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(1)
    expect(sim.control.balanceMsat(w.id)).toBe(before - 100_000)
    expect(sim.control.balanceMsat(other.id)).toBe(100_000)
  })
})

type Op =
  | { kind: 'inbound'; w: number; sats: number }
  | { kind: 'invoiceSettledOutside'; w: number; sats: number }
  | { kind: 'payInternal'; from: number; to: number; sats: number }
  | { kind: 'payOutside'; w: number; sats: number }
  | { kind: 'payAddress'; w: number; msat: number }
  | { kind: 'transfer'; from: number; to: number; sats: number }
  | { kind: 'withdrawLink'; from: number; to: number; sats: number }

const wallet = fc.integer({ min: 0, max: 2 })
const sats = fc.integer({ min: 1, max: 60_000 })
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('inbound' as const), w: wallet, sats }),
  fc.record({ kind: fc.constant('invoiceSettledOutside' as const), w: wallet, sats }),
  fc.record({ kind: fc.constant('payInternal' as const), from: wallet, to: wallet, sats }),
  fc.record({ kind: fc.constant('payOutside' as const), w: wallet, sats }),
  fc.record({ kind: fc.constant('payAddress' as const), w: wallet, msat: fc.integer({ min: 1000, max: 60_000_000 }) }),
  fc.record({ kind: fc.constant('transfer' as const), from: wallet, to: wallet, sats }),
  fc.record({ kind: fc.constant('withdrawLink' as const), from: wallet, to: wallet, sats }),
)

describe('conservation', () => {
  it('after a randomised run, every wallet plus every external flow adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const sim = await startSimulator({ seed: 'empty' })
        try {
          const key = sim.keys.secret
          const ws = [sim.keys.wallets[0]!, sim.control.createWallet('B', 20_000), sim.control.createWallet('C')]
          const id = (i: number) => ws[i]!.id
          let inbound = 20_000_000 // wallet B's opening balance
          let outbound = 0
          const invoice = async (w: number, n: number) =>
            LnTx.parse(
              (await call(sim, 'POST', `/v1/wallet/${id(w)}/invoice`, { key, json: { num_satoshis: n } })).data,
            )
          for (const o of ops) {
            switch (o.kind) {
              case 'inbound':
                await sim.control.payInbound(id(o.w), o.sats)
                inbound += o.sats * 1000
                break
              case 'invoiceSettledOutside':
                await sim.control.settleInvoice((await invoice(o.w, o.sats)).id)
                inbound += o.sats * 1000
                break
              case 'payInternal': {
                const pr = (await invoice(o.to, o.sats)).payment_request
                await call(sim, 'POST', `/v1/wallet/${id(o.from)}/withdraw`, { key, json: { payment_request: pr } })
                break
              }
              case 'payOutside': {
                const r = await call(sim, 'POST', `/v1/wallet/${id(o.w)}/withdraw`, {
                  key,
                  form: { payment_request: sim.control.outsideInvoice(o.sats) },
                })
                if (r.status === 201) outbound += o.sats * 1000
                break
              }
              case 'payAddress': {
                const r = await call(sim, 'POST', `/v1/wallet/${id(o.w)}/lnurlp/pay`, {
                  key,
                  json: { ln_address: 'shop@sim.example', amt_msat: o.msat },
                })
                if (r.status === 201) outbound += o.msat
                break
              }
              case 'transfer':
                await call(sim, 'POST', `/v1/wallet/${id(o.from)}/transfer`, {
                  key,
                  json: { dest_wallet_id: id(o.to), num_satoshis: o.sats },
                })
                break
              case 'withdrawLink': {
                const link = WithdrawLink.parse(
                  (await call(sim, 'GET', `/v1/wallet/${id(o.from)}/lnurl/withdraw?num_satoshis=${o.sats}`, { key }))
                    .data,
                )
                const d = WithdrawDescriptor.parse(await (await fetch(decodeLnurl(link.lnurl))).json())
                if (d.maxWithdrawable === 0) break
                const pr = (await invoice(o.to, Math.min(o.sats, d.maxWithdrawable / 1000))).payment_request
                await fetch(`${d.callback}&k1=${d.k1}&pr=${pr}`)
                break
              }
            }
          }
          const t = sim.control.totals()
          expect(t.inboundMsat).toBe(inbound)
          expect(t.outboundMsat).toBe(outbound)
          expect(t.walletsMsat).toBe(t.inboundMsat - t.outboundMsat - t.feesMsat)
          // each wallet's balance is the sum of its transactions, as a client would read them
          for (const w of ws) {
            const bal = sim.control.balanceMsat(w.id)
            expect(bal).toBeGreaterThanOrEqual(0)
            const r = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=500`, { key })
            const list = WalletTransactionList.parse(r.data)
            const sum = (r.data as Array<{ num_msat: number }>).reduce((s, x) => s + x.num_msat, 0)
            expect(sum).toBe(bal)
            expect(list.length).toBe(r.data.length)
          }
        } finally {
          await sim.close()
        }
      }),
      { numRuns: 15, seed: 20261121 },
    )
  })
})
