// An NWC account sees an invoice paid within seconds with or without notifications (issue 44,
// item 5; docs/nwc.md, "An NWC account"): against a wallet that sends none and names none in its
// info event, each invoice in the attention window is looked up (lookup_invoice) every second,
// more often than the ticks read the balance, and the paid invoice is shown paid; against a
// wallet that offers them, nothing is looked up. The cadence is counted at the wallet, never timed
// here; the time from the payment to the app's event is a bench row (bench/nwcAccount.ts).
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, PendingInvoice, WalletView } from '@shared/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../../dev/preview/version'
import { type App, createApp } from '../../../../electron/main/app/createApp'
import { apiKeyName, createKeytarStore } from '../../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import { startRelay, type TestRelay } from '../../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../../support/nwcWallet'
import { until } from '../harness'
import { routerCall } from './router'

const secretStore = createKeytarStore(`lightning-tray-test-nwclookup-${randomUUID()}`, undefined, { timeoutMs: 8_000 })
const closers: Array<() => Promise<unknown> | unknown> = []
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c()
})

/** an app with an NWC account on a wallet that does or does not send notifications */
async function world(notifications: boolean) {
  const sim: SimulatorHandle = await startSimulator({ seed: 'demo' })
  closers.push(() => sim.close())
  const relay: TestRelay = await startRelay()
  closers.push(() => relay.close())
  const hub = sim.control.createWallet('Hub', 20_000)
  const wallet: NwcTestWallet = await startNwcWallet({
    ...{ relayUrl: relay.url, simUrl: sim.url, apiKey: sim.keys.secret, walletId: hub.id },
    notifications,
  })
  closers.push(() => wallet.close())
  const dir = await mkdtemp(join(tmpdir(), 'lt-nwclookup-'))
  closers.push(() => rm(dir, { recursive: true, force: true }))
  const paid: PendingInvoice[] = []
  const app: App = createApp({
    ...{ userDataDir: dir, secretStore, appVersion: APP_VERSION, nwc: { backoffMinMs: 50, accountTimeoutMs: 8_000 } },
    notifier: { show: () => {}, isSupported: () => true },
    emit: (name, payload) => {
      if (name === 'invoice.updated' && (payload as PendingInvoice).status === 'paid')
        paid.push(payload as PendingInvoice)
    },
    logSink: () => {},
  })
  closers.push(() => app.dispose())
  await app.start()
  const call = routerCall(() => app)
  const account = await call<AccountView>('accounts.connect', { kind: 'nwc', uri: wallet.uri, storage: 'keychain' })
  closers.push(() => secretStore.delete(apiKeyName(account.id)))
  const w = (await call<{ wallets: WalletView[] }>('wallets.list')).wallets[0] as WalletView
  const count = (method: string) => wallet.methods.filter((m) => m === method).length
  return { sim, wallet, app, call, w, paid, count }
}

describe('an NWC account', () => {
  it('looks up its fresh invoice every second when the wallet sends no notifications, and shows it paid', async () => {
    const t = await world(false)
    const inv = await t.call<PendingInvoice>('invoices.create', { walletId: t.w.id, amountSat: 321, memo: 'lookup' })
    const [lookups, balances] = [t.count('lookup_invoice'), t.count('get_balance')]
    // six lookups while the ticks (every 2.5 s while an invoice is fresh) read the balance three times at most
    await until(() => t.count('lookup_invoice') >= lookups + 6, 15_000)
    expect(t.count('get_balance') - balances).toBeLessThanOrEqual(4)
    expect(t.paid).toEqual([])

    await t.sim.control.settleInvoice(inv.paymentRequest)
    // found by a lookup or by the tick's balance read, whichever comes first
    await until(() => t.paid.some((p) => p.id === inv.id), 10_000)
    expect(t.paid.filter((p) => p.id === inv.id)).toHaveLength(1)
  }, 60_000)

  it('looks nothing up when the wallet offers notifications', async () => {
    const t = await world(true)
    await t.call<PendingInvoice>('invoices.create', { walletId: t.w.id, amountSat: 321, memo: 'pushed' })
    const ticks = t.count('get_balance')
    await until(() => t.count('get_balance') >= ticks + 2, 15_000)
    expect(t.count('lookup_invoice')).toBe(0)
  }, 60_000)
})
