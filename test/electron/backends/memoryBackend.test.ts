// A third backend is one folder and one entry (issue 42): the test's own in-memory backend
// (test/support/memoryBackend.ts), registered under a kind of its own (`memory`) in the registry
// handed to createApp and nothing else, is connected through the router by its entry's own schema
// and runs through the whole app (router, real SQLite ledger and journal): receive, pay once,
// history into the ledger, and a refusal of what its capabilities lack before any call reaches it.
// A service account (the simulator, over loopback HTTP) lives beside it, its kind as shipped. The
// kills are in memoryBackendKill.test.ts; its settings and backup in memoryKind.test.ts.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PendingInvoice } from '@shared/contract'
import { decode } from 'light-bolt11-decoder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { createBackends } from '../../../electron/main/services/backends'
import type { ShownNotification } from '../../../electron/main/services/notify'
import { createMemoryStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { MEMORY_KIND, memoryBackend, memoryStore } from '../../support/memoryBackend'
import { syncNow } from '../../support/syncNow'

const A = 'mem-wallet-a'
const B = 'mem-wallet-b'
let dir: string
let app: App
let accountId: string
let serviceId: string
let sim: SimulatorHandle
let store: ReturnType<typeof memoryStore>
const events: Array<{ name: string; payload: unknown }> = []
const notifications: ShownNotification[] = []

async function call<T>(name: string, input: unknown = {}): Promise<T> {
  const r = await app.router.handle(name, input)
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const codeOf = (name: string, input: unknown) =>
  app.router.handle(name, input).then((r) => (r.ok ? 'ok' : r.error.code))
/** voucher sheets the app asked to save (none: vouchers are refused first) */
let saves = 0

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-memory-'))
  sim = await startSimulator({ seed: 'demo' })
  store = memoryStore(join(dir, 'memory-backend.json'))
  store.init([
    { id: A, name: 'Pocket', balanceMsat: 50_000_000 },
    { id: B, name: 'Jar', balanceMsat: 0 },
  ])
  app = createApp({
    userDataDir: dir,
    secretStore: createMemoryStore(),
    notifier: { show: (n) => notifications.push(n), isSupported: () => true },
    emit: (name, payload) => events.push({ name, payload }),
    appVersion: '0.0.0',
    logSink: () => {},
    saveFile: async (req) => {
      saves++
      return { status: 'saved', fileName: req.defaultName }
    },
    // the one entry: a kind of the test's own beside the shipped ones, which stay as they are
    backends: { ...createBackends(), [MEMORY_KIND]: memoryBackend(store.file) },
  })
  await app.start()
  serviceId = (await call<{ id: string }>('accounts.connect', serviceInput())).id
  accountId = (await call<{ id: string }>('accounts.connect', MEMORY_INPUT)).id
  await syncNow(app)
})
afterAll(async () => {
  await app?.dispose()
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

const MEMORY_INPUT = { kind: MEMORY_KIND, book: 'pocket', token: 'mem_0123456789ab', label: 'Memory' }
const serviceInput = () => ({ kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret })

const balanceOf = (id: string) => store.read().wallets.find((w) => w.id === id)?.balanceMsat

describe('an in-memory backend registered through the registry alone', { timeout: 20_000 }, () => {
  it('is an account of its own kind, connected by its entry, beside a service account', async () => {
    const { accounts, activeId } = app.accounts.list()
    expect(accounts.map((a) => [a.id, a.kind])).toEqual([
      [serviceId, 'service'],
      [accountId, MEMORY_KIND],
    ])
    expect(activeId).toBe(accountId)
    expect(accounts[1]).toMatchObject({ label: 'Memory', baseUrl: 'memory://pocket', keyHint: 'mem_…89ab' })
    // the service account's client is still the service's: its wallets are the simulator's
    const simWallets = (await app.accounts.client(serviceId).listWallets()).map((w) => w.id)
    expect(simWallets.length).toBeGreaterThan(0)
    expect(simWallets.some((id) => id === A || id === B)).toBe(false)
  })

  it('refuses an input its entry does not take, and a kind no backend has, before any call', async () => {
    const before = store.read().calls.length
    const refused = async (input: unknown) => {
      const r = await app.router.handle('accounts.connect', input)
      return r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`
    }
    // its own schema, strict like a shipped kind's: an odd token, a field it has not
    expect(await refused({ ...MEMORY_INPUT, token: 'nope' })).toMatch(/^invalid_input: token: /)
    expect(await refused({ ...MEMORY_INPUT, apiKey: 'sak_12345678' })).toMatch(/^invalid_input: .*apiKey/)
    // a kind no backend has, in words that name it
    expect(await refused({ kind: 'ghost', book: 'pocket', token: 'mem_0123456789ab' })).toBe(
      'invalid_input: kind: This app has no backend for accounts of kind “ghost”.',
    )
    // a service input is still the contract's (strict fields of its own, not the memory kind's)
    expect(await refused({ kind: 'service', book: 'pocket', token: 'mem_0123456789ab' })).toMatch(/^invalid_input: /)
    expect(store.read().calls.length).toBe(before)
    expect(app.accounts.list().accounts).toHaveLength(2)
  })

  it('shows its wallets and its capabilities', async () => {
    const { wallets } = await call<{ wallets: Array<{ id: string; balanceMsat?: number; balanceSat?: number }> }>(
      'wallets.list',
    )
    expect(wallets.map((w) => w.id).sort()).toEqual([A, B])
    const view = app.accounts.active()
    expect(view.capabilities).toMatchObject({ withdrawLinks: false, transfers: false, vouchers: false })
  })

  it('receives: an invoice made by the backend, settled there, told once', async () => {
    const inv = await call<PendingInvoice>('invoices.create', { walletId: A, amountSat: 21, memo: 'Coffee' })
    const amount = decode(inv.paymentRequest).sections.find((s) => s.name === 'amount')
    expect(amount && 'value' in amount ? amount.value : null).toBe('21000')
    expect(store.read().calls).toContain('createInvoice')
    const before = balanceOf(A) ?? 0
    const paidEvents = () =>
      events.filter(
        (e) => e.name === 'invoice.updated' && (e.payload as PendingInvoice).id === inv.id && isPaid(e.payload),
      )
    expect(paidEvents()).toHaveLength(0)
    store.settle(store.read().invoices[0]?.id ?? '')
    expect(balanceOf(A)).toBe(before + 21_000)
    // what the app reads, as often as it likes: the arrival is told once
    for (let i = 0; i < 3; i++) {
      await call('invoices.check', { id: inv.id })
      app.sync.onResume()
      await app.sync.idle()
    }
    expect(paidEvents()).toHaveLength(1)
    const told = notifications.map((n) => ({ title: n.title, body: n.body }))
    expect(told).toEqual([{ title: 'Received 21 sats', body: 'Coffee\nTo Pocket' }])
    const row = app.ledger().page({ accountId, walletId: A, direction: 'received' }).items
    expect(row.map((r) => r.amountMsat)).toEqual([21_000])
  })

  it('pays once: a double request pays once, and the same request again pays nothing more', async () => {
    const invoice = store.outsideInvoice(1000, 'Lunch')
    const requestId = randomUUID()
    const before = balanceOf(A) ?? 0
    const input = { walletId: A, invoice, requestId }
    const [x, y] = await Promise.all([app.router.handle('pay.invoice', input), app.router.handle('pay.invoice', input)])
    // one is sent; the other is told it is on its way or answered with the same payment, never sent
    expect([x, y].filter((r) => r.ok).length).toBeGreaterThan(0)
    for (const r of [x, y]) if (!r.ok) expect(r.error.code).toBe('busy')
    expect(store.paidWith(requestId)).toHaveLength(1)
    await app.router.handle('pay.invoice', input)
    expect(store.paidWith(requestId)).toHaveLength(1)
    expect(store.read().calls.filter((c) => c === 'payInvoice')).toHaveLength(1)
    expect(balanceOf(A)).toBe(before - 1_000_000)
    expect(app.journal().get(requestId)).toMatchObject({ state: 'paid' })
  })

  it('history into the ledger: the ledger holds the backend’s rows, no more, no fewer', async () => {
    await call('invoices.create', { walletId: B, amountSat: 5, memo: 'Tip' })
    store.settle(store.read().invoices.at(-1)?.id ?? '')
    app.sync.onResume()
    await app.sync.idle()
    const key = (r: { walletId: string; txId: string; amountMsat: number; paymentHash: string | null }) =>
      `${r.walletId} ${r.txId} ${r.amountMsat} ${r.paymentHash}`
    const fields = (r: { memo: string | null; requestId: string | null }) => ({ memo: r.memo, requestId: r.requestId })
    const backend = new Map(store.read().rows.map((r) => [key(r), fields(r)]))
    const ledger = new Map(
      app
        .ledger()
        .page({ accountId, limit: 200 })
        .items.map((r) => [key(r), fields(r)]),
    )
    expect(backend.size).toBe(3)
    expect(ledger).toEqual(backend)
    // and the balances shown are the backend's
    const { wallets } = await call<{ wallets: Array<{ id: string; balanceMsat: number }> }>('wallets.list')
    expect(Object.fromEntries(wallets.map((w) => [w.id, w.balanceMsat]))).toEqual(
      Object.fromEntries(store.read().wallets.map((w) => [w.id, w.balanceMsat])),
    )
  })

  it('refuses what its capabilities lack, forbidden, before any of it reaches the backend', async () => {
    // what earlier steps started in the background (a balance refresh) is done first
    await app.idle()
    await app.sync.idle()
    const journal = app.journal().unfinished().length + app.journal().failedSince(0).length
    // each operation, and the calls it may make of the backend before it is refused: none (a voucher
    // sheet is refused before its wallet's balance is read, vouchers/links.ts)
    const refused: Array<[string, Record<string, unknown>, string[]]> = [
      ['withdraw.create', { walletId: A, amountSat: 10, requestId: randomUUID() }, []],
      ['vouchers.create', { walletId: A, count: 2, amountSat: 10, note: 'Meetup', requestId: randomUUID() }, []],
      ['wallets.transfer', { fromWalletId: A, toWalletId: B, amountSat: 10, memo: '', requestId: randomUUID() }, []],
      ['wallets.staticLink', { walletId: A }, []],
    ]
    for (const [name, input, reads] of refused) {
      const before = store.read().calls.length
      const code = await codeOf(name, input)
      await app.idle()
      expect({ name, code, calls: store.read().calls.slice(before) }).toEqual({ name, code: 'forbidden', calls: reads })
    }
    expect(saves).toBe(0)
    expect(app.journal().unfinished().length + app.journal().failedSince(0).length).toBe(journal)
  })
})

function isPaid(p: unknown): boolean {
  const s = (p as PendingInvoice).status
  return s === 'paid'
}
