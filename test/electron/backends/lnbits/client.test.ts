// The LNbits client against the simulator's LNbits flavor over real loopback HTTP: wallets by
// key (admin and invoice), history pages that add up to the balance, invoices made and read by
// payment hash, a payment sent once, a move between wallets, the extensions' links, and the
// websocket heard when a payment lands.
import { decodeLnurl } from '@shared/lnurl'
import { describe, expect, it } from 'vitest'
import { lnbitsCapabilities, lnbitsPush } from '../../../../electron/main/services/backends/lnbits'
import { invoiceKeyWalletId } from '../../../../electron/main/services/backends/lnbits/keys'
import type { SimulatorHandle } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { failsWith } from '../../services/support'
import { allKeys, lnbitsClient, lnbitsSimFor, requestsTo, simBalance } from './support'

let sim: SimulatorHandle
let a: LnbitsWallet
let b: LnbitsWallet
let c: LnbitsWallet

lnbitsSimFor((s, w) => {
  sim = s
  ;[a, b, c] = w
})

/** an invoice of `w` (made through the simulator's LNbits API with its invoice key) */
async function invoiceOf(w: LnbitsWallet, sats: number, memo = 'test') {
  return lnbitsClient(sim, [w.inkey]).createInvoice(invoiceKeyWalletId(w.inkey), { amountMsat: sats * 1000, memo })
}

describe('wallets', () => {
  it('reads each key wallet: the admin key by its LNbits id, the invoice key by an id that hides the key', async () => {
    const client = lnbitsClient(sim, [a.adminkey, b.adminkey, c.inkey])
    const wallets = await client.listWallets()
    expect(wallets.map((w) => w.id)).toEqual([a.id, b.id, invoiceKeyWalletId(c.inkey)])
    expect(wallets.map((w) => w.name)).toEqual([a.name, b.name, c.name])
    for (const [i, w] of [a, b, c].entries()) expect(wallets[i]?.balanceMsat).toBe(await simBalance(sim, w))
    expect(JSON.stringify(wallets)).not.toContain(c.inkey)
    expect(await client.canPay(a.id)).toBe(true)
    expect(await client.canPay(invoiceKeyWalletId(c.inkey))).toBe(false)
    expect((await client.getWallet(b.id)).balanceMsat).toBe(await simBalance(sim, b))
  })

  it('says what the server offers: both extensions, paying where an admin key is', async () => {
    const offers = await lnbitsClient(sim, [a.adminkey, c.inkey]).offers()
    expect(offers).toEqual({ withdraw: true, lnurlp: true, paying: [a.id] })
    expect(lnbitsCapabilities({ ...offers, wallets: 2 })).toMatchObject({
      pays: true,
      amountlessInvoices: false,
      withdrawLinks: true,
      permanentQr: true,
      transfers: true,
    })
    const receiveOnly = await lnbitsClient(sim, [c.inkey]).offers()
    expect(lnbitsCapabilities({ ...receiveOnly, wallets: 1 })).toMatchObject({
      pays: false,
      withdrawLinks: false,
      vouchers: false,
      transfers: false,
    })
  })

  it('refuses a secret that is no list of LNbits keys, before asking the server', async () => {
    const client = lnbitsClient(sim, ['not-a-key'])
    const err = await failsWith(client.listWallets(), [])
    expect(err.code).toBe('invalid_input')
    expect(requestsTo(sim, 'GET', '/api/v1/wallet')).toBe(0)
  })
})

describe('history', () => {
  it('pages newest first, and the settled rows add up to the balance to the msat', async () => {
    const client = lnbitsClient(sim, [a.adminkey])
    const first = await client.listTransactions(a.id, 1, 20)
    expect(first.rows.length).toBeGreaterThan(0)
    expect(first.totalCount).toBeGreaterThan(20)
    expect(first.pageCount).toBe(Math.ceil(first.totalCount / 20))
    const times = first.rows.map((r) => r.createdAt)
    expect([...times].sort((x, y) => y - x)).toEqual(times)
    let sum = 0
    const ids = new Set<string>()
    for (let page = 1; page <= first.pageCount; page++) {
      const p = await client.listTransactions(a.id, page, 20)
      for (const r of p.rows) {
        expect(r.walletId).toBe(a.id)
        ids.add(r.txId)
        sum += r.amountMsat
      }
    }
    expect(sum).toBe(await simBalance(sim, a))
    expect(ids.size).toBeGreaterThan(20)
    const past = await client.listTransactions(a.id, first.pageCount + 1, 20)
    expect(past.rows).toEqual([])
  })
})

