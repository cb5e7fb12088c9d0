// The LNbits flavor over real HTTP on 127.0.0.1: keys and their rights, invoices made with the
// invoice key and paid with the admin key, a payment from outside pushed once on the websocket,
// paging, a withdraw link claimed, an lnurlp link paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type SimulatorHandle, startSimulator } from '../index'
import { lnbitsApi } from './apiCall'
import type { LnbitsWallet } from './index'

let sim: SimulatorHandle
let a: LnbitsWallet
let b: LnbitsWallet

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
  ;[a, b] = sim.lnbits as [LnbitsWallet, LnbitsWallet]
})
afterAll(() => sim.close())

const api = (method: string, path: string, key: string | null, body?: unknown) =>
  lnbitsApi(sim.url, method, path, key, body)
const balanceMsat = async (w: LnbitsWallet) => (await api('GET', '/api/v1/wallet', w.inkey)).json.balance as number
const state = async () =>
  (await api('GET', '/_sim/state', null)).json as { wallets: { id: string; balance_msat: number }[] }

describe('keys', () => {
  it('answers the wallet in msat, its id only to the admin key', async () => {
    const inv = await api('GET', '/api/v1/wallet', a.inkey)
    expect(inv.status).toBe(200)
    expect(inv.json).toEqual({ name: a.name, balance: expect.any(Number) })
    const adm = await api('GET', '/api/v1/wallet', a.adminkey)
    expect(adm.json.id).toBe(a.id)
    const st = await state()
    expect(st.wallets.find((w) => w.id === a.id)?.balance_msat).toBe(inv.json.balance)
  })

  it('refuses no key, an unknown key, and the invoice key where the admin key is needed', async () => {
    expect(await api('GET', '/api/v1/wallet', null)).toEqual({ status: 401, json: { detail: 'No Api Key provided.' } })
    expect(await api('GET', '/api/v1/wallet', 'f'.repeat(32))).toEqual({
      status: 404,
      json: { detail: 'Wallet not found.' },
    })
    const link = await api('POST', '/withdraw/api/v1/links', a.inkey, {})
    expect(link).toEqual({ status: 403, json: { detail: 'Invalid adminkey.' } })
  })
})

