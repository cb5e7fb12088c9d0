// An NWC account pays a lightning address: the wallet pays invoices only, so main reads the
// address's LNURL server itself (the simulator serves `alice@sim.example` on loopback), checks
// the invoice against what was asked, and pays it by pay_invoice, journaled, once. An invoice
// for another amount or another hash is refused before the wallet is asked. The same account
// claims a withdraw link with an invoice its wallet makes. The real keychain (with-keyring.sh).
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, WalletView } from '@shared/contract'
import type { HistoryRow } from '@shared/history'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../../dev/preview/version'
import { type App, createApp } from '../../../../electron/main/app/createApp'
import { apiKeyName, createKeytarStore } from '../../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import { startRelay, type TestRelay } from '../../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../../support/nwcWallet'
import { codeOf, routerCall } from './router'

let sim: SimulatorHandle
let relay: TestRelay
let wallet: NwcTestWallet
let app: App
let dir: string
let account: AccountView
let w: WalletView
const secretStore = createKeytarStore(`lightning-tray-test-nwcaddr-${randomUUID()}`, undefined, { timeoutMs: 8_000 })

const call = routerCall(() => app)
const payInvoiceCalls = () => wallet.methods.filter((m) => m === 'pay_invoice').length
const booked = (party: string) => sim.control.outside.book().filter((e) => e.party === party)
const pay = (address: string, requestId: string, comment?: string) =>
  call<{ amountMsat: number; successAction?: unknown }>('pay.lightningAddress', {
    walletId: w.id,
    address,
    amountMsat: 21_000,
    ...(comment ? { comment } : {}),
    requestId,
  })

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  relay = await startRelay()
  const hub = sim.control.createWallet('Hub', 20_000)
  wallet = await startNwcWallet({ relayUrl: relay.url, simUrl: sim.url, apiKey: sim.keys.secret, walletId: hub.id })
  dir = await mkdtemp(join(tmpdir(), 'lt-nwcaddr-'))
  app = createApp({
    ...{ userDataDir: dir, secretStore, appVersion: APP_VERSION, nwc: { backoffMinMs: 50, accountTimeoutMs: 8_000 } },
    ...{ addressOrigins: { 'sim.example': sim.url }, emit: () => {}, logSink: () => {} },
    notifier: { show: () => {}, isSupported: () => true },
  })
  await app.start()
  account = await call<AccountView>('accounts.connect', { kind: 'nwc', uri: wallet.uri, storage: 'keychain' })
  w = (await call<{ wallets: WalletView[] }>('wallets.list')).wallets[0] as WalletView
}, 30_000)
afterAll(async () => {
  await app?.dispose()
  wallet?.close()
  for (const server of [relay, sim]) await server?.close()
  if (account) await secretStore.delete(apiKeyName(account.id))
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('an NWC account and lightning addresses', () => {
  it('looks up an address at its own server', async () => {
    const seen = await call<{ address: string; description: string; commentAllowed: number }>('lnurl.probe', {
      address: 'alice@sim.example',
    })
    expect(seen).toMatchObject({ address: 'alice@sim.example', description: 'Tips for Alice', commentAllowed: 140 })
  })

  it('pays alice@sim.example with a comment once, journaled, and the history names her', async () => {
    const requestId = randomUUID()
    const paid = await pay('alice@sim.example', requestId, 'for the coffee')
    expect(paid.amountMsat).toBe(21_000)
    expect(booked('address:alice@sim.example').map((e) => e.amountMsat)).toEqual([21_000])
    expect(payInvoiceCalls()).toBe(1)
    // a double click: the same request id moves nothing more
    await codeOf(pay('alice@sim.example', requestId, 'for the coffee'))
    expect(payInvoiceCalls()).toBe(1)
    expect(booked('address:alice@sim.example')).toHaveLength(1)
    const entries = app.journal().byTarget('alice@sim.example')
    expect(entries.map((e) => [e.requestId, e.state])).toEqual([[requestId, 'paid']])
    // the comment went to the payee's server with the amount (LUD-12)
    const invoiced = sim.control.outside.payees().filter((p) => p.party === 'address:alice@sim.example')
    expect(invoiced.map((p) => p.memo)).toEqual(['for the coffee'])
    await expect
      .poll(
        async () =>
          (await call<{ items: HistoryRow[] }>('history.page', { limit: 50 })).items
            .filter((r) => r.amountMsat < 0)
            .map((r) => [r.payee, r.comment]),
        { timeout: 15_000 },
      )
      .toContainEqual(['alice@sim.example', 'for the coffee'])
  }, 30_000)

  it('shows the success action the payee’s server sends, an aes one opened with the wallet’s preimage', async () => {
    const actions = {
      thanks: { tag: 'message', message: 'Thank you!' },
      sealed: { tag: 'aes', description: 'Your code', plaintext: 'GIFT-1234' },
    }
    for (const [user, successAction] of Object.entries(actions))
      sim.control.addRecipient({
        ...{ address: `${user}@sim.example`, description: 'With a receipt', commentAllowed: 0 },
        ...{ minSendableMsat: 1_000, maxSendableMsat: 1_000_000, successAction },
      })
    expect((await pay('thanks@sim.example', randomUUID())).successAction).toEqual({
      kind: 'message',
      message: 'Thank you!',
    })
    expect((await pay('sealed@sim.example', randomUUID())).successAction).toEqual({
      kind: 'aes',
      description: 'Your code',
      text: 'GIFT-1234',
    })
  }, 20_000)

  it.each([
    ['amount', 'liar'],
    ['descriptionHash', 'forger'],
  ] as const)(
    'refuses an invoice with the wrong %s before pay_invoice is sent',
    async (lies, user) => {
      sim.control.addRecipient({
        ...{ address: `${user}@sim.example`, description: 'Not what it seems', commentAllowed: 0 },
        ...{ minSendableMsat: 1_000, maxSendableMsat: 1_000_000, lies },
      })
      const before = payInvoiceCalls()
      expect(await codeOf(pay(`${user}@sim.example`, randomUUID()))).toBe('lnurl_error')
      expect(payInvoiceCalls()).toBe(before)
      expect(booked(`address:${user}@sim.example`)).toEqual([])
      // its server was asked for the invoice: the refusal is the app's, after reading it
      expect(sim.control.requests({ path: new RegExp(`^/\\.well-known/lnurlp/${user}/callback`) })).toHaveLength(1)
      expect(
        app
          .journal()
          .byTarget(`${user}@sim.example`)
          .map((e) => e.state),
      ).toEqual(['failed'])
    },
    20_000,
  )

  it('claims a withdraw link with an invoice made by the wallet', async () => {
    const voucher = sim.control.outside.voucher({ maxSat: 50, description: 'Meetup voucher' })
    const host = new URL(sim.url).host
    const claimed = await call<{ outcome: string; invoice: { amountSat: number } }>('claim.run', {
      lnurl: voucher.lnurl,
      walletId: w.id,
      amountSat: 40,
      confirmed: [host],
      requestId: randomUUID(),
    })
    expect(claimed.outcome).toBe('accepted')
    expect(wallet.methods).toContain('make_invoice')
    expect(booked(`voucher:${voucher.id}`).map((e) => e.amountMsat)).toEqual([40_000])
  }, 20_000)
})
