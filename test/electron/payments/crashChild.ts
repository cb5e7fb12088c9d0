// The app's main-process core in a process of its own, against a simulator the test runs: it
// connects, pays, or starts and reports, and can be made to stop dead (SIGKILL, no clean-up) at a
// step of a payment. The test kills it, starts it again and reads what it reports.
// env: LT_DIR (userData), LT_SERVICE (keychain service), LT_MODE (connect | pay | withdraw | start | check),
// LT_SIM_URL, LT_SIM_KEY, LT_WALLET, LT_INVOICE, LT_REQUEST_ID, LT_KILL_AT (a PaymentStep),
// LT_NOW_OFFSET_SEC (the app's clock ahead of the real one); LT_KIND=lnbits connects an LNbits
// account (LT_SIM_KEY its wallet's admin key), and LT_MODE=ledger syncs and reports the wallet's
// stored history summed and its balance as the app reads it.
import type { HistoryPage } from '@shared/history'
import { keychainApp } from '../../support/keychainApp'
import { syncNow } from '../../support/syncNow'

const env = (name: string) => process.env[name] ?? ''
const offsetMs = Number(env('LT_NOW_OFFSET_SEC') || 0) * 1000
const app = keychainApp({
  now: () => Date.now() + offsetMs,
  paymentStep: (step) => {
    if (step === env('LT_KILL_AT')) process.kill(process.pid, 'SIGKILL')
  },
})
await app.start()
const mode = env('LT_MODE')
let out: unknown
if (mode === 'connect')
  out = await app.router.handle(
    'accounts.connect',
    env('LT_KIND') === 'lnbits'
      ? { kind: 'lnbits', baseUrl: env('LT_SIM_URL'), keys: [env('LT_SIM_KEY')], label: 'LNbits', storage: 'keychain' }
      : { kind: 'service', baseUrl: env('LT_SIM_URL'), apiKey: env('LT_SIM_KEY') },
  )
else if (mode === 'ledger') out = await ledgerOf(env('LT_WALLET'))
else if (mode === 'pay')
  out = await app.router.handle('pay.invoice', {
    accountId: app.accounts.list().activeId,
    walletId: env('LT_WALLET'),
    invoice: env('LT_INVOICE'),
    requestId: env('LT_REQUEST_ID'),
  })
else if (mode === 'withdraw')
  // a withdraw link (no journal entry of its own: only the router's record guards it)
  out = await app.router.handle('withdraw.create', {
    walletId: env('LT_WALLET'),
    amountSat: 21,
    memo: env('LT_REQUEST_ID'),
    requestId: env('LT_REQUEST_ID'),
  })
else if (mode === 'check') {
  await app.idle()
  out = await app.router.handle('payments.check', {})
} else {
  // start: the reconciling at start-up has run; what the screen would be told
  await app.idle()
  out = { unfinished: await app.router.handle('payments.unfinished', {}) }
}
const entry = env('LT_REQUEST_ID') ? app.journal().get(env('LT_REQUEST_ID')) : null
console.log(JSON.stringify({ out, entry }))
await app.dispose()

/** the wallet's rows in the ledger, summed, once a sync has read what is new; and its balance */
async function ledgerOf(walletId: string) {
  await app.idle()
  await syncNow(app)
  // one read more: the first sync is through, what came since is read in the next tick
  app.sync.onResume()
  await app.sync.idle()
  let sumMsat = 0
  let rows = 0
  for (let page = 1; ; page++) {
    const r = await app.router.handle('history.page', { walletId, limit: 500, page })
    if (!r.ok) return r
    const got = r.value as HistoryPage
    for (const x of got.items) sumMsat += x.amountMsat + x.feeMsat
    rows += got.items.length
    if (page >= got.pageCount) break
  }
  const wallets = await app.router.handle('wallets.list', {})
  return { ok: true, value: { sumMsat, rows, wallets } }
}