describe('payments', () => {
  it('makes an invoice with the invoice key, pays it with the admin key of another wallet, once', async () => {
    const made = await api('POST', '/api/v1/payments', b.inkey, { out: false, amount: 21, memo: 'lunch' })
    expect(made.status).toBe(201)
    expect(made.json).toMatchObject({ amount: 21_000, status: 'pending', memo: 'lunch' })
    const [aBefore, bBefore] = [await balanceMsat(a), await balanceMsat(b)]
    // An invoice key cannot pay, as LNbits answers (payment_api.py)
    const refused = await api('POST', '/api/v1/payments', a.inkey, { out: true, bolt11: made.json.bolt11 })
    expect(refused).toEqual({ status: 403, json: { detail: 'Invoice (or Admin) key required.' } })
    const paid = await api('POST', '/api/v1/payments', a.adminkey, { out: true, bolt11: made.json.bolt11 })
    expect(paid.status).toBe(201)
    expect(paid.json).toMatchObject({ amount: -21_000, status: 'success', payment_hash: made.json.payment_hash })
    expect([await balanceMsat(a), await balanceMsat(b)]).toEqual([aBefore - 21_000, bBefore + 21_000])
    const again = await api('POST', '/api/v1/payments', a.adminkey, { out: true, bolt11: made.json.bolt11 })
    expect(again.status).toBe(520)
    expect(again.json.status).toBe('failed')
    expect(await balanceMsat(a)).toBe(aBefore - 21_000)
    const seen = await api('GET', `/api/v1/payments/${made.json.payment_hash}`, b.inkey)
    expect(seen.json).toMatchObject({ paid: true, status: 'success' })
  })

  it('makes no amountless invoice, as LNbits (520, status failed)', async () => {
    const made = await api('POST', '/api/v1/payments', b.inkey, { out: false, amount: 0, memo: 'any' })
    expect(made).toEqual({ status: 520, json: { detail: 'Amountless invoices not supported.', status: 'failed' } })
  })

  it('settles from outside by payment hash and pushes it once on the websocket', async () => {
    const made = await api('POST', '/api/v1/payments', b.inkey, { out: false, amount: 5, memo: 'from outside' })
    const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/api/v1/ws/${b.inkey}`)
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const messages: { wallet_balance: number; payment: { payment_hash: string; status: string } }[] = []
    const first = new Promise<void>((resolve) =>
      ws.on('message', (d) => {
        messages.push(JSON.parse(String(d)))
        resolve()
      }),
    )
    const before = await balanceMsat(b)
    const settled = await api('POST', '/_sim/settle', null, { payment_hash: made.json.payment_hash })
    expect(settled.status).toBe(200)
    await first
    // a later event shows nothing else came for this payment in between
    await api('POST', '/_sim/inbound', null, { walletId: b.simId, amountSat: 1 })
    await expect.poll(() => messages.length).toBe(2)
    expect(messages[0]?.payment).toMatchObject({ payment_hash: made.json.payment_hash, status: 'success' })
    expect(messages[0]?.wallet_balance).toBe(Math.floor((before + 5_000) / 1000))
    expect(messages.filter((m) => m.payment.payment_hash === made.json.payment_hash)).toHaveLength(1)
    ws.close()
  })

  it('pages with offset and limit, newest first, with the total', async () => {
    const p1 = (await api('GET', '/api/v1/payments/paginated?limit=5', a.inkey)).json as {
      data: { payment_hash: string; time: string }[]
      total: number
    }
    const p2 = (await api('GET', '/api/v1/payments/paginated?limit=5&offset=5', a.inkey)).json as typeof p1
    expect(p1.data).toHaveLength(5)
    expect(p1.total).toBeGreaterThan(10)
    expect(p2.total).toBe(p1.total)
    const hashes = new Set([...p1.data, ...p2.data].map((p) => p.payment_hash))
    expect(hashes.size).toBe(10)
    const times = [...p1.data, ...p2.data].map((p) => Date.parse(p.time))
    expect([...times].sort((x, y) => y - x)).toEqual(times)
    const plain = (await api('GET', '/api/v1/payments', a.inkey)).json as unknown as unknown[]
    expect(plain).toHaveLength(10) // LNbits' default limit
  })

  it('sums every payment to the balance, to the msat', async () => {
    const all = (await api('GET', '/api/v1/payments/paginated?limit=1000', a.inkey)).json as {
      data: { amount: number; fee: number; status: string }[]
      total: number
    }
    expect(all.total).toBeLessThanOrEqual(1000)
    const sum = all.data.filter((p) => p.status === 'success').reduce((s, p) => s + p.amount + p.fee, 0)
    expect(sum).toBe(await balanceMsat(a))
  })
})

describe('extensions', () => {
  it('claims a withdraw link with another wallet invoice, once', async () => {
    const made = await api('POST', '/withdraw/api/v1/links', a.adminkey, {
      title: 'voucher',
      min_withdrawable: 10,
      max_withdrawable: 10,
      uses: 1,
      wait_time: 1,
      is_unique: false,
    })
    expect(made.status).toBe(201)
    const info = (await (await fetch(made.json.lnurl_url as string)).json()) as Record<string, unknown>
    expect(info).toMatchObject({ tag: 'withdrawRequest', minWithdrawable: 10_000, maxWithdrawable: 10_000 })
    const inv = await api('POST', '/api/v1/payments', b.inkey, { out: false, amount: 10, memo: 'claim' })
    const before = await balanceMsat(b)
    const cb = `${info.callback}?k1=${info.k1}&pr=${inv.json.bolt11}`
    expect(await (await fetch(cb)).json()).toEqual({ status: 'OK' })
    expect(await balanceMsat(b)).toBe(before + 10_000)
    expect(await (await fetch(cb)).json()).toMatchObject({ status: 'ERROR' })
    const list = (await api('GET', '/withdraw/api/v1/links', a.inkey)).json as {
      data: { used: number }[]
      total: number
    }
    expect(list).toMatchObject({ total: 1, data: [{ used: 1 }] })
  })

  it('serves an lnurlp link whose invoice pays into the wallet', async () => {
    const made = await api('POST', '/lnurlp/api/v1/links', b.adminkey, { description: 'tips', min: 1, max: 1000 })
    expect(made.status).toBe(201)
    const info = (await (await fetch(`${sim.url}/lnurlp/${made.json.id}`)).json()) as Record<string, unknown>
    expect(info).toMatchObject({ tag: 'payRequest', minSendable: 1000, maxSendable: 1_000_000 })
    const low = (await (await fetch(`${info.callback}?amount=500`)).json()) as Record<string, unknown>
    expect(low.status).toBe('ERROR')
    const { pr } = (await (await fetch(`${info.callback}?amount=7000`)).json()) as { pr: string }
    const before = await balanceMsat(b)
    expect((await api('POST', '/api/v1/payments', a.adminkey, { out: true, bolt11: pr })).status).toBe(201)
    expect(await balanceMsat(b)).toBe(before + 7000)
  })
})
