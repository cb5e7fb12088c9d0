// history.* and wallets.transfer / wallets.create through the whole app against the simulator.
// The app's own sync loop fills the ledger from the simulator (test/support/syncNow.ts).
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { OpOutput } from '@shared/contract'
import type { HistoryRow } from '@shared/history'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alreadySent } from '../../../electron/main/services/payments'
import type { SimWallet } from '../../simulator/index'
import { call } from '../../simulator/support'
import { syncNow } from '../../support/syncNow'
import { parseCsv, sumColumn } from '../services/ledger/parseCsv'
import { fetchHistory } from '../services/ledger/seedHistory'
import { type ConnectedApp, startConnectedApp } from './appHarness'

type Page = OpOutput<'history.page'>
let t: ConnectedApp
let other: SimWallet
const journalAtSend: string[] = []
const FORMULA = '=HYPERLINK("http://evil.example","x")'

beforeAll(async () => {
  t = await startConnectedApp({
    label: 'Everyday',
    balanceSat: 50_000,
    // what the journal says about a transfer at the moment its request leaves the app
    fetch: () => async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.pathname.endsWith('/transfer')) {
        const body = JSON.parse(String(init?.body ?? (input instanceof Request ? await input.clone().text() : '{}')))
        journalAtSend.push(t.app.journal().get(body.passThru.requestId)?.state ?? 'none')
      }
      return fetch(input, init)
    },
  })
  other = t.sim.control.createWallet('Savings', 1_000)
  // 600 payments in: a history longer than one CSV chunk (500) and many pages
  for (let i = 0; i < 600; i++) await t.sim.control.payInbound(t.w.id, 10 + i, `filler ${i}`)
  await t.sim.control.payInbound(t.w.id, 1_500, 'Rent for the garage')
  await t.sim.control.payInbound(t.w.id, 77, FORMULA)
  // a payment to an outside node, whose routing fee the service writes as a row of its own
  const pr = t.sim.control.outside.payee({ amountSat: 2_100, memo: 'Concert ticket' }).payment_request
  expect(
    (
      await call(t.sim, 'POST', `/v1/wallet/${t.w.id}/withdraw`, {
        key: t.sim.keys.secret,
        json: { payment_request: pr },
      })
    ).status,
  ).toBe(201)
  await syncNow(t.app)
}, 60_000)
afterAll(() => t.close())

const page = (input: Record<string, unknown>) => t.call<Page>('history.page', input)

describe('history.page', () => {
  it('opens the ledger on first use without calling it missing (the account was connected just now)', () => {
    const notices = t.events.filter((e) => e.name === 'notice').map((e) => (e.payload as { message: string }).message)
    expect(notices.filter((m) => /history file/.test(m))).toEqual([])
  })

  it('one row per payment, its network fee folded in, in plain words', async () => {
    const p = await page({ walletId: t.w.id, search: 'Concert' })
    expect(p.total).toBe(1)
    const row = p.items[0] as HistoryRow
    expect(row.words).toBe('Sent')
    expect(row.amountMsat).toBe(-2_100_000)
    expect(row.feeMsat).toBeLessThan(0)
    const feeRows = await page({ walletId: t.w.id, kind: 'fee' })
    expect(feeRows.total).toBe(0)
    // service rows = ledger rows + folded fee rows
    const service = await fetchHistory(t.sim.url, t.sim.keys.secret, t.w.id)
    const all = await page({ walletId: t.w.id, limit: 1 })
    expect(all.total).toBe(service.filter((x) => x.wtxType.name !== 'network_fee').length)
    expect((await page({ walletId: t.w.id, search: 'filler 7' })).items[0]?.words).toBe('Received')
  })

  it('searches memo, label and amount; filters wallet, direction, kind and dates', async () => {
    const rent = await page({ search: 'garage' })
    expect(rent.items.map((r) => r.memo)).toEqual(['Rent for the garage'])
    const rowTx = rent.items[0]!.txId
    expect(await t.call('history.label', { txId: rowTx, label: 'Parking' })).toEqual({ txId: rowTx, label: 'Parking' })
    expect((await page({ search: 'parking' })).items.map((r) => r.txId)).toEqual([rowTx])
    expect((await page({ search: '1,500' })).items.map((r) => r.txId)).toContain(rowTx)
    await t.call('history.label', { txId: rowTx, label: '' })
    expect((await page({ search: 'parking' })).total).toBe(0)

    const sent = await page({ walletId: t.w.id, direction: 'sent', limit: 500 })
    expect(sent.total).toBeGreaterThan(0)
    expect(sent.items.every((r) => r.amountMsat < 0)).toBe(true)
    const received = await page({ walletId: t.w.id, direction: 'received', limit: 1 })
    expect(received.total + sent.total).toBe((await page({ walletId: t.w.id, limit: 1 })).total)
    const savings = await page({ walletId: other.id })
    expect(savings.items.every((r) => r.walletId === other.id)).toBe(true)
    expect(savings.total).toBeGreaterThan(0)
    const everyone = await page({ limit: 1 })
    expect(everyone.total).toBeGreaterThan(received.total + sent.total)

    const newest = (await page({ walletId: t.w.id, limit: 1 })).items[0]!.createdAt
    expect((await page({ walletId: t.w.id, from: newest + 1 })).total).toBe(0)
    expect((await page({ walletId: t.w.id, to: newest + 1 })).total).toBe(received.total + sent.total)
  })

  it('pages by number and by keyset cursor alike; a page past the end is the last page', async () => {
    const p1 = await page({ walletId: t.w.id, limit: 50, page: 1 })
    const p2 = await page({ walletId: t.w.id, limit: 50, page: 2 })
    const p2k = await page({ walletId: t.w.id, limit: 50, page: 2, after: p1.next })
    expect(p1.pageCount).toBe(Math.ceil(p1.total / 50))
    expect(p2k.items.map((r) => r.rowId)).toEqual(p2.items.map((r) => r.rowId))
    expect(p2.page).toBe(2)
    expect(new Set([...p1.items, ...p2.items].map((r) => r.txId)).size).toBe(100)
    const past = await page({ walletId: t.w.id, limit: 50, page: 9_999 })
    expect(past.page).toBe(p1.pageCount)
    expect(past.items.length).toBeGreaterThan(0)
    expect(past.next).toBeNull()
  })
})

