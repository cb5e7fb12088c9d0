// After a randomised run of every operation at once (payments in, out and between wallets,
// BOLT 11 requests of outside payees, lightning addresses, withdraw links, another service's
// vouchers, payers of static links), every wallet plus every flow across the simulator's edge
// adds up, the outside parties' own books agree, and no request was paid twice.

import { decodeLnurl } from '@shared/lnurl'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  LnTx,
  WalletTransactionList,
  WithdrawDescriptor,
  WithdrawLink,
} from '../../electron/main/services/backends/service/schemas'
import type { SimulatorHandle } from './index'
import { call, withSimulator } from './support'

type Op =
  | { kind: 'inbound'; w: number; sats: number }
  | { kind: 'invoiceSettledOutside'; w: number; sats: number }
  | { kind: 'amountlessSettledOutside'; w: number; sats: number }
  | { kind: 'payInternal'; from: number; to: number; sats: number }
  | { kind: 'payOutside'; w: number; sats: number; feeLimitMsat: number | null; twice: boolean }
  | { kind: 'payRefused'; w: number; what: 'amountless' | 'expired' | 'paidElsewhere' }
  | { kind: 'payAddress'; w: number; msat: number }
  | { kind: 'transfer'; from: number; to: number; sats: number }
  | { kind: 'withdrawLink'; from: number; to: number; sats: number }
  | { kind: 'voucher'; to: number; maxSat: number; sats: number; claims: number }
  | { kind: 'linkPayer'; w: number; msat: number; comment: string }

const wallet = fc.integer({ min: 0, max: 2 })
const sats = fc.integer({ min: 1, max: 60_000 })
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('inbound' as const), w: wallet, sats }),
  fc.record({ kind: fc.constant('invoiceSettledOutside' as const), w: wallet, sats }),
  fc.record({ kind: fc.constant('amountlessSettledOutside' as const), w: wallet, sats }),
  fc.record({ kind: fc.constant('payInternal' as const), from: wallet, to: wallet, sats }),
  fc.record({
    kind: fc.constant('payOutside' as const),
    w: wallet,
    sats,
    feeLimitMsat: fc.option(fc.integer({ min: 0, max: 100_000 })),
    twice: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('payRefused' as const),
    w: wallet,
    what: fc.constantFrom('amountless' as const, 'expired' as const, 'paidElsewhere' as const),
  }),
  fc.record({ kind: fc.constant('payAddress' as const), w: wallet, msat: fc.integer({ min: 1000, max: 60_000_000 }) }),
  fc.record({ kind: fc.constant('transfer' as const), from: wallet, to: wallet, sats }),
  fc.record({ kind: fc.constant('withdrawLink' as const), from: wallet, to: wallet, sats }),
  fc.record({
    kind: fc.constant('voucher' as const),
    to: wallet,
    maxSat: sats,
    sats,
    claims: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('linkPayer' as const),
    w: wallet,
    msat: fc.integer({ min: 500, max: 120_000_000 }),
    comment: fc.string({ maxLength: 20 }),
  }),
)

/** What the test itself counts crossing the edge, from the answers it gets. */
interface Tally {
  inbound: number
  outbound: number
}

async function run(sim: SimulatorHandle, ids: string[], o: Op, tally: Tally): Promise<void> {
  const key = sim.keys.secret
  const id = (i: number) => ids[i] as string
  const invoice = async (w: number, n: number | null) =>
    LnTx.parse(
      (await call(sim, 'POST', `/v1/wallet/${id(w)}/invoice`, { key, json: n == null ? {} : { num_satoshis: n } }))
        .data,
    )
  const withdraw = (w: number, body: Record<string, unknown>) =>
    call(sim, 'POST', `/v1/wallet/${id(w)}/withdraw`, { key, json: body })
  switch (o.kind) {
    case 'inbound':
      await sim.control.payInbound(id(o.w), o.sats)
      tally.inbound += o.sats * 1000
      return
    case 'invoiceSettledOutside':
      await sim.control.settleInvoice((await invoice(o.w, o.sats)).id)
      tally.inbound += o.sats * 1000
      return
    case 'amountlessSettledOutside':
      await sim.control.settleInvoice((await invoice(o.w, null)).payment_request, o.sats)
      tally.inbound += o.sats * 1000
      return
    case 'payInternal': {
      const pr = (await invoice(o.to, o.sats)).payment_request
      await withdraw(o.from, { payment_request: pr })
      return
    }
    case 'payOutside': {
      const pr = sim.control.outside.payee({ amountSat: o.sats }).payment_request
      const payers = o.twice ? [o.w, (o.w + 1) % 3] : [o.w]
      const answers = await Promise.all(
        payers.map((w) => withdraw(w, { payment_request: pr, fee_limit_msat: o.feeLimitMsat ?? undefined })),
      )
      const paid = answers.filter((r) => r.status === 201).length
      expect(paid).toBeLessThanOrEqual(1)
      tally.outbound += paid * o.sats * 1000
      return
    }
    case 'payRefused': {
      const spec = { amountSat: o.what === 'amountless' ? null : 5, [o.what]: true }
      const r = await withdraw(o.w, { payment_request: sim.control.outside.payee(spec).payment_request })
      expect(r.status).toBe(400)
      return
    }
    case 'payAddress': {
      const r = await call(sim, 'POST', `/v1/wallet/${id(o.w)}/lnurlp/pay`, {
        key,
        json: { ln_address: 'shop@sim.example', amt_msat: o.msat },
      })
      if (r.status === 201) tally.outbound += o.msat
      return
    }
    case 'transfer':
      await call(sim, 'POST', `/v1/wallet/${id(o.from)}/transfer`, {
        key,
        json: { dest_wallet_id: id(o.to), num_satoshis: o.sats, passThru: { run: 1 } },
      })
      return
    case 'withdrawLink': {
      const link = WithdrawLink.parse(
        (await call(sim, 'GET', `/v1/wallet/${id(o.from)}/lnurl/withdraw?num_satoshis=${o.sats}`, { key })).data,
      )
      const d = WithdrawDescriptor.parse(await (await fetch(decodeLnurl(link.lnurl))).json())
      if (d.maxWithdrawable === 0) return
      const pr = (await invoice(o.to, Math.min(o.sats, d.maxWithdrawable / 1000))).payment_request
      await fetch(`${d.callback}&k1=${d.k1}&pr=${pr}`)
      return
    }
    case 'voucher': {
      const v = sim.control.outside.voucher({ maxSat: o.maxSat })
      const d = WithdrawDescriptor.parse(await (await fetch(v.url)).json())
      const amount = Math.min(o.sats, o.maxSat)
      const prs = await Promise.all(
        Array.from({ length: o.claims }, async () => (await invoice(o.to, amount)).payment_request),
      )
      const answers = await Promise.all(
        prs.map(async (pr) => (await (await fetch(`${d.callback}?k1=${d.k1}&pr=${pr}`)).json()) as { status: string }),
      )
      const ok = answers.filter((a) => a.status === 'OK').length
      expect(ok).toBe(1) // one use: exactly one of the concurrent claims
      tally.inbound += amount * 1000
      return
    }
    case 'linkPayer':
      try {
        sim.control.outside.payLink(id(o.w), o.msat, o.comment)
        tally.inbound += Math.ceil(o.msat / 1000) * 1000
      } catch (e) {
        expect((e as Error).message).toMatch(/is not within/)
      }
      return
  }
}

