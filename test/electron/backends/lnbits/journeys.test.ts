// An LNbits account's journeys through the whole app (createApp's router, the sync loop, the
// ledger, the journal), against the simulator's LNbits flavor: the history stored adds up to the
// balance and is searchable, an invoice made and paid from outside is read settled, an invoice
// paid once from the admin-key wallet, and the invoice-key wallet refused in words with nothing sent.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, PendingInvoice } from '@shared/contract'
import type { Result } from '@shared/errors'
import type { HistoryPage } from '@shared/history'
import { decodeLnurl } from '@shared/lnurl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../../../electron/main/app/createApp'
import { invoiceKeyWalletId } from '../../../../electron/main/services/backends/lnbits/keys'
import type { SimulatorHandle } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { syncNow } from '../../../support/syncNow'
import { lnbitsClient, lnbitsSimFor, requestsTo, simBalance, startedApp } from './support'

let sim: SimulatorHandle
let a: LnbitsWallet
let b: LnbitsWallet
let c: LnbitsWallet
lnbitsSimFor((s, w) => {
  sim = s
  ;[a, b, c] = w
})
let dir: string
let app: App
let cId: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-lnbits-j-'))
  app = await startedApp(dir, sim)
  cId = invoiceKeyWalletId(c.inkey)
  const input = { kind: 'lnbits', baseUrl: sim.url, keys: [a.adminkey, c.inkey], label: 'LNbits', storage: 'memory' }
  value<AccountView>(await app.router.handle('accounts.connect', input))
  await syncNow(app)
})
afterAll(async () => {
  await app?.dispose()
  await rm(dir, { recursive: true, force: true })
})

function value<T>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const call = <T>(name: string, input: unknown = {}) => app.router.handle(name as never, input as never).then(value<T>)

async function walletHistory(walletId: string, search?: string) {
  const rows: HistoryPage['items'] = []
  for (let page = 1; ; page++) {
    const p = await call<HistoryPage>('history.page', { walletId, limit: 500, page, ...(search ? { search } : {}) })
    rows.push(...p.items)
    if (page >= p.pageCount) return rows
  }
}

describe('an LNbits account in the app', () => {
  it("stores each wallet's history, adding up to the simulator's balance to the msat", async () => {
    for (const [id, w] of [
      [a.id, a],
      [cId, c],
    ] as const) {
      const rows = await walletHistory(id)
      expect(rows.length).toBeGreaterThan(5)
      expect(rows.reduce((s, r) => s + r.amountMsat + r.feeMsat, 0)).toBe(await simBalance(sim, w))
    }
  })

  it('makes an invoice, paid from outside, read settled, its row searchable by its memo', async () => {
    const made = await call<PendingInvoice>('invoices.create', {
      walletId: cId,
      amountSat: 77,
      memo: 'lnbits journey coffee',
    })
    expect(made.paymentRequest).toMatch(/^lnbcrt/)
    await sim.control.settleInvoice(made.paymentRequest)
    await expect.poll(async () => (await call<PendingInvoice>('invoices.check', { id: made.id })).status).toBe('paid')
    await expect
      .poll(async () => {
        await syncNow(app)
        return (await walletHistory(cId, 'journey coffee')).map((r) => r.amountMsat)
      })
      .toEqual([77_000])
  })

  it('makes no invoice without an amount, said in words, nothing sent', async () => {
    sim.control.resetRequests()
    const r = await app.router.handle('invoices.create', { walletId: a.id, memo: 'any amount' } as never)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error.message).toMatch(/with an amount only/)
    expect(requestsTo(sim, 'POST', '/api/v1/payments')).toBe(0)
  })

  it('pays an invoice once from the admin-key wallet', async () => {
    const inv = await lnbitsClient(sim, [b.inkey]).createInvoice(invoiceKeyWalletId(b.inkey), {
      amountMsat: 55_000,
      memo: 'paid by the app',
    })
    const [aBefore, bBefore] = [await simBalance(sim, a), await simBalance(sim, b)]
    sim.control.resetRequests()
    const input = { walletId: a.id, invoice: inv.paymentRequest, requestId: 'req-lnbits-journey-1' }
    const paid = await call<{ amountMsat: number; paymentHash: string | null }>('pay.invoice', input)
    expect(paid).toMatchObject({ paymentHash: inv.paymentHash })
    expect(Math.abs(paid.amountMsat)).toBe(55_000)
    // the same request again (a double click, a retry by the screen) pays nothing more
    await app.router.handle('pay.invoice', input as never)
    expect(requestsTo(sim, 'POST', '/api/v1/payments')).toBe(1)
    expect([await simBalance(sim, a), await simBalance(sim, b)]).toEqual([aBefore - 55_000, bBefore + 55_000])
  })

  it('refuses to pay from the invoice-key wallet in words, and nothing reaches the server', async () => {
    const inv = await lnbitsClient(sim, [b.inkey]).createInvoice(invoiceKeyWalletId(b.inkey), {
      amountMsat: 1_000,
      memo: 'never paid',
    })
    sim.control.resetRequests()
    const r = await app.router.handle('pay.invoice', {
      walletId: cId,
      invoice: inv.paymentRequest,
      requestId: 'req-lnbits-journey-2',
    } as never)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error.message).toMatch(/receive but not pay/)
    expect(requestsTo(sim, 'POST', '/api/v1/payments')).toBe(0)
  })
})

