// Money is never created or lost: concurrent payments cannot overdraw a wallet nor pay a request
// twice. The randomised run over every operation is conservation.test.ts.

import { decodeLnurl } from '@shared/lnurl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LnTx, WithdrawDescriptor, WithdrawLink } from '../../electron/main/services/backends/service/schemas'
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
