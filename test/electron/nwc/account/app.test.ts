// An NWC account in the whole app: a wallet that gives a connection string (@getalby/sdk's
// NWCWalletService, backed by a simulator wallet over HTTP, on the loopback relay) added through
// the router as the Add account screen does; its balance, history, receive and the journaled pay,
// what it refuses, where its string is kept, and a restart. The real keychain (with-keyring.sh).
import { createHash, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, WalletView } from '@shared/contract'
import type { HistoryRow } from '@shared/history'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../../dev/preview/version'
import { type App, createApp } from '../../../../electron/main/app/createApp'
import { shortNpub } from '../../../../electron/main/services/ledger/zap'
import { apiKeyName, createKeytarStore } from '../../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../../simulator/index'
import { startRelay, type TestRelay } from '../../../support/nostrRelay'
import { type NwcTestWallet, nip47Row, startNwcWallet, zapRequest } from '../../../support/nwcWallet'
import { codeOf, routerCall } from './router'

let sim: SimulatorHandle
let relay: TestRelay
let hub: SimWallet
let wallet: NwcTestWallet
let app: App
let dir: string
const logs: string[] = []
const secretStore = createKeytarStore(`lightning-tray-test-nwcacct-${randomUUID()}`, undefined, { timeoutMs: 8_000 })
const make = () =>
  createApp({
    ...{ userDataDir: dir, secretStore, appVersion: APP_VERSION, nwc: { backoffMinMs: 50, accountTimeoutMs: 8_000 } },
    notifier: { show: () => {}, isSupported: () => true },
    emit: () => {},
    logSink: (line) => logs.push(line),
  })
const call = routerCall(() => app)
const rows = async () => (await call<{ items: HistoryRow[] }>('history.page', { limit: 50 })).items
const withdrawals = () => sim.control.requests({ path: /^\/v1\/wallet\/[^/]+\/withdraw$/ }).length

