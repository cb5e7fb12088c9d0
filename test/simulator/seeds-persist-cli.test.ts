// Seeds, `--data` persistence across a restart, and the command line.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { decodeLnurl } from '@shared/lnurl'
import { afterAll, describe, expect, it } from 'vitest'
import { LnTx, Wallet, WalletList, WalletTransactionList } from '../../electron/main/services/backends/service/schemas'
import { startSimulator } from './index'
import { LARGE_TX_COUNT } from './seed'
import { call, withSimulator } from './support'

const dir = mkdtempSync(join(tmpdir(), 'sim-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('seeds', () => {
  it('empty: one account, one wallet, zero balance, no history', async () => {
    await withSimulator({ seed: 'empty' }, async (sim) => {
      expect(sim.keys.secret).toMatch(/^sak_/)
      expect(sim.keys.wallets).toHaveLength(1)
      const w = sim.keys.wallets[0]!
      expect(Object.values(w.keys).map((k) => k.split('_')[0])).toEqual(['waka', 'waki', 'wakr', 'waklw', 'waklp'])
      expect(Object.values(w.legacyKeys).map((k) => k.split('_')[0])).toEqual(['wa', 'wi', 'wr'])
      const r = await call(sim, 'GET', `/v1/wallet/${w.id}`, { key: sim.keys.secret })
      expect(Wallet.parse(r.data)).toMatchObject({ balance: 0, balance_msat: 0 })
      expect(sim.control.totals()).toEqual({ walletsMsat: 0, inboundMsat: 0, outboundMsat: 0, feesMsat: 0 })
    })
  })

  it('demo: three wallets, months of mixed history, deterministic keys', async () => {
    const a = await startSimulator({ seed: 'demo' })
    const b = await startSimulator({ seed: 'demo' })
    try {
      expect(b.keys).toEqual(a.keys)
      expect(a.keys.wallets.map((w) => w.label)).toEqual(['Everyday', 'Savings', 'Side shop'])
      const all = a.control.ledger.wtx
      expect(all.length).toBeGreaterThanOrEqual(200)
      expect(all.length).toBeLessThan(1000)
      const types = new Set(all.map((t) => t.type))
      for (const name of [
        'ln_deposit',
        'ln_withdrawal',
        'ln_transfer_in',
        'ln_transfer_out',
        'ln_lnurl_pay_inbound',
        'ln_lnurl_pay_outbound',
        'ln_lnurl_withdraw',
        'network_fee',
        'service_fee',
      ])
        expect(types, name).toContain(name)
      const times = all.map((t) => t.createdAt)
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(90 * 86_400)
      const t = a.control.totals()
      expect(t.walletsMsat).toBe(t.inboundMsat - t.outboundMsat - t.feesMsat)
      for (const w of a.keys.wallets) expect(a.control.balanceMsat(w.id)).toBeGreaterThan(0)
      const withdraws = all.filter((x) => x.type === 'ln_lnurl_withdraw')
      for (const x of withdraws) expect(x.passThru.ott).toEqual(expect.any(String))
      // payments into the shop's static link name it
      const viaLink = all.filter((x) => x.type === 'ln_lnurl_pay_inbound')
      expect(viaLink.length).toBeGreaterThan(0)
      const shop = a.keys.wallets[2]!
      for (const x of viaLink)
        expect(x).toMatchObject({ walletId: shop.id, passThru: { wallet_lnurlpay_id: expect.any(String) } })
      // outside parties: vouchers to claim (one expired, one spent) and requests to pay
      const vouchers = a.control.outside.vouchers()
      expect(vouchers.map((v) => a.control.ledger.voucherUnusable(v))).toEqual([
        null,
        null,
        'This voucher has expired',
        'This voucher has already been claimed',
      ])
      expect(vouchers.map((v) => [v.id, v.k1])).toEqual(b.control.outside.vouchers().map((v) => [v.id, v.k1]))
      const payees = a.control.outside.payees()
      expect(payees.map((p) => [p.amountMsat, p.paidElsewhere])).toEqual([
        [2_100_000, false],
        [null, false],
        [500_000, false],
        [800_000, true],
      ])
      expect(payees[2]!.timestamp + payees[2]!.expiry).toBeLessThan(a.control.clock.now())
    } finally {
      await a.close()
      await b.close()
    }
  })

  it(`large: at least ${LARGE_TX_COUNT} transactions in one wallet, served page by page`, async () => {
    await withSimulator({ seed: 'large' }, async (sim) => {
      const w = sim.keys.wallets[0]!
      const r = await call(sim, 'GET', `/v1/wallet/${w.id}/transactions?per-page=500&page=20`, { key: sim.keys.secret })
      expect(Number(r.headers.get('x-pagination-total-count'))).toBeGreaterThanOrEqual(LARGE_TX_COUNT)
      expect(WalletTransactionList.parse(r.data)).toHaveLength(500)
      const t = sim.control.totals()
      expect(t.walletsMsat).toBe(t.inboundMsat - t.outboundMsat - t.feesMsat)
    })
  })
})