describe("an LNbits account's extensions and addresses in the app", () => {
  it('pays a lightning address once: the app resolves it, LNbits pays the invoice', async () => {
    const party = 'address:alice@sim.example'
    const booked = () => sim.control.outside.book().filter((e) => e.party === party)
    const before = booked().length
    sim.control.resetRequests()
    const input = {
      walletId: a.id,
      address: 'alice@sim.example',
      amountMsat: 21_000,
      comment: 'lnbits tip',
      requestId: 'req-lnbits-addr-1',
    }
    const paid = await call<{ amountMsat: number }>('pay.lightningAddress', input)
    expect(Math.abs(paid.amountMsat)).toBe(21_000)
    await app.router.handle('pay.lightningAddress', input as never)
    expect(
      booked()
        .slice(before)
        .map((e) => e.amountMsat),
    ).toEqual([21_000])
    expect(requestsTo(sim, 'POST', '/api/v1/payments')).toBe(1)
    // in the history: the payee, the comment, the amount and LNbits' fee apart (its own row, folded in)
    await syncNow(app)
    const rows = await walletHistory(a.id, 'lnbits tip')
    expect(rows.map((r) => [r.payee, r.comment, r.amountMsat, r.feeMsat])).toEqual([
      ['alice@sim.example', 'lnbits tip', -21_000, -1_000],
    ])
    const all = await walletHistory(a.id)
    expect(all.reduce((sum, r) => sum + r.amountMsat + r.feeMsat, 0)).toBe(await simBalance(sim, a))
  })

  it('makes a withdraw link from the admin-key wallet, claimed once from outside', async () => {
    const link = await call<{ lnurl: string; ott: string; amountSat: number }>('withdraw.create', {
      walletId: a.id,
      amountSat: 150,
      memo: 'gift',
      requestId: 'req-lnbits-link-1',
    })
    const offer = (await (await fetch(decodeLnurl(link.lnurl))).json()) as { callback: string; k1: string }
    const inv = await lnbitsClient(sim, [b.inkey]).createInvoice(invoiceKeyWalletId(b.inkey), {
      amountMsat: 150_000,
      memo: 'claim',
    })
    const before = await simBalance(sim, a)
    const cb = new URL(offer.callback)
    cb.searchParams.set('k1', offer.k1)
    cb.searchParams.set('pr', inv.paymentRequest)
    expect(await (await fetch(cb)).json()).toEqual({ status: 'OK' })
    expect(await simBalance(sim, a)).toBe(before - 150_000)
    expect(await (await fetch(cb)).json()).toMatchObject({ status: 'ERROR' })
    // the claim's row names the link (LNbits' `extra.withdrawal_link_id`): the app marks it claimed
    await syncNow(app)
    await expect
      .poll(async () => {
        await syncNow(app)
        const { links } = await call<{ links: { ott: string; status: string; claimedMsat: number | null }[] }>(
          'withdraw.list',
        )
        return links.find((l) => l.ott === link.ott)
      })
      .toMatchObject({ status: 'claimed', claimedMsat: 150_000 })
  })

  it('moves sats from the admin-key wallet to the invoice-key one, once', async () => {
    const [aBefore, cBefore] = [await simBalance(sim, a), await simBalance(sim, c)]
    const input = {
      fromWalletId: a.id,
      toWalletId: cId,
      amountSat: 30,
      memo: 'to the shop',
      requestId: 'req-lnbits-move-1',
    }
    const moved = await call<{ amountSat: number }>('wallets.transfer', input)
    expect(moved.amountSat).toBe(30)
    await app.router.handle('wallets.transfer', input as never)
    expect([await simBalance(sim, a), await simBalance(sim, c)]).toEqual([aBefore - 30_000, cBefore + 30_000])
  })
})