describe('invoices', () => {
  it('makes an invoice, reads it by payment hash, and reads it settled once paid from outside', async () => {
    const client = lnbitsClient(sim, [a.adminkey, b.adminkey])
    const inv = await client.createInvoice(b.id, { amountMsat: 21_000, memo: 'lunch', expirySec: 600 })
    expect(inv).toMatchObject({ amountMsat: 21_000, memo: 'lunch', settled: false, preimage: null })
    expect(inv.paymentRequest).toMatch(/^lnbcrt/)
    expect(inv.expiresAt).toBe(inv.createdAt + 600)
    expect(await client.getInvoice(inv.paymentHash)).toEqual(inv)
    expect(await client.invoiceState(inv.paymentHash, b.id)).toEqual({
      settled: false,
      settledAt: null,
      amountMsat: 21_000,
    })
    await sim.control.settleInvoice(inv.paymentRequest)
    const state = await client.invoiceState(inv.paymentHash)
    expect(state).toMatchObject({ settled: true, amountMsat: 21_000 })
    expect((await client.getInvoice(inv.paymentHash, b.id)).preimage).toMatch(/^[0-9a-f]{64}$/)
  })

  it('makes no amountless invoice and no part of a sat: refused in words, nothing sent', async () => {
    const client = lnbitsClient(sim, [a.adminkey])
    const none = await failsWith(client.createInvoice(a.id, { memo: 'any' }), [a.adminkey])
    expect(none.code).toBe('invalid_input')
    expect(none.message).toMatch(/amount/i)
    const part = await failsWith(client.createInvoice(a.id, { amountMsat: 1_500, memo: 'x' }), [a.adminkey])
    expect(part.code).toBe('invalid_input')
    expect(requestsTo(sim, 'POST', '/api/v1/payments')).toBe(0)
  })

  it('reads an invoice paid by another wallet of the account as the invoice, not as the payment', async () => {
    const inv = await lnbitsClient(sim, [b.adminkey]).createInvoice(b.id, { amountMsat: 9_000, memo: 'inside' })
    await lnbitsClient(sim, [a.adminkey]).payInvoice(a.id, {
      paymentRequest: inv.paymentRequest,
      feeLimitMsat: 0,
      notes: {},
    })
    // a fresh client, which did not make it: both wallets know this hash, the payer's key first
    const both = lnbitsClient(sim, [a.adminkey, b.adminkey])
    expect(await both.getInvoice(inv.paymentHash)).toMatchObject({ amountMsat: 9_000, settled: true, memo: 'inside' })
    expect(await both.invoiceState(inv.paymentHash, a.id)).toMatchObject({ settled: true, amountMsat: null })
  })

  it('names a payment hash no wallet of the account knows as not found', async () => {
    const err = await failsWith(lnbitsClient(sim, [a.adminkey]).getInvoice('ab'.repeat(32)), allKeys(sim))
    expect(err.code).toBe('not_found')
  })
})