describe('--data persistence', () => {
  it('survives a restart: wallets, balances, invoices, spent tokens; the file is written whole', async () => {
    const file = join(dir, 'state.json')
    const first = await startSimulator({ seed: 'empty', dataFile: file })
    const w = first.keys.wallets[0]!
    await first.control.payInbound(w.id, 5000)
    const inv = LnTx.parse(
      (
        await call(first, 'POST', `/v1/wallet/${w.id}/invoice`, {
          key: first.keys.secret,
          json: { num_satoshis: 7, memo: 'kept' },
        })
      ).data,
    )
    const created = await call(first, 'POST', '/v1/wallet', { key: first.keys.secret, json: { user_label: 'Second' } })
    expect(created.status).toBe(201)
    const voucher = first.control.outside.voucher({ maxSat: 50, uses: 2 })
    const payee = first.control.outside.payee({ amountSat: 9 })
    first.control.outside.payLink(w.id, 4_000, 'kept too')
    const book = first.control.outside.book()
    await first.close()
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1)
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]) // written by rename, nothing left over

    const second = await startSimulator({ seed: 'demo', dataFile: file }) // the file wins over the seed
    try {
      expect(second.keys.secret).toBe(first.keys.secret)
      const list = WalletList.parse((await call(second, 'GET', '/v1/wallets', { key: second.keys.secret })).data)
      expect(list.map((x) => x.user_label)).toEqual(['Wallet', 'Second'])
      expect(second.control.balanceMsat(w.id)).toBe(5_000_000 + 4_000)
      const back = await call(second, 'GET', `/v1/lntx/${inv.id}`, { key: second.keys.secret })
      expect(LnTx.parse(back.data)).toMatchObject({
        payment_request: inv.payment_request,
        memo: 'kept',
        settled: false,
      })
      await second.control.settleInvoice(inv.payment_request)
      expect(second.control.balanceMsat(w.id)).toBe(5_007_000 + 4_000)
      // the outside parties and the static link survive too
      expect(second.control.outside.vouchers()).toMatchObject([{ id: voucher.id, k1: voucher.k1, usesLeft: 2 }])
      expect(second.control.outside.payees().map((p) => p.payment_request)).toEqual([payee.payment_request])
      expect(second.control.outside.book().slice(0, book.length)).toEqual(book)
      const linkId = Wallet.parse(
        (await call(second, 'GET', `/v1/wallet/${w.id}`, { key: second.keys.secret })).data,
      ).default_lnurlpay_id
      expect((await call(second, 'GET', `/v1/lnurlp/${linkId}`, { key: second.keys.secret })).status).toBe(200)
    } finally {
      await second.close()
    }
    await withSimulator({ dataFile: file }, async (third) => {
      expect(third.control.balanceMsat(w.id)).toBe(5_011_000)
      const t = third.control.totals()
      expect(t.inboundMsat).toBe(5_011_000)
    })
  })

  it('refuses a file that is not a simulator state, and leaves it alone', async () => {
    const file = join(dir, 'other.json')
    writeFileSync(file, '{"hello": "world"}')
    await expect(startSimulator({ dataFile: file })).rejects.toThrow(/not a simulator state file/)
    expect(readFileSync(file, 'utf8')).toBe('{"hello": "world"}')
  })
})

describe('command line', () => {
  it('prints the base URL and the keys to paste, and serves them', async () => {
    const cli = resolve(__dirname, 'cli.ts')
    const tsx = resolve(__dirname, '../../node_modules/.bin/tsx')
    const child = spawn(tsx, [cli, '--port', '0', '--seed', 'demo'], { stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      const out = await new Promise<string>((res, rej) => {
        let text = ''
        const timer = setTimeout(() => rej(new Error(`no output: ${text}`)), 20_000)
        child.stdout.on('data', (c) => {
          text += c
          if (text.includes('Controls:')) {
            clearTimeout(timer)
            res(text)
          }
        })
        child.on('exit', (code) => rej(new Error(`exited ${code}: ${text}`)))
      })
      const url = /Base URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1]
      const key = /Secret key:\s+(sak_\w+)/.exec(out)?.[1]
      expect(url).toBeDefined()
      expect(key).toBeDefined()
      expect(out).toMatch(/admin\s+waka_\w+/)
      expect(out).toMatch(/invoice\s+waki_\w+/)
      expect(out).toContain('alice@sim.example')
      const r = await fetch(`${url}/v1/wallets`, { headers: { 'X-Api-Key': key! } })
      expect(r.status).toBe(200)
      expect(WalletList.parse(await r.json())).toHaveLength(3)
      // the outside parties, reachable at the printed addresses
      const gift = /Welcome gift: 5,000 sats: (LNURL1\w+)/.exec(out)?.[1]
      expect(gift).toBeDefined()
      const d = await (await fetch(decodeLnurl(gift!))).json()
      expect(d).toMatchObject({ tag: 'withdrawRequest', maxWithdrawable: 5_000_000 })
      expect(out).toMatch(/Concert ticket \(outside shop\): lnbcrt21u1\w+/)
    } finally {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
  })
})