/** Every row of the account, through the feed, page by page. */
async function wholeFeed(sim: SimulatorHandle) {
  const rows: Array<{ num_msat: number; wtxType: { name: string }; lnTx: { r_hash_decoded: string } | null }> = []
  for (let page = 1; ; page++) {
    const r = await call(sim, 'GET', `/v1/wallet-transactions?per-page=500&page=${page}`, { key: sim.keys.secret })
    WalletTransactionList.parse(r.data)
    rows.push(...r.data)
    if (page >= Number(r.headers.get('x-pagination-page-count'))) return rows
  }
}

const OUT_TYPES = new Set(['ln_withdrawal', 'ln_lnurl_pay_outbound', 'ln_lnurl_withdraw'])
const IN_TYPES = new Set(['ln_deposit', 'ln_lnurl_pay_inbound'])

describe('conservation', () => {
  it('after a concurrent randomised run, every wallet plus every outside flow adds up; nothing was paid twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        await withSimulator({ seed: 'empty' }, async (sim) => {
          const ws = [sim.keys.wallets[0]!, sim.control.createWallet('B', 20_000), sim.control.createWallet('C')]
          const ids = ws.map((w) => w.id)
          const tally: Tally = { inbound: 20_000_000, outbound: 0 } // wallet B's opening balance
          await Promise.all(ops.map((o) => run(sim, ids, o, tally)))

          // the service's totals, the test's count and the outside parties' books agree
          const t = sim.control.totals()
          expect(t.inboundMsat).toBe(tally.inbound)
          expect(t.outboundMsat).toBe(tally.outbound)
          expect(t.walletsMsat).toBe(t.inboundMsat - t.outboundMsat - t.feesMsat)
          const book = sim.control.outside.book()
          const sum = (dir: 'in' | 'out') =>
            book.filter((e) => e.direction === dir).reduce((s, e) => s + e.amountMsat, 0)
          expect(sum('in')).toBe(t.inboundMsat)
          expect(sum('out')).toBe(t.outboundMsat)
          for (const p of sim.control.outside.payees())
            if (p.receivedMsat != null) expect(p.receivedMsat).toBe(p.amountMsat)
          for (const v of sim.control.outside.vouchers())
            expect(v.claims.filter((c) => c.paid).length).toBeLessThanOrEqual(1)

          // each wallet's balance is the sum of its rows, as a client reads them; the feed holds them all
          let rowsInLists = 0
          for (const w of ws) {
            const bal = sim.control.balanceMsat(w.id)
            expect(bal).toBeGreaterThanOrEqual(0)
            const r = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=500`, { key: sim.keys.secret })
            WalletTransactionList.parse(r.data)
            expect((r.data as Array<{ num_msat: number }>).reduce((s, x) => s + x.num_msat, 0)).toBe(bal)
            rowsInLists += r.data.length
          }
          const feed = await wholeFeed(sim)
          expect(feed).toHaveLength(rowsInLists)
          expect(feed.reduce((s, x) => s + x.num_msat, 0)).toBe(t.walletsMsat)

          // no request paid twice: each hash leaves once, each invoice is credited once
          const hashes = (types: Set<string>) =>
            feed.filter((x) => types.has(x.wtxType.name)).map((x) => x.lnTx?.r_hash_decoded)
          const out = hashes(OUT_TYPES)
          expect(new Set(out).size).toBe(out.length)
          const credited = hashes(IN_TYPES)
          expect(new Set(credited).size).toBe(credited.length)
          const booked = book.map((e) => `${e.direction}:${e.paymentHash}`)
          expect(new Set(booked).size).toBe(booked.length)
        })
      }),
      { numRuns: 15, seed: 20261121 },
    )
  })
})
