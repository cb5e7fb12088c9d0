// The account-wide transaction feed, GET /v1/wallet-transactions: every wallet's rows, newest
// first, paged (20 by default, up to 500), secret key only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WalletTransactionList } from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, startSimulator } from './index'
import { call, expectError, withSimulator } from './support'

let sim: SimulatorHandle
let sak: string
beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  sak = sim.keys.secret
})
afterAll(() => sim.close())

const feed = (query = '', key = sak) => call(sim, 'GET', `/v1/wallet-transactions${query}`, { key })

describe('the account-wide feed', () => {
  it("every wallet's rows, newest first, 20 a page by default, with the pagination headers", async () => {
    const total = sim.control.ledger.wtx.length
    const r = await feed()
    expect(r.status).toBe(200)
    const page = WalletTransactionList.parse(r.data)
    expect(page).toHaveLength(20)
    expect(r.headers.get('x-pagination-total-count')).toBe(String(total))
    expect(r.headers.get('x-pagination-per-page')).toBe('20')
    expect(r.headers.get('x-pagination-page-count')).toBe(String(Math.ceil(total / 20)))
    const all = WalletTransactionList.parse((await feed('?per-page=500&page=1')).data)
    expect(all).toHaveLength(Math.min(500, total))
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.created_at).toBeGreaterThanOrEqual(all[i]!.created_at)
    expect(new Set(all.map((t) => t.wal?.id))).toEqual(new Set(sim.keys.wallets.map((w) => w.id)))
    expect(page.map((t) => t.id)).toEqual(all.slice(0, 20).map((t) => t.id))
  })

  it('per-page is clamped to 1..500; a page past the end is the last page; every row once', async () => {
    expect((await feed('?per-page=9999')).headers.get('x-pagination-per-page')).toBe('500')
    expect((await feed('?per-page=0')).data).toHaveLength(1)
    const total = sim.control.ledger.wtx.length
    const pages = Math.ceil(total / 100)
    const past = await feed('?per-page=100&page=999')
    expect(past.headers.get('x-pagination-current-page')).toBe(String(pages))
    const seen = new Set<string>()
    for (let p = 1; p <= pages; p++)
      for (const t of WalletTransactionList.parse((await feed(`?per-page=100&page=${p}`)).data)) seen.add(t.id)
    expect(seen.size).toBe(total)
  })

  it('a new payment comes first; wallet_id narrows the feed to one wallet', async () => {
    const w = sim.keys.wallets[1]!
    await sim.control.payInbound(w.id, 777, 'newest')
    const top = WalletTransactionList.parse((await feed('?per-page=1')).data)[0]
    expect(top).toMatchObject({ num_satoshis: 777, wal: { id: w.id } })
    const one = WalletTransactionList.parse((await feed(`?wallet_id=${w.id}&per-page=500`)).data)
    expect(one.length).toBe(sim.control.ledger.walletTransactions(w.id).length)
    for (const t of one) expect(t.wal?.id).toBe(w.id)
    const trimmed = await feed('?per-page=2&fields=id,num_satoshis')
    for (const t of trimmed.data) expect(Object.keys(t).sort()).toEqual(['id', 'num_satoshis'])
  })

  it('secret key only; an unknown or foreign wallet_id is refused', async () => {
    expectError(await feed('', sim.keys.public), 401, 'This resource can only be access with secret access key.')
    expectError(await feed('', ''), 401, 'Your request was made with invalid credentials.')
    expectError(await feed('?wallet_id=wal_nope'), 401, 'Wallet not found')
    await withSimulator({ seed: 'empty' }, async (other) => {
      expectError(await feed(`?wallet_id=${other.keys.wallets[0]!.id}`), 401, 'Wallet not found')
      // and the other account's feed holds none of this one's rows
      const theirs = await call(other, 'GET', '/v1/wallet-transactions', { key: other.keys.secret })
      expect(theirs.data).toEqual([])
    })
  })
})