describe('history.exportCsv', () => {
  it("writes the whole filtered history, fees once, matching the service's balances", async () => {
    t.events.length = 0
    t.saved.length = 0
    const r = await t.call<OpOutput<'history.exportCsv'>>('history.exportCsv', {
      walletId: 'all',
      requestId: 'csv-00000001',
    })
    expect(r.file.status).toBe('saved')
    const text = new TextDecoder().decode(t.saved[0]!.bytes)
    const rows = parseCsv(text)
    const total = (await page({ limit: 1 })).total
    expect(r.rows).toBe(total)
    expect(rows).toHaveLength(1 + total)
    // amount + fee over the file is what every wallet holds (each started from nothing)
    const balances = t.sim.keys.wallets.map((w) => w.id).concat(t.w.id, other.id)
    const held = [...new Set(balances)].reduce((s, id) => s + t.sim.control.balanceMsat(id), 0)
    expect(sumColumn(rows, 'amount_msat') + sumColumn(rows, 'fee_msat')).toBe(held)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    const progress = t.events.filter((e) => e.name === 'history.progress').map((e) => e.payload as { done: number })
    expect(progress.length).toBeGreaterThan(2)
    expect(progress.at(-1)).toMatchObject({ requestId: 'csv-00000001', done: total, total })
  })

  it('streams into the chosen file a chunk at a time, never the whole file at once', async () => {
    t.saved.length = 0
    const r = await t.call<OpOutput<'history.exportCsv'>>('history.exportCsv', { requestId: 'csv-00000009' })
    // a header and one write per 500 rows: not one piece of the whole text
    expect(t.saved[0]?.pieces).toBe(1 + Math.ceil(r.rows / 500))
  })

  it('of one wallet: its rows sum to its balance', async () => {
    t.saved.length = 0
    await t.call('history.exportCsv', { walletId: t.w.id, requestId: 'csv-00000002' })
    const rows = parseCsv(new TextDecoder().decode(t.saved[0]!.bytes))
    expect(sumColumn(rows, 'amount_msat') + sumColumn(rows, 'fee_msat')).toBe(t.sim.control.balanceMsat(t.w.id))
  })
})

describe('history.exportCsv in a tax tool’s format', () => {
  it('Koinly and CoinTracker: their headers, file names that say so, the same rows', async () => {
    t.saved.length = 0
    const total = (await page({ limit: 1 })).total
    const koinly = await t.call<OpOutput<'history.exportCsv'>>('history.exportCsv', {
      requestId: 'csv-00000003',
      format: 'koinly',
    })
    const ct = await t.call<OpOutput<'history.exportCsv'>>('history.exportCsv', {
      requestId: 'csv-00000004',
      format: 'cointracker',
    })
    expect([koinly.rows, ct.rows]).toEqual([total, total])
    expect(koinly.file).toMatchObject({ status: 'saved', fileName: expect.stringMatching(/-koinly\.csv$/) })
    expect(ct.file).toMatchObject({ status: 'saved', fileName: expect.stringMatching(/-cointracker\.csv$/) })
    const [k, c] = t.saved.map((f) => parseCsv(new TextDecoder().decode(f.bytes)))
    expect(k?.[0]?.[0]).toBe('Date')
    expect(k?.[0]).toContain('Net Worth Amount')
    expect(c?.[0]).toHaveLength(8)
    expect([k?.length, c?.length]).toEqual([1 + total, 1 + total])
  })

  it('a format the contract does not know is refused before anything is read', async () => {
    t.saved.length = 0
    await expect(t.call('history.exportCsv', { requestId: 'csv-00000005', format: 'turbotax' })).rejects.toThrow()
    expect(t.saved).toEqual([])
  })
})

