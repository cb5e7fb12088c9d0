// Start-up: ask for the balances first (the first screen's data), then everything else, and
// route main's events into the stores.
import { earlyAnswer, on } from './api'
import { afterPaint } from './lib/visibleTimers'
import { useAccounts } from './stores/accounts'
import { useClipboardOffer } from './stores/clipboardOffer'
import { useInvoices } from './stores/invoices'
import { useLock } from './stores/lock'
import { usePayments } from './stores/payments'
import { useRates } from './stores/rates'
import { useRecent } from './stores/recent'
import { useSettings } from './stores/settings'
import { useUi } from './stores/ui'
import { useWallets } from './stores/wallets'
import { useWithdraw } from './stores/withdraw'

/** History's store is loaded with its screen, not before the first balance; its events wait for it. */
const transactions = () => import('./stores/transactions').then((m) => m.useTransactions.getState())

export function subscribe(): () => void {
  const ui = useUi.getState()
  const offs = [
    on('navigate', (t) => ui.go(t)),
    on('notice', (n) => ui.notify(n.level, n.message)),
    on('connection', (c) => {
      const wasOnline = useUi.getState().connection === 'online'
      ui.setConnection(c)
      // back online (from offline or an error): refresh what is on screen so nothing stays stale or stuck in an error
      if (c.state === 'online' && !wasOnline) {
        void useWallets.getState().load()
        void useRecent.getState().load()
        void transactions().then((t) => t.reload())
      }
    }),
    on('wallets.updated', (p) => useWallets.getState().apply(p)),
    on('accounts.updated', (p) => {
      const before = useAccounts.getState().activeId
      useAccounts.getState().apply(p)
      if (p.activeId === null) {
        useWallets.getState().clear()
        ui.go({ to: 'onboarding' })
      } else if (p.activeId !== before) void useWallets.getState().load()
    }),
    on('settings.updated', (s) => useSettings.getState().apply(s)),
    on('rates.updated', (r) => useRates.getState().apply(r)),
    on('invoice.updated', (inv) => useInvoices.getState().apply(inv)),
    on('withdraw.updated', (link) => {
      useWithdraw.getState().apply(link)
      // a claim is announced before its transaction is stored: the list then says its fee
      if (link.status === 'claimed' && link.claimFeeMsat === null) void useWithdraw.getState().load()
    }),
    on('payments.updated', (p) => usePayments.getState().apply(p)),
    // new rows in the ledger: the page on screen (if any was loaded) is read again
    on('ledger.updated', () => {
      void useRecent.getState().load()
      void transactions().then((t) => t.reload())
    }),
    on('history.progress', (p) => void transactions().then((t) => t.progressed(p))),
    on('sync.progress', (p) => void transactions().then((t) => t.synced(p))),
    on('clipboard.offer', (o) => useClipboardOffer.getState().show(o)),
    // locked from anywhere: the page reloads to the lock screen; unlocked elsewhere: the app opens
    on('lock.changed', (s) => useLock.getState().apply(s)),
    // whichever way the active account changes (event, Settings, connect, remove)
    useAccounts.subscribe((s, prev) => {
      if (s.activeId === prev.activeId) return
      useWithdraw.getState().accountChanged()
      // another account's rows are not arrivals; the first load (prev null) is boot's
      if (prev.activeId !== null) {
        useRecent.getState().reset()
        if (s.activeId !== null) void useRecent.getState().load()
      }
    }),
  ]
  return () => {
    for (const off of offs) off()
  }
}

export async function boot(): Promise<void> {
  // answers early.js has already are put in now, so Home's first render shows the balances
  const walletsIn = earlyAnswer('wallets.list')
  const accountsIn = earlyAnswer('accounts.list')
  if (walletsIn) useWallets.getState().apply(walletsIn)
  if (accountsIn) useAccounts.getState().apply(accountsIn)
  const wallets = walletsIn ? null : useWallets.getState().load()
  const accounts = accountsIn ? null : useAccounts.getState().load()
  // settings were read before the page opened (stores/lock.ts), so amounts are known hidden or not
  // the rest of the first screen after its first paint: fiat beside the balances, payments under way
  afterPaint(() => {
    void useRates.getState().load()
    void usePayments.getState().load()
  })
  await Promise.all([wallets, accounts])
  // after the first balance is painted: the last rows are the first screen's second thing
  if (useAccounts.getState().activeId !== null) afterPaint(() => void useRecent.getState().load())
  const acc = useAccounts.getState()
  const w = useWallets.getState()
  const noAccount = (acc.status === 'ready' && acc.activeId === null) || w.error?.code === 'not_connected'
  if (noAccount && useUi.getState().screen.to === 'home') useUi.getState().go({ to: 'onboarding' })
}