// A history as wallets send one, besides the simulator wallet's: a zap, unpaid and failed rows,
// texts written to deceive, and one row no app can read (its amount is a word).
const t0 = Math.floor(Date.now() / 1000) - 3600
const hostile = {
  zap: nip47Row({ description: zapRequest('Great post ⚡'), amount: 21_000, created_at: t0 + 9, settled_at: t0 + 9 }),
  expired: nip47Row({ state: 'expired', amount: 8_000, settled_at: 0, created_at: t0 + 8 }),
  bidi: nip47Row({ description: 'Refund \u202Egnp.exe\u202C', amount: 2_000, created_at: t0 + 7, settled_at: t0 + 7 }),
  broken: nip47Row({ amount: 'lots', created_at: t0 + 6 }),
  control: nip47Row({ description: 'a\u0000b\u001bc\u0007d', amount: 3_000, created_at: t0 + 5, settled_at: t0 + 5 }),
  failed: nip47Row({ type: 'outgoing', state: 'failed', amount: 9_000, settled_at: 0, created_at: t0 + 4 }),
  long: nip47Row({ description: 'm'.repeat(10_000), amount: 4_000, created_at: t0 + 3, settled_at: t0 + 3 }),
  html: nip47Row({
    description: '<img src=x onerror=alert(1)><b>hi</b>',
    amount: 5_000,
    created_at: t0 + 2,
    settled_at: t0 + 2,
  }),
}
const history = Object.values(hostile)

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  relay = await startRelay()
  hub = sim.control.createWallet('Hub', 20_000)
  await sim.control.payInbound(hub.id, 1_234, 'before the app')
  wallet = await startNwcWallet({ relayUrl: relay.url, simUrl: sim.url, apiKey: sim.keys.secret, walletId: hub.id })
  wallet.rows.push(...history)
  dir = await mkdtemp(join(tmpdir(), 'lt-nwcacct-'))
  app = make()
  await app.start()
}, 30_000)
afterAll(async () => {
  await app?.dispose()
  wallet?.close()
  await relay?.close()
  await sim?.close()
  for (const a of app
    ? (await call<{ accounts: AccountView[] }>('accounts.list').catch(() => ({ accounts: [] }))).accounts
    : [])
    await secretStore.delete(apiKeyName(a.id))
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('an NWC account', () => {
  let account: AccountView
  let w: WalletView

  it('is tested and added by its string; its wallet and balance are the wallet’s', async () => {
    const tested = await call<{ wallets: WalletView[] }>('accounts.test', { kind: 'nwc', uri: wallet.uri })
    expect(tested.wallets.map((x) => x.balanceMsat)).toEqual([sim.control.balanceMsat(hub.id)])
    account = await call<AccountView>('accounts.connect', { kind: 'nwc', uri: wallet.uri, storage: 'keychain' })
    expect(account).toMatchObject({
      kind: 'nwc',
      label: 'Hub wallet',
      baseUrl: `nostr+walletconnect://${wallet.walletPubkey}`,
    })
    expect(account.capabilities).toMatchObject({ withdrawLinks: false, transfers: false, createWallets: false })
    // the string is kept where an API key is: the keychain, under the account
    expect(await secretStore.get(apiKeyName(account.id))).toBe(wallet.uri)
    const list = await call<{ wallets: WalletView[] }>('wallets.list')
    expect(list.wallets).toHaveLength(1)
    w = list.wallets[0] as WalletView
    expect(w.balanceMsat).toBe(sim.control.balanceMsat(hub.id))
  }, 30_000)

  it('reads its history into the ledger', async () => {
    await expect.poll(async () => (await rows()).map((r) => r.amountMsat), { timeout: 15_000 }).toContain(1_234_000)
    expect(wallet.methods).toContain('list_transactions')
  }, 20_000)

  it('reads a history with a zap, unpaid rows and hostile texts: each payment stored cleaned, none lost', async () => {
    const byHash = async () => new Map((await rows()).map((r) => [r.paymentHash, r]))
    await expect.poll(async () => (await byHash()).has(hostile.html.payment_hash), { timeout: 15_000 }).toBe(true)
    const got = await byHash()
    const shown = (k: keyof typeof hostile) => got.get(hostile[k].payment_hash)
    expect(shown('zap')).toMatchObject({ amountMsat: 21_000, comment: 'Great post ⚡' })
    // its zap request's key as the sender; no app named (the zap request has no client tag)
    expect(shown('zap')?.zap).toEqual({ from: shortNpub('cd'.repeat(32)), via: null })
    expect(Array.from(shown('zap')?.memo ?? '')).toHaveLength(1024)
    expect(shown('bidi')?.memo).toBe('Refund gnp.exe')
    expect(shown('control')?.memo).toBe('abcd')
    expect(shown('long')?.memo).toBe(`${'m'.repeat(1023)}…`)
    expect(shown('html')?.memo).toBe('<img src=x onerror=alert(1)><b>hi</b>')
    // as stored, not only as shown: the ledger keeps what answers.ts cleaned
    expect(app.ledger().byLnTxId(account.id, hostile.bidi.payment_hash)?.memo).toBe('Refund gnp.exe')
    // unpaid and failed rows moved no money: no row; the broken one is skipped, said so in the log
    for (const k of ['expired', 'failed', 'broken'] as const) expect(shown(k)).toBeUndefined()
    expect(logs.some((l) => l.includes('unreadable row skipped') && l.includes(hostile.broken.payment_hash))).toBe(true)
    // new rows once the history is in, a broken one the newest: the read of new rows keeps the rest
    const later = Math.max(...(await rows()).map((r) => r.createdAt)) + 10
    const zap = nip47Row({ description: zapRequest('Again ⚡'), amount: 42_000, created_at: later, settled_at: later })
    wallet.rows.push(zap, nip47Row({ amount: -1, created_at: later + 1 }))
    await wallet.notify('payment_received')
    await expect.poll(async () => (await byHash()).get(zap.payment_hash)?.comment, { timeout: 15_000 }).toBe('Again ⚡')
  }, 30_000)

  it('pays an invoice once, through the journal, with a preimage of the payment hash', async () => {
    const invoice = sim.control.outsideInvoice(500, 'coffee')
    const before = withdrawals()
    const requestId = randomUUID()
    const paid = await call<{ preimage: string; paymentHash: string }>('pay.invoice', {
      walletId: w.id,
      invoice,
      requestId,
    })
    expect(withdrawals()).toBe(before + 1)
    expect(createHash('sha256').update(Buffer.from(paid.preimage, 'hex')).digest('hex')).toBe(paid.paymentHash)
    // the same request again (a double click) moves nothing
    await codeOf(call('pay.invoice', { walletId: w.id, invoice, requestId }))
    expect(withdrawals()).toBe(before + 1)
    expect(
      app
        .journal()
        .byTarget(invoice)
        .map((e) => e.state),
    ).toEqual(['paid'])
    await expect
      .poll(async () => (await rows()).filter((r) => r.amountMsat === -500_000).length, { timeout: 15_000 })
      .toBe(1)
  }, 30_000)

  it('receives: an invoice made by the wallet, paid from outside, shows once the wallet tells', async () => {
    const inv = await call<{ id: string; paymentRequest: string }>('invoices.create', {
      walletId: w.id,
      amountSat: 321,
      memo: 'tea',
    })
    expect(wallet.methods).toContain('make_invoice')
    await sim.control.settleInvoice(inv.paymentRequest)
    await wallet.notify('payment_received')
    await expect.poll(async () => (await rows()).map((r) => r.amountMsat), { timeout: 15_000 }).toContain(321_000)
    const now = await call<{ wallets: WalletView[] }>('wallets.list')
    expect(now.wallets[0]?.balanceMsat).toBe(sim.control.balanceMsat(hub.id))
  }, 30_000)

  it('a payment the wallet pushes is read at once, not at the next poll', async () => {
    await call('settings.update', { pollIntervalSec: 3600 })
    // no tick left running from before that could read the payment: the next one is an hour away
    await app.sync.idle()
    await sim.control.payInbound(hub.id, 777, 'pushed')
    await wallet.notify('payment_received')
    await expect.poll(async () => (await rows()).map((r) => r.amountMsat), { timeout: 5_000 }).toContain(777_000)
    await call('settings.update', { pollIntervalSec: 15 })
  }, 20_000)

  it('refuses in main what NIP-47 cannot do', async () => {
    expect(await codeOf(call('withdraw.create', { walletId: w.id, amountSat: 10, requestId: randomUUID() }))).toBe(
      'forbidden',
    )
    expect(await codeOf(call('wallets.create', { name: 'Another', requestId: randomUUID() }))).toBe('forbidden')
    expect(await codeOf(call('invoices.create', { walletId: w.id, memo: 'any amount' }))).toBe('invalid_input')
    // serving apps from it would relay one connection through another
    await call('nwc.settings', { relay: relay.url })
    const app = { name: 'Primal', walletId: w.id, budgetSat: 1000, period: 'daily', methods: ['get_balance'] }
    expect(await codeOf(call('nwc.create', app))).toBe('forbidden')
  })

  it('keeps its secret out of every file, log line and the renderer’s views', async () => {
    const secret = new URL(wallet.uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') as string
    const files = await readdir(dir, { recursive: true })
    const texts = await Promise.all(
      files.map((f) =>
        readFile(join(dir, f)).then(
          (b) => b.toString('latin1'),
          () => '',
        ),
      ),
    )
    expect(texts.filter((t) => t.includes(secret))).toEqual([])
    expect(logs.filter((l) => l.includes(secret))).toEqual([])
    expect(JSON.stringify(await call('accounts.list'))).not.toContain(secret)
  })

  it('is kept across a restart, and its string goes with it when it is removed', async () => {
    const open = relay.clients()
    await app.dispose()
    // its relay links close with the app: left open, they would keep a stopped process alive
    await expect.poll(() => relay.clients(), { timeout: 3_000 }).toBeLessThan(open)
    app = make()
    await app.start()
    const { accounts } = await call<{ accounts: AccountView[] }>('accounts.list')
    expect(accounts.map((a) => a.kind)).toEqual(['nwc'])
    const list = await call<{ wallets: WalletView[] }>('wallets.list')
    expect(list.wallets[0]?.balanceMsat).toBe(sim.control.balanceMsat(hub.id))
    await call('accounts.remove', { id: account.id })
    expect(await secretStore.get(apiKeyName(account.id))).toBeNull()
  }, 30_000)
})