describe('wallets.transfer', () => {
  it('moves the sats once, journalled before the request leaves, both rows in the ledger', async () => {
    const before = [t.sim.control.balanceMsat(t.w.id), t.sim.control.balanceMsat(other.id)]
    const requestId = 'move-00000001'
    const moved = await t.call<OpOutput<'wallets.transfer'>>('wallets.transfer', {
      fromWalletId: t.w.id,
      toWalletId: other.id,
      amountSat: 1_234,
      memo: 'For the holidays',
      requestId,
    })
    expect([t.sim.control.balanceMsat(t.w.id), t.sim.control.balanceMsat(other.id)]).toEqual([
      before[0]! - 1_234_000,
      before[1]! + 1_234_000,
    ])
    expect(t.app.journal().get(requestId)).toMatchObject({ state: 'paid', kind: 'transfer', txId: moved.outTxId })
    const rows = (await page({ search: 'holidays' })).items
    expect(rows.map((r) => r.words).sort()).toEqual(['Moved from Everyday', 'Moved to Savings'])
    await t.app.idle()
    expect(t.events.filter((e) => e.name === 'ledger.updated').at(-1)?.payload).toEqual({
      accountId: t.app.accounts.active().id,
      walletIds: [t.w.id, other.id],
    })

    // the same request id again, past the router (as after a restart): the journal refuses it, nothing is sent
    const seen = t.sim.control.requests({ path: /\/transfer$/ }).length
    const again = t.app.payments.moveBetweenWallets({
      fromWalletId: t.w.id,
      toWalletId: other.id,
      amountSat: 1_234,
      memo: '',
      requestId,
    })
    await expect(again).rejects.toThrow(alreadySent())
    expect(t.sim.control.requests({ path: /\/transfer$/ }).length).toBe(seen)
  })

  it('the journal holds the entry as the request leaves; a refusal is failed, a lost answer unknown', async () => {
    expect(journalAtSend).toEqual(['sent'])
    const refused = await t.app.router.handle('wallets.transfer', {
      fromWalletId: other.id,
      toWalletId: t.w.id,
      amountSat: 10_000_000,
      memo: '',
      requestId: 'move-00000002',
    })
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Insufficient balance/) } })
    expect(t.app.journal().get('move-00000002')?.state).toBe('failed')

    // the service moves the money but its answer is lost: unknown, never re-sent
    const before = t.sim.control.balanceMsat(other.id)
    t.sim.control.injectFault({ path: '/transfer', kind: 'status', status: 503, when: 'after' })
    const lost = await t.app.router.handle('wallets.transfer', {
      fromWalletId: t.w.id,
      toWalletId: other.id,
      amountSat: 5,
      memo: '',
      requestId: 'move-00000003',
    })
    t.sim.control.clearFaults()
    expect(lost).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    expect(t.app.journal().get('move-00000003')?.state).toBe('unknown')
    expect(t.sim.control.balanceMsat(other.id)).toBe(before + 5_000)
    expect(journalAtSend).toEqual(['sent', 'sent', 'sent'])
  })
})

describe('wallets.create', () => {
  it('makes a wallet; its keys come back only when asked, and are kept nowhere', async () => {
    const quiet = await t.call<OpOutput<'wallets.create'>>('wallets.create', {
      name: 'Holidays',
      requestId: 'make-00000001',
    })
    expect(quiet.keys).toBeNull()
    const gifts = { name: 'Gifts', showKeys: true, requestId: 'make-00000002' }
    const shown = await t.call<OpOutput<'wallets.create'>>('wallets.create', gifts)
    expect(shown.label).toBe('Gifts')
    const keys = shown.keys!.flatMap((k) => k.keys)
    expect(keys.length).toBeGreaterThanOrEqual(5)
    expect(shown.keys!.map((k) => k.role)).toContain('Wallet Admin')
    // the same request again: the same wallet, not a second one, and its keys are not shown twice
    expect(await t.call('wallets.create', gifts)).toEqual({ ...shown, keys: null })
    await t.app.idle()
    const listed = await t.call<OpOutput<'wallets.list'>>('wallets.list')
    expect(listed.wallets.map((w) => w.label)).toEqual(expect.arrayContaining(['Holidays', 'Gifts']))
    // nothing the app wrote (files in userData, events) holds a key
    const files = await readdir(t.dir, { recursive: true, withFileTypes: true })
    for (const f of files.filter((e) => e.isFile())) {
      const body = await readFile(join(f.parentPath, f.name), 'latin1')
      for (const k of keys) expect(body.includes(k), f.name).toBe(false)
    }
    const evs = JSON.stringify(t.events)
    for (const k of keys) expect(evs.includes(k)).toBe(false)
  })
})
