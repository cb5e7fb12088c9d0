// An LNbits account through the app (createApp's router, as the renderer calls it), against the
// simulator's LNbits flavor: tested and connected with one key per wallet, its flags read from
// the server (extensions, which keys may pay), its wallets' balances the simulator's, no key in
// anything the renderer gets, and the same keys refused a second time by the account's name.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, StaticLinkView } from '@shared/contract'
import type { Result } from '@shared/errors'
import { decodeLnurl } from '@shared/lnurl'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../../../electron/main/app/createApp'
import { invoiceKeyWalletId } from '../../../../electron/main/services/backends/lnbits/keys'
import type { SimulatorHandle } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { allKeys, lnbitsSimFor, simBalance, startedApp } from './support'

let sim: SimulatorHandle
let a: LnbitsWallet
let b: LnbitsWallet
let c: LnbitsWallet
let dir: string
let app: App

lnbitsSimFor((s, w) => {
  sim = s
  ;[a, b, c] = w
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-lnbits-'))
  app = await startedApp(dir, sim)
})
afterEach(async () => {
  await app.dispose()
  await rm(dir, { recursive: true, force: true })
})

function value<T>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const connect = (keys: string[], label = 'Home LNbits') =>
  app.router.handle('accounts.connect', { kind: 'lnbits', baseUrl: sim.url, keys, label, storage: 'memory' })
const noKeyIn = (r: unknown) => {
  for (const k of allKeys(sim)) expect(JSON.stringify(r)).not.toContain(k)
}

describe('an LNbits account', () => {
  it('is tested with its keys: the wallets they open, nothing stored', async () => {
    const r = await app.router.handle('accounts.test', {
      kind: 'lnbits',
      baseUrl: sim.url,
      keys: [a.adminkey, c.inkey],
    })
    const { wallets } = value<{ wallets: { id: string; balance_msat?: number }[] }>(r)
    expect(wallets.map((w) => w.id)).toEqual([a.id, invoiceKeyWalletId(c.inkey)])
    noKeyIn(r)
    expect(value<{ accounts: unknown[] }>(await app.router.handle('accounts.list', {})).accounts).toEqual([])
  })

  it('is connected with an admin key and an invoice key: flags from the server, balances from its wallets', async () => {
    const r = await connect([a.adminkey, c.inkey])
    const view = value<AccountView>(r)
    noKeyIn(r)
    expect(view).toMatchObject({ kind: 'lnbits', label: 'Home LNbits', baseUrl: sim.url })
    expect(view.capabilities).toEqual({
      createWallets: false,
      withdrawLinks: true,
      vouchers: true,
      transfers: true,
      permanentQr: true,
      connectedApps: false,
      pays: true,
      amountlessInvoices: false,
      // LNbits keeps its own fee reserve (docs/lnbits.md, "Fees")
      serverFeeReserve: true,
    })
    const listed = await app.router.handle('wallets.list', {})
    noKeyIn(listed)
    const { wallets } = value<{ wallets: { id: string; balanceMsat?: number; balance_msat?: number }[] }>(listed)
    const shown = Object.fromEntries(wallets.map((w) => [w.id, w.balanceMsat ?? w.balance_msat]))
    expect(shown).toEqual({ [a.id]: await simBalance(sim, a), [invoiceKeyWalletId(c.inkey)]: await simBalance(sim, c) })
  })

  it('shows a wallet without a pay link its permanent QR: the link made on the first ask, once', async () => {
    value(await connect([a.adminkey]))
    const made = () => sim.control.requests({ method: 'POST', path: /^\/lnurlp\/api\/v1\/links$/ }).length
    const before = made()
    const first = value<StaticLinkView>(await app.router.handle('wallets.staticLink', { walletId: a.id }))
    const again = value<StaticLinkView>(await app.router.handle('wallets.staticLink', { walletId: a.id }))
    expect(again.lnurl).toBe(first.lnurl)
    expect(made() - before).toBe(1)
    // what a payer's wallet reads behind the QR: this server's pay link, named after the wallet
    const url = decodeLnurl(first.lnurl)
    expect(url.startsWith(`${sim.url}/lnurlp/`)).toBe(true)
    const offer = (await (await fetch(url)).json()) as { tag: string; metadata: string }
    expect(offer.tag).toBe('payRequest')
    expect(first).toMatchObject({ walletId: a.id, uri: `lightning:${first.lnurl}`, minSat: 1 })
  })

  it('with invoice keys only is receive-only, said in its flags', async () => {
    const view = value<AccountView>(await connect([b.inkey]))
    expect(view.capabilities).toMatchObject({ pays: false, withdrawLinks: false, vouchers: false, transfers: false })
    expect(view.capabilities?.permanentQr).toBe(true)
    // main reads the same flags before anything is sent
    sim.control.resetRequests()
    const walletId = invoiceKeyWalletId(b.inkey)
    const r = await app.router.handle('withdraw.create', { walletId, amountSat: 5, requestId: 'req-lnbits-ro-1' })
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(sim.control.requests({ method: 'POST', path: '/withdraw' })).toHaveLength(0)
  })

  it('is refused a second time with the same keys, by the name of the first', async () => {
    value(await connect([a.adminkey]))
    const again = await connect([` ${a.adminkey.toUpperCase()} `], 'Again')
    expect(again).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(!again.ok && again.error.message).toContain('Home LNbits')
  })

  it('refuses a key of no wallet in words, and keeps no account', async () => {
    const r = await connect(['0'.repeat(32)])
    expect(r).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(value<{ accounts: unknown[] }>(await app.router.handle('accounts.list', {})).accounts).toEqual([])
  })
})
