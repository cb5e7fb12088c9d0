import { startSimulator } from '../test/simulator/index'
import { startRelay } from '../test/support/nostrRelay'
import { startNwcWallet } from '../test/support/nwcWallet'
import { runAlone } from './lib/alone'
import { paidApp } from './lib/paidApp'
import { percentile } from './lib/stats'
import { timed } from './lib/timed'

export interface NwcAccountBench {
  'NWC account wallets.get p50 ms': number
  'NWC account wallets.get p95 ms': number
  'service account wallets.get p50 ms': number
  'service account wallets.get p95 ms': number
  'NWC account invoices.create p50 ms': number
  'NWC account invoices.create p95 ms': number
  'service account invoices.create p50 ms': number
  'service account invoices.create p95 ms': number
  'NWC account, no notifications: paid shown after p50 ms': number
  'NWC account, no notifications: paid shown after p95 ms': number
  'service account: paid shown after p50 ms': number
  'service account: paid shown after p95 ms': number
}

const RUNS = 40
/** invoices paid from outside, each waited for until the app says it is paid */
const PAID_RUNS = 10

export async function runNwcAccountBench(): Promise<NwcAccountBench> {
  const sim = await startSimulator({ seed: 'empty' })
  const relay = await startRelay()
  const hub = sim.control.createWallet('Hub', 1_000_000)
  const wallet = await startNwcWallet({
    relayUrl: relay.url,
    simUrl: sim.url,
    apiKey: sim.keys.secret,
    walletId: hub.id,
  })
  // a wallet that sends no notifications: its invoices are looked up every second (docs/nwc.md)
  const quietHub = sim.control.createWallet('Quiet hub', 100_000)
  const quiet = await startNwcWallet({
    ...{ relayUrl: relay.url, simUrl: sim.url, apiKey: sim.keys.secret, walletId: quietHub.id },
    notifications: false,
  })
  const { app, call, paidShown: shownAfter, dispose } = await paidApp('nwcacct')
  const paidShown = (walletId: string) => shownAfter(PAID_RUNS, walletId, (pr) => sim.control.settleInvoice(pr))
  try {
    await app.start()
    const service = await call<{ id: string }>('accounts.connect', {
      kind: 'service',
      baseUrl: sim.url,
      apiKey: sim.keys.secret,
    })
    // the NWC account, added last, is the active one
    await call('accounts.connect', { kind: 'nwc', uri: wallet.uri, storage: 'memory' })
    const [nwcWallet] = (await call<{ wallets: Array<{ id: string }> }>('wallets.list')).wallets
    if (!nwcWallet) throw new Error('the NWC account has no wallet')
    const nwcGet = await timed(RUNS, () => call('wallets.get', { walletId: nwcWallet.id }))
    const nwcInvoice = await timed(RUNS, () =>
      call('invoices.create', { walletId: nwcWallet.id, amountSat: 1, memo: 'bench' }),
    )
    await call('accounts.switch', { id: service.id })
    const serviceGet = await timed(RUNS, () => call('wallets.get', { walletId: hub.id }))
    const serviceInvoice = await timed(RUNS, () =>
      call('invoices.create', { walletId: hub.id, amountSat: 1, memo: 'bench' }),
    )
    const serviceShown = await paidShown(hub.id)
    await call('accounts.connect', { kind: 'nwc', uri: quiet.uri, storage: 'memory' })
    const quietWallet = (await call<{ wallets: Array<{ id: string }> }>('wallets.list')).wallets[0]
    if (!quietWallet) throw new Error('the quiet NWC account has no wallet')
    const quietShown = await paidShown(quietWallet.id)
    const r = (n: number) => Math.round(n * 10) / 10
    return {
      'NWC account, no notifications: paid shown after p50 ms': r(percentile(quietShown, 50)),
      'NWC account, no notifications: paid shown after p95 ms': r(percentile(quietShown, 95)),
      'service account: paid shown after p50 ms': r(percentile(serviceShown, 50)),
      'service account: paid shown after p95 ms': r(percentile(serviceShown, 95)),
      'NWC account wallets.get p50 ms': r(percentile(nwcGet, 50)),
      'NWC account wallets.get p95 ms': r(percentile(nwcGet, 95)),
      'service account wallets.get p50 ms': r(percentile(serviceGet, 50)),
      'service account wallets.get p95 ms': r(percentile(serviceGet, 95)),
      'NWC account invoices.create p50 ms': r(percentile(nwcInvoice, 50)),
      'NWC account invoices.create p95 ms': r(percentile(nwcInvoice, 95)),
      'service account invoices.create p50 ms': r(percentile(serviceInvoice, 50)),
      'service account invoices.create p95 ms': r(percentile(serviceInvoice, 95)),
    }
  } finally {
    await dispose()
    wallet.close()
    quiet.close()
    await relay.close()
    await sim.close()
  }
}

runAlone(import.meta.url, runNwcAccountBench)