describe('paying', () => {
  it('pays an invoice once with the admin key: the row, the fee, the books of both wallets', async () => {
    const inv = await invoiceOf(b, 34)
    const [aBefore, bBefore] = [await simBalance(sim, a), await simBalance(sim, b)]
    const client = lnbitsClient(sim, [a.adminkey])
    const paid = await client.payInvoice(a.id, {
      paymentRequest: inv.paymentRequest,
      feeLimitMsat: 1_000,
      notes: { requestId: 'req-1' },
    })
    expect(paid).toMatchObject({ state: 'settled', paymentHash: inv.paymentHash, feeMsat: 0 })
    expect(paid.preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(paid.row).toMatchObject({
      walletId: a.id,
      txId: `out-${inv.paymentHash}`,
      amountMsat: -34_000,
      requestId: 'req-1',
      paymentHash: inv.paymentHash,
    })
    expect([await simBalance(sim, a), await simBalance(sim, b)]).toEqual([aBefore - 34_000, bBefore + 34_000])
    expect(requestsTo(sim, 'POST', '/api/v1/payments')).toBe(2) // the invoice and the one payment
    // the same payment in the history is the same row
    const page = await client.listTransactions(a.id, 1, 10)
    expect(page.rows.find((r) => r.txId === paid.row?.txId)).toMatchObject({ amountMsat: -34_000 })
  })

  it('refuses to pay from a wallet added with its invoice key, in words, before anything is sent', async () => {
    const inv = await invoiceOf(b, 5)
    sim.control.resetRequests()
    const client = lnbitsClient(sim, [c.inkey])
    const p = client.payInvoice(invoiceKeyWalletId(c.inkey), {
      paymentRequest: inv.paymentRequest,
      feeLimitMsat: 0,
      notes: {},
    })
    const err = await failsWith(p, allKeys(sim))
    expect(err.code).toBe('forbidden')
    expect(err.message).toMatch(/invoice key only.*receive but not pay/i)
    expect(requestsTo(sim, 'POST', '/api/v1/payments')).toBe(0)
  })

  it('moves sats between two wallets of the account: an invoice of one paid once by the other', async () => {
    const [aBefore, bBefore] = [await simBalance(sim, a), await simBalance(sim, b)]
    const client = lnbitsClient(sim, [a.adminkey, b.inkey])
    const bId = invoiceKeyWalletId(b.inkey)
    const moved = await client.transfer(a.id, { toWalletId: bId, amountSat: 7, memo: 'to savings', notes: {} })
    expect(moved.out).toMatchObject({ walletId: a.id, amountMsat: -7_000 })
    expect(moved.in).toMatchObject({ walletId: bId, amountMsat: 7_000, memo: 'to savings' })
    expect(moved.in.paymentHash).toBe(moved.out.paymentHash)
    expect([await simBalance(sim, a), await simBalance(sim, b)]).toEqual([aBefore - 7_000, bBefore + 7_000])
    const back = client.transfer(bId, { toWalletId: a.id, amountSat: 1, memo: 'back', notes: {} })
    expect((await failsWith(back, allKeys(sim))).code).toBe('forbidden')
  })
})

describe('extensions', () => {
  it('makes a withdraw link, claimed once from outside with another wallet invoice', async () => {
    const client = lnbitsClient(sim, [a.adminkey])
    const link = await client.mintWithdrawLink(a.id, { amountSat: 12, memo: 'voucher' })
    const url = decodeLnurl(link.lnurl)
    expect(url).toBe(`${sim.url}/withdraw/api/v1/lnurl/${new URL(url).pathname.split('/').at(-1)}`)
    const offer = (await (await fetch(url)).json()) as { callback: string; k1: string; maxWithdrawable: number }
    expect(offer.maxWithdrawable).toBe(12_000)
    const inv = await invoiceOf(c, 12)
    const before = await simBalance(sim, a)
    const cb = new URL(offer.callback)
    cb.searchParams.set('k1', offer.k1)
    cb.searchParams.set('pr', inv.paymentRequest)
    expect(await (await fetch(cb)).json()).toEqual({ status: 'OK' })
    expect(await simBalance(sim, a)).toBe(before - 12_000)
    const again = await (await fetch(cb)).json()
    expect(again).toMatchObject({ status: 'ERROR' })
  })

  it('gives a wallet its permanent QR: a pay link made once, read as a payer reads it', async () => {
    const client = lnbitsClient(sim, [b.adminkey])
    const id = await client.ensureStaticLink(b.id)
    expect(await client.ensureStaticLink(b.id)).toBe(id)
    const [wallet] = await lnbitsClient(sim, [b.adminkey]).listWallets()
    expect(wallet?.staticLinkId).toBe(id)
    const link = await client.getStaticLink(id)
    expect(decodeLnurl(link.lnurl)).toBe(`${sim.url}/lnurlp/${id}`)
    expect(link).toMatchObject({ minSendableMsat: 1_000, maxSendableMsat: 1_000_000_000, description: b.name })
    expect(requestsTo(sim, 'POST', '/lnurlp/api/v1/links')).toBe(1)
  })

  it('makes no link with an invoice key', async () => {
    const client = lnbitsClient(sim, [c.inkey])
    const err = await failsWith(client.mintWithdrawLink(invoiceKeyWalletId(c.inkey), { amountSat: 1 }), allKeys(sim))
    expect(err.code).toBe('forbidden')
    expect(requestsTo(sim, 'POST', '/withdraw/api/v1/links')).toBe(0)
  })
})

describe('the websocket', () => {
  it('hears a payment to a wallet known by its invoice key, and to an invoice made with an admin key', async () => {
    let heard = 0
    const push = lnbitsPush({ baseUrl: sim.url, onPush: () => heard++, log: () => undefined })
    const client = lnbitsClient(sim, [a.adminkey, c.inkey], { push })
    try {
      await client.listWallets()
      await expect.poll(() => push.openCount(), { timeout: 10_000 }).toBe(1) // the invoice key's wallet; the admin key stays out of URLs
      const toC = await invoiceOf(c, 3)
      await sim.control.settleInvoice(toC.paymentRequest)
      await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
      const seen = heard
      const toA = await client.createInvoice(a.id, { amountMsat: 4_000, memo: 'heard' })
      await expect.poll(() => push.openCount(), { timeout: 10_000 }).toBe(2)
      await sim.control.settleInvoice(toA.paymentRequest)
      await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThan(seen)
      // an invoice's own link closes once it has been heard
      await expect.poll(() => push.openCount(), { timeout: 10_000 }).toBe(1)
    } finally {
      client.close()
    }
    expect(push.openCount()).toBe(0)
  })
})
