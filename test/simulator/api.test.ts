// Every /v1 operation against the app's own zod schemas; errors, auth, bodies, fields, pagination.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CreatedWallet,
  LnTx,
  LnTxFields,
  ProbeResult,
  Wallet,
  WalletList,
  WalletTransaction,
  WalletTransactionList,
  WithdrawLink,
} from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, startSimulator } from './index'
import { call, expectError, firstWallet, withSimulator } from './support'

let sim: SimulatorHandle
let sak: string
let w: ReturnType<typeof firstWallet>

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  sak = sim.keys.secret
  w = firstWallet(sim)
})
afterAll(() => sim.close())

describe('success bodies pass the app schemas', () => {
  it('lists wallets and reads one', async () => {
    const list = await call(sim, 'GET', '/v1/wallets', { key: sak })
    expect(list.status).toBe(200)
    const wallets = WalletList.parse(list.data)
    expect(wallets.map((x) => x.id)).toEqual(sim.keys.wallets.map((x) => x.id))
    expect(list.headers.get('x-pagination-total-count')).toBe(String(sim.keys.wallets.length))
    const one = await call(sim, 'GET', `/v1/wallet/${w.id}`, { key: sak })
    const wallet = Wallet.parse(one.data)
    expect(wallet.balance_msat).toBe(sim.control.balanceMsat(w.id))
    expect(wallet.balance).toBe(Math.floor(wallet.balance_msat! / 1000))
    expect(one.data.statusType.name).toBe('active')
    expect(one.data.walletType.name).toBe('generic_wallet')
  })

  it('creates an invoice (201, lnTx), and reads it back with and without fields', async () => {
    const r = await call(sim, 'POST', `/v1/wallet/${w.id}/invoice`, {
      key: sak,
      json: { num_satoshis: 1234, memo: 'tea' },
    })
    expect(r.status).toBe(201)
    const tx = LnTx.parse(r.data)
    expect(tx.num_satoshis).toBe(1234)
    expect(tx.memo).toBe('tea')
    expect(tx.settled).toBe(false)
    expect(tx.payment_preimage).toBeNull()
    expect(tx.expires_at).toBe(tx.created_at + 86400)
    expect(tx.payment_request.startsWith('lnbcrt12340n1')).toBe(true)
    const full = await call(sim, 'GET', `/v1/lntx/${tx.id}`, { key: sak })
    expect(LnTx.parse(full.data).r_hash_decoded).toBe(tx.r_hash_decoded)
    const some = await call(sim, 'GET', `/v1/lntx/${tx.id}?fields=settled,settled_at,num_satoshis`, { key: sak })
    expect(Object.keys(some.data).sort()).toEqual(['num_satoshis', 'settled', 'settled_at'])
    expect(LnTxFields.parse(some.data)).toEqual({ num_satoshis: 1234, settled: false, settled_at: null })
    await sim.control.settleInvoice(tx.id)
    const after = await call(sim, 'GET', `/v1/lntx/${tx.id}?fields=settled,payment_preimage`, { key: sak })
    expect(after.data.settled).toBe(1)
    expect(after.data.payment_preimage).toMatch(/^[0-9a-f]{64}$/)
  })

  it('a missing memo gets a default text, a missing amount a zero-amount invoice', async () => {
    const r = await call(sim, 'POST', `/v1/wallet/${w.id}/invoice`, { key: sak, form: {} })
    expect(r.status).toBe(201)
    const tx = LnTx.parse(r.data)
    expect(tx.num_satoshis).toBe(0)
    expect(tx.memo).toBeTruthy()
    expect(tx.payment_request.startsWith('lnbcrt1')).toBe(true)
  })

  it("serves the interface's invoice path by default; legacyInvoiceRoute: false answers 404 there and creates nothing", async () => {
    const ok = await call(sim, 'POST', `/v1/user/wallet/${w.keys.invoice}/invoice`, {
      key: sak,
      json: { num_satoshis: 5, memo: 'x' },
    })
    expect(ok.status).toBe(201)
    expect(LnTx.parse(ok.data)).toMatchObject({ num_satoshis: 5, memo: 'x' })
    await withSimulator({ seed: 'empty', legacyInvoiceRoute: false }, async (current) => {
      const cw = firstWallet(current)
      const before = current.control.ledger.lntx.size
      const r = await call(current, 'POST', `/v1/user/wallet/${cw.id}/invoice`, {
        key: current.keys.secret,
        json: { num_satoshis: 5, memo: 'x' },
      })
      expectError(r, 404)
      expect(current.control.ledger.lntx.size).toBe(before)
    })
  })

  it('lists transactions newest first, settled and balance-changing only', async () => {
    const r = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions`, { key: sak })
    expect(r.status).toBe(200)
    const list = WalletTransactionList.parse(r.data)
    expect(list.length).toBeGreaterThan(50)
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.created_at).toBeGreaterThanOrEqual(list[i]!.created_at)
    for (const t of list) {
      expect(t.num_satoshis).not.toBe(0)
      if (t.lnTx) expect(t.lnTx.settled).toBe(true)
    }
    const types = new Set(list.map((t) => t.wtxType.name))
    for (const name of ['ln_deposit', 'ln_withdrawal', 'ln_lnurl_pay_outbound', 'network_fee'])
      expect(types).toContain(name)
    // the unpaid demo invoice is not a transaction
    expect(list.some((t) => t.lnTx?.memo === 'Concert ticket')).toBe(false)
  })

  it('probes a lightning address and an LNURL-pay link, and pays an address', async () => {
    const p = await call(sim, 'GET', '/v1/lnurlp/probe/alice@sim.example', { key: sak })
    expect(p.status).toBe(200)
    const probe = ProbeResult.parse(p.data)
    expect(probe).toMatchObject({ minSendable: 1000, maxSendable: 1_000_000_000, commentAllowed: 140 })
    expect(probe.metadata).toContainEqual(['text/plain', 'Tips for Alice'])
    const { encodeLnurl } = await import('@shared/lnurl')
    const viaLnurl = await call(
      sim,
      'GET',
      `/v1/lnurlp/probe/${encodeLnurl('https://sim.example/.well-known/lnurlp/bob')}`,
      {
        key: sak,
      },
    )
    expect(ProbeResult.parse(viaLnurl.data).maxSendable).toBe(50_000_000)
    expectError(
      await call(sim, 'GET', '/v1/lnurlp/probe/nobody@nowhere.example', { key: sak }),
      500,
      'Invalid Address / LNURL',
    )

    const before = sim.control.balanceMsat(w.id)
    const pay = await call(sim, 'POST', `/v1/wallet/${w.id}/lnurlp/pay`, {
      key: sak,
      json: { ln_address: 'alice@sim.example', amt_msat: 21_000, comment: 'gm', passThru: { note: 'x' } },
    })
    expect(pay.status).toBe(201)
    const wtx = WalletTransaction.parse(pay.data)
    expect(wtx.num_satoshis).toBe(-21)
    expect(wtx.wtxType.name).toBe('ln_lnurl_pay_outbound')
    expect(wtx.lnTx?.settled).toBe(true)
    expect(wtx.lnTx?.payment_preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(wtx.passThru).toMatchObject({ method: 'lnurlp', comment: 'gm', note: 'x' })
    expect(String(wtx.passThru.outgoingChannelId)).toMatch(/^\d+$/)
    const fee = wtx.lnTx?.fee_msat ?? 0
    expect(fee).toBeGreaterThan(0)
    expect(sim.control.balanceMsat(w.id)).toBe(before - 21_000 - fee)
  })

  it('refuses lnurlp amounts outside the limits and comments that are too long', async () => {
    const before = sim.control.balanceMsat(w.id)
    const low = await call(sim, 'POST', `/v1/wallet/${w.id}/lnurlp/pay`, {
      key: sak,
      json: { ln_address: 'bob@sim.example', amt_msat: 999_000 },
    })
    expectError(low, 400, /between/)
    const comment = await call(sim, 'POST', `/v1/wallet/${w.id}/lnurlp/pay`, {
      key: sak,
      json: { ln_address: 'bob@sim.example', amt_msat: 1_000_000, comment: 'hi' },
    })
    expectError(comment, 400, /Comment/)
    expectError(
      await call(sim, 'POST', `/v1/wallet/${w.id}/lnurlp/pay`, { key: sak, json: { amt_msat: 5000 } }),
      400,
      'ln_address cannot be blank.',
    )
    expect(sim.control.balanceMsat(w.id)).toBe(before)
  })

  it('mints a withdraw link', async () => {
    const r = await call(sim, 'GET', `/v1/wallet/${w.id}/lnurl/withdraw?num_satoshis=100&memo=gift`, { key: sak })
    expect(r.status).toBe(200)
    const link = WithdrawLink.parse(r.data)
    const { decodeLnurl } = await import('@shared/lnurl')
    const url = new URL(decodeLnurl(link.lnurl))
    expect(url.pathname).toBe(`/v1/wallet/${w.keys.lnurlw}/lnurl-process`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ott: link.ott,
      num_satoshis: '100',
      memo: 'gift',
      tag: 'withdraw',
    })
  })

  it('pays a BOLT 11 request of another simulated wallet (internal, no fee) and one to the outside', async () => {
    const other = sim.keys.wallets[1]!
    const inv = await call(sim, 'POST', `/v1/wallet/${other.keys.invoice}/invoice`, {
      key: sak,
      json: { num_satoshis: 777, memo: 'in' },
    })
    const pr = LnTx.parse(inv.data).payment_request
    const [a0, b0] = [sim.control.balanceMsat(w.id), sim.control.balanceMsat(other.id)]
    const r = await call(sim, 'POST', `/v1/wallet/${w.id}/withdraw`, { key: sak, json: { payment_request: pr } })
    expect(r.status).toBe(201)
    const wtx = WalletTransaction.parse(r.data)
    expect(wtx).toMatchObject({ num_satoshis: -777, wtxType: { name: 'ln_withdrawal' } })
    expect(sim.control.balanceMsat(w.id)).toBe(a0 - 777_000)
    expect(sim.control.balanceMsat(other.id)).toBe(b0 + 777_000)
    const settled = await call(sim, 'GET', `/v1/lntx/${LnTx.parse(inv.data).id}`, { key: sak })
    expect(LnTx.parse(settled.data).payment_preimage).toBe(wtx.lnTx?.payment_preimage)
    // paying it twice fails and moves nothing
    expectError(
      await call(sim, 'POST', `/v1/wallet/${w.id}/withdraw`, { key: sak, json: { payment_request: pr } }),
      400,
      'invoice is already paid',
    )
    expect(sim.control.balanceMsat(w.id)).toBe(a0 - 777_000)

    const outside = sim.control.outsideInvoice(500, 'to the world')
    const o = await call(sim, 'POST', `/v1/wallet/${w.id}/withdraw`, { key: sak, form: { payment_request: outside } })
    expect(o.status).toBe(201)
    const ow = WalletTransaction.parse(o.data)
    expect(ow.lnTx?.fee_msat).toBe(1000)
    expect(sim.control.balanceMsat(w.id)).toBe(a0 - 777_000 - 500_000 - 1000)
    expectError(
      await call(sim, 'POST', `/v1/wallet/${w.id}/withdraw`, { key: sak, json: { payment_request: 'lnbc1nonsense' } }),
      400,
      'Invalid payment request',
    )
  })

  it('transfers between wallets and refuses the same wallet or too much', async () => {
    const [a, b] = sim.keys.wallets as [typeof w, typeof w]
    const [a0, b0] = [sim.control.balanceMsat(a.id), sim.control.balanceMsat(b.id)]
    const r = await call(sim, 'POST', `/v1/wallet/${a.id}/transfer`, {
      key: sak,
      json: { dest_wallet_id: b.id, num_satoshis: 1000, memo: 'save' },
    })
    expect(r.status).toBe(201)
    expect(WalletTransaction.parse(r.data.wtx_transfer_out)).toMatchObject({ num_satoshis: -1000, lnTx: null })
    expect(WalletTransaction.parse(r.data.wtx_transfer_in).wtxType.name).toBe('ln_transfer_in')
    expect(sim.control.balanceMsat(a.id)).toBe(a0 - 1_000_000)
    expect(sim.control.balanceMsat(b.id)).toBe(b0 + 1_000_000)
    const same = await call(sim, 'POST', `/v1/wallet/${a.id}/transfer`, {
      key: sak,
      json: { dest_wallet_id: a.id, num_satoshis: 1 },
    })
    expectError(same, 400, 'Source and destination wallets cannot be the same!')
    const much = await call(sim, 'POST', `/v1/wallet/${a.id}/transfer`, {
      key: sak,
      json: { dest_wallet_id: b.id, num_satoshis: 10_000_000_000 },
    })
    expectError(much, 400, 'Insufficient balance in source wallet')
  })

  it('creates a wallet whose keys are shown once, by role name', async () => {
    const r = await call(sim, 'POST', '/v1/wallet', { key: sak, form: { user_label: 'New one' } })
    expect(r.status).toBe(201)
    const cw = CreatedWallet.parse(r.data)
    expect(cw.user_label).toBe('New one')
    expect(Object.keys(cw.access_keys).sort()).toEqual(
      ['Wallet Admin', 'Wallet Invoice', 'Wallet LNURL Pay', 'Wallet LNURL Withdraw', 'Wallet Read'].sort(),
    )
    const admin = cw.access_keys['Wallet Admin']![0]!
    expect(admin.startsWith('waka_')).toBe(true)
    const read = await call(sim, 'GET', `/v1/wallet/${admin}`, { key: sak })
    expect(Wallet.parse(read.data).id).toBe(cw.id)
  })
})

describe('bodies, fields and pagination', () => {
  it('reads form fields without Content-Type and JSON only with application/json', async () => {
    const path = `/v1/wallet/${w.id}/invoice`
    const form = await call(sim, 'POST', path, { key: sak, form: { num_satoshis: '42', memo: 'form' } })
    expect(LnTx.parse(form.data)).toMatchObject({ num_satoshis: 42, memo: 'form' })
    const json = await call(sim, 'POST', path, { key: sak, json: { num_satoshis: 43, memo: 'json' } })
    expect(LnTx.parse(json.data)).toMatchObject({ num_satoshis: 43, memo: 'json' })
    // a JSON text without the JSON content type is read as form fields: it names none of them
    const unlabelled = await call(sim, 'POST', path, {
      key: sak,
      rawBody: JSON.stringify({ num_satoshis: 44, memo: 'raw' }),
    })
    expect(unlabelled.status).toBe(201)
    expect(LnTx.parse(unlabelled.data).num_satoshis).toBe(0)
  })

  it('fields trims the wallet object and each item of a list', async () => {
    const r = await call(sim, 'GET', `/v1/wallet/${w.id}?fields=id,balance`, { key: sak })
    expect(Object.keys(r.data).sort()).toEqual(['balance', 'id'])
    const list = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=3&fields=id,num_satoshis`, {
      key: sak,
    })
    expect(list.data).toHaveLength(3)
    for (const t of list.data) expect(Object.keys(t).sort()).toEqual(['id', 'num_satoshis'])
  })

  it('JSON with a charset parameter is JSON; an empty JSON body is an empty object', async () => {
    const path = `/v1/wallet/${w.id}/invoice`
    const r = await call(sim, 'POST', path, {
      key: sak,
      rawBody: JSON.stringify({ num_satoshis: 8, memo: 'cs' }),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(LnTx.parse(r.data)).toMatchObject({ num_satoshis: 8, memo: 'cs' })
    const empty = await call(sim, 'POST', path, {
      key: sak,
      rawBody: '',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(LnTx.parse(empty.data).num_satoshis).toBe(0)
  })

  it('pagination headers, Link, clamping of per-page and of a page past the end', async () => {
    const total = sim.control.ledger.walletTransactions(w.id).length
    const r = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?page=2&per-page=7`, { key: sak })
    expect(r.headers.get('x-pagination-total-count')).toBe(String(total))
    expect(r.headers.get('x-pagination-page-count')).toBe(String(Math.ceil(total / 7)))
    expect(r.headers.get('x-pagination-current-page')).toBe('2')
    expect(r.headers.get('x-pagination-per-page')).toBe('7')
    const link = r.headers.get('link') ?? ''
    for (const rel of ['self', 'first', 'prev', 'next', 'last']) expect(link).toContain(`rel=${rel}`)
    expect(WalletTransactionList.parse(r.data)).toHaveLength(7)
    const all = WalletTransactionList.parse(
      (await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=500`, { key: sak })).data,
    )
    expect(r.data.map((t: { id: string }) => t.id)).toEqual(all.slice(7, 14).map((t) => t.id))

    const dflt = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions`, { key: sak })
    expect(dflt.headers.get('x-pagination-per-page')).toBe('100')
    const big = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=9999`, { key: sak })
    expect(big.headers.get('x-pagination-per-page')).toBe('500')
    const small = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=0`, { key: sak })
    expect(small.headers.get('x-pagination-per-page')).toBe('1')
    expect(small.data).toHaveLength(1)

    const lastPage = Math.ceil(total / 50)
    const past = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?page=999&per-page=50`, { key: sak })
    expect(past.headers.get('x-pagination-current-page')).toBe(String(lastPage))
    expect(past.data).toHaveLength(total - (lastPage - 1) * 50)
    expect(past.data.at(-1).id).toBe(all.at(-1)?.id)
  })

  it('an empty wallet has one empty page', async () => {
    const fresh = sim.control.createWallet('Empty')
    const r = await call(sim, 'GET', `/v1/wallet/${fresh.id}/transactions?page=3`, { key: sak })
    expect(r.data).toEqual([])
    expect(r.headers.get('x-pagination-total-count')).toBe('0')
    expect(r.headers.get('x-pagination-current-page')).toBe('1')
  })
})
