// Where the simulator used to differ from the published server, checked with the requests its
// own interface and other people's clients send: each answer is the published server's.
import { decodeLnurl, encodeLnurl } from '@shared/lnurl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CreatedWallet,
  LnTx,
  WalletTransaction,
  WithdrawLink,
} from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, startSimulator } from './index'
import { call, expectError, firstWallet } from './support'

let sim: SimulatorHandle
let sak: string
let pak: string
let w: ReturnType<typeof firstWallet>

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  sak = sim.keys.secret
  pak = sim.keys.public
  w = firstWallet(sim)
})
afterAll(() => sim.close())

describe('the published interface and server, by default', () => {
  it("the interface's own invoice path creates an invoice, by form and by JSON, with every wallet key kind that may", async () => {
    const form = await call(sim, 'POST', `/v1/user/wallet/${w.legacyKeys.invoice}/invoice`, {
      key: sak,
      form: { num_satoshis: '21', memo: 'interface path' },
    })
    expect(form.status).toBe(201)
    expect(LnTx.parse(form.data)).toMatchObject({ num_satoshis: 21, memo: 'interface path', settled: false })
    const json = await call(sim, 'POST', `/v1/user/wallet/${w.keys.invoice}/invoice`, {
      key: pak,
      json: { num_satoshis: 22, memo: 'public key' },
    })
    expect(LnTx.parse(json.data).num_satoshis).toBe(22)
    // the same checks as the current path
    expectError(
      await call(sim, 'POST', `/v1/user/wallet/${w.keys.read}/invoice`, { key: pak, json: { num_satoshis: 1 } }),
      401,
      'wakr_ access key provided does not permission to do this: wallet_deposit',
    )
    expectError(
      await call(sim, 'POST', `/v1/user/wallet/${w.id}/invoice`, { key: sak, json: { num_satoshis: -1 } }),
      400,
      'num_satoshis must be no less than 0.',
    )
  })

  it('a public key creates a wallet (201, keys by role); a label is required; listing stays secret-key only', async () => {
    const r = await call(sim, 'POST', '/v1/wallet', { key: pak, form: { user_label: 'From the SDK' } })
    expect(r.status).toBe(201)
    const cw = CreatedWallet.parse(r.data)
    expect(cw.user_label).toBe('From the SDK')
    expect(cw.access_keys['Wallet Admin']?.[0]).toMatch(/^waka_/)
    // the public key then works on it with a wallet key, as on any other wallet of the account
    const admin = cw.access_keys['Wallet Admin']![0]!
    expect((await call(sim, 'GET', `/v1/wallet/${admin}`, { key: pak })).status).toBe(200)
    expectError(await call(sim, 'POST', '/v1/wallet', { key: pak, form: {} }), 400, 'Internal Label cannot be blank.')
    expectError(
      await call(sim, 'POST', '/v1/wallet', { key: sak, json: { user_label: 'x'.repeat(256) } }),
      400,
      'Internal Label should contain at most 255 characters.',
    )
    expectError(
      await call(sim, 'POST', '/v1/wallet', { key: 'pak_wrong', form: { user_label: 'x' } }),
      401,
      'Your request was made with invalid credentials.',
    )
    const secretOnly = 'This resource can only be access with secret access key.'
    expectError(await call(sim, 'GET', '/v1/wallets', { key: pak }), 401, secretOnly)
    expectError(await call(sim, 'GET', '/v1/wallet-transactions', { key: pak }), 401, secretOnly)
  })

  it('paying more than the balance names the balance, for a request, an address and a withdraw claim', async () => {
    const rich = sim.control.createWallet('Rich', 68_476)
    const huge = sim.control.outside.payee({ amountSat: 100_000_000 }).payment_request
    const before = sim.control.totals()
    expectError(
      await call(sim, 'POST', `/v1/wallet/${rich.id}/withdraw`, { key: sak, json: { payment_request: huge } }),
      400,
      'Invoice too large :) Max balance: 68476',
    )
    expectError(
      await call(sim, 'POST', `/v1/wallet/${rich.id}/lnurlp/pay`, {
        key: sak,
        json: { ln_address: 'shop@sim.example', amt_msat: 9_000_000_000 },
      }),
      400,
      'Invoice too large :) Max balance: 68476',
    )
    // the whole balance plus a routing fee is too much as well: the message still names the balance
    const all = sim.control.outside.payee({ amountSat: 68_476 }).payment_request
    expectError(
      await call(sim, 'POST', `/v1/wallet/${rich.id}/withdraw`, { key: sak, json: { payment_request: all } }),
      400,
      'Invoice too large :) Max balance: 68476',
    )
    expect(sim.control.balanceMsat(rich.id)).toBe(68_476_000)
    expect(sim.control.totals()).toEqual(before)
  })

  it('a transfer copies passThru into both wallet transactions and names both wallets in each', async () => {
    const a = sim.control.createWallet('From', 5_000)
    const b = sim.control.createWallet('To')
    const r = await call(sim, 'POST', `/v1/wallet/${a.keys.admin}/transfer`, {
      key: pak,
      form: { dest_wallet_id: b.id, num_satoshis: '1200', memo: 'rent', passThru: JSON.stringify({ order: 'A-7' }) },
    })
    expect(r.status).toBe(201)
    const out = WalletTransaction.parse(r.data.wtx_transfer_out)
    const inn = WalletTransaction.parse(r.data.wtx_transfer_in)
    for (const t of [out, inn]) {
      expect(t.passThru).toEqual({ order: 'A-7', source_wallet_id: a.id, dest_wallet_id: b.id })
      expect(t.user_label).toBe('rent')
    }
    expect([out.num_satoshis, inn.num_satoshis]).toEqual([-1200, 1200])
    // each side's list shows the same
    const list = await call(sim, 'GET', `/v1/wallet/${b.id}/transactions?per-page=1`, { key: sak })
    expect(WalletTransaction.parse(list.data[0]).passThru).toEqual(inn.passThru)
    expectError(
      await call(sim, 'POST', `/v1/wallet/${a.id}/transfer`, {
        key: sak,
        json: { dest_wallet_id: b.id, num_satoshis: 1, passThru: '{not json' },
      }),
      400,
      'Invalid passThru json specified',
    )
    expect(sim.control.balanceMsat(a.id)).toBe(3_800_000)
  })

  it('minting a withdraw link keeps passThru (JSON or base64 of it) and the withdrawal carries it', async () => {
    const payer = sim.control.createWallet('Link payer', 2_000)
    const claimer = sim.control.createWallet('Claimer')
    for (const raw of [
      JSON.stringify({ gift: 'g-1' }),
      Buffer.from(JSON.stringify({ gift: 'g-1' })).toString('base64'),
    ]) {
      const q = new URLSearchParams({ num_satoshis: '100', memo: 'Gift', passThru: raw })
      const link = WithdrawLink.parse(
        (await call(sim, 'GET', `/v1/wallet/${payer.id}/lnurl/withdraw?${q}`, { key: sak })).data,
      )
      const d = (await (await fetch(decodeLnurl(link.lnurl))).json()) as { callback: string; k1: string }
      const inv = LnTx.parse(
        (await call(sim, 'POST', `/v1/wallet/${claimer.id}/invoice`, { key: sak, json: { num_satoshis: 100 } })).data,
      )
      const ok = await fetch(`${d.callback}&k1=${d.k1}&pr=${inv.payment_request}`)
      expect(await ok.json()).toEqual({ status: 'OK' })
      const tx = WalletTransaction.parse(
        (await call(sim, 'GET', `/v1/wallet/${payer.id}/transactions?per-page=2`, { key: sak })).data.find(
          (t: { wtxType: { name: string } }) => t.wtxType.name === 'ln_lnurl_withdraw',
        ),
      )
      expect(tx.passThru).toMatchObject({ gift: 'g-1', method: 'lnurl', ott: link.ott })
    }
    expectError(
      await call(sim, 'GET', `/v1/wallet/${payer.id}/lnurl/withdraw?num_satoshis=5&passThru=nope`, { key: sak }),
      400,
      'passThru data must be valid json',
    )
  })

  it('a probe of a pasted BOLT 11 request or a long LNURL answers the published 500, not an HTTP 414', async () => {
    const pr = sim.control.outside.payee({ amountSat: 10, memo: 'x'.repeat(300) }).payment_request
    expect(pr.length).toBeGreaterThan(500)
    expectError(await call(sim, 'GET', `/v1/lnurlp/probe/${pr}`, { key: sak }), 500, 'Invalid Address / LNURL')
    const long = encodeLnurl(`https://sim.example/.well-known/lnurlp/${'a'.repeat(200)}`)
    expectError(await call(sim, 'GET', `/v1/lnurlp/probe/${long}`, { key: sak }), 500, 'Invalid Address / LNURL')
  })
})
