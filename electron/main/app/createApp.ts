// The composition root, the only one: settings, the lock, the files, the accounts and their
// clients, the sync loop, prices, the desk's rules, payments, the services the operations call
// (operations.ts) and the IPC router, wired from plain dependencies so Electron, the browser
// preview, tests and benchmarks all run the same app. Each part is built
// after what it needs; a part that must reach one built later does so by an event or an explicit
// interface (wire.ts), never by a closure reaching forward. What it takes and gives is in types.ts.
import { type AccountView, APP_NAME, type AppInfo, type Emit, type LockStatus, OP_NAMES } from '@shared/contract'
import type { z } from 'zod'
import type { Router } from '../ipc/router'
import { createLogger, type Logger } from '../log'
import type { AccountsService } from '../services/accounts'
import type { ConnectionMonitor } from '../services/connection'
import { mt } from '../services/i18n'
import type { Ledger, LedgerTx } from '../services/ledger'
import { releaseAfterBurst } from '../services/memory'
import type { Notifier } from '../services/notify'
import { createPayments } from '../services/payments'
import type { RatesService } from '../services/rates'
import type { ServiceTime } from '../services/serviceTime'
import type { Notice, SettingsStore } from '../services/settings'
import { createSyncLoop, type SyncLoop } from '../services/sync'
import { type Clients, createClients, registryAndSettings } from './clients'
import { createDesk, lockPassphrase } from './desk'
import { createEmitter } from './emit'
import { moveOldSecrets } from './keychain'
import { speakingEmit, speakSettings } from './language'
import { appHandlers } from './operations'
import { appNwc, appRates, appRouter, backgroundWork, clipboardOffers, priceBackfill } from './parts'
import { createPrivacy } from './privacy'
import { openStores } from './stores'
import type { App, AppDeps } from './types'
import { type Signal, signal } from './wire'

export type { App, AppDeps } from './types'

export function createApp(deps: AppDeps): App {
  const now = deps.now ?? Date.now
  const log = createLogger({ sink: deps.logSink, now })
  const notices = signal<Notice>()
  // which account kinds exist is the registry's: the settings, backups and the router read it
  const { registry, settings } = registryAndSettings(deps, { now, onNotice: notices.fire })
  const lockChanged = signal<LockStatus>()
  const unlocked = signal()
  const privacy = createPrivacy({ ...deps, settings, now, log, changed: lockChanged.fire, unlocked: unlocked.fire })
  const { lock, notifier } = privacy
  // While locked, events that carry money data are dropped before they leave (docs/security.md).
  const to = speakingEmit(deps.emit, deps.systemLanguages)
  const emit = createEmitter({ to, check: deps.checkEvents ?? !deps.isPackaged, log, withhold: privacy.withholds })
  notices.on((n) => emit('notice', n))
  lockChanged.on((status) => emit('lock.changed', status))
  const stores = openStores({ dir: deps.userDataDir, now, emit, workersDir: deps.workersDir })
  const { ledger, journal, seen } = stores
  const accountsChanged = signal<{ accounts: AccountView[]; activeId: string | null }>()
  const clients = createClients({ ...deps, registry, settings, emit, now, log, ledger, accountsChanged, seen })
  const { accounts, serviceTime, connection, activeAccountId } = clients
  const rates = appRates(deps, { settings, now, log, emit })
  const pricesThen = priceBackfill(deps, { settings, now, log, emit, ledger })
  const syncDeps = { ledger, notifier, emit, now, log, activeAccountId, settings, accounts, serviceTime, rates }
  const { nwcPushed, looksUpFresh } = clients
  const { sync, synced, told } = appSync({ ...syncDeps, nwcPushed, looksUpFresh, visible: deps.visible })
  accountsChanged.on((list) => followAccounts(list, { emit, connection, sync }))
  const { background, idle } = backgroundWork(log)
  unlocked.on(() => background(clients.refreshWallets()))
  // the app's passphrase is the lock's: confirmations share its back-off (docs/security.md)
  const passphrase = deps.passphrase ?? lockPassphrase(lock)
  const desk = createDesk(
    { ...deps, passphrase },
    { now, serviceTime, emit, settings, accounts, ledger, journal, rates, registry },
    { accountsChanged: () => accountsChanged.fire(accounts.list()) },
  )
  const payments = createPayments({
    ...{ journal, ledger, emit, now, serviceTime, background, spending: desk.spending, at: deps.paymentStep },
    clientFor: (id, policy) => accounts.client(id, policy),
    activeAccountId: () => accounts.active().id,
    capabilities: (id) => accounts.capabilities(id),
    notifier,
    notificationsOn: () => settings.current().settings.notifications,
    moved: (accountId, walletIds, kind) => background(moved({ ledger, emit, clients }, accountId, walletIds, kind)),
  })
  synced.on(payments.afterSync)
  const nwc = appNwc(deps, { ...syncDeps, lock, sync, payments, told, journal, lockChanged, accountsChanged })
  let keychain: z.input<typeof AppInfo>['keychain'] = 'unknown'
  const info = async () => ({
    ...{ name: APP_NAME, version: deps.appVersion, platform: deps.platform ?? process.platform },
    ...{ preview: deps.preview ?? false, keychain },
  })
  const handlers = appHandlers(deps, {
    ...{ ...desk, accounts, settings, lock, rates, sync, emit, now, serviceTime, background },
    ...{ ledger, payments, log, info, nwc, passphrase, activeUrl: clients.activeUrl, journal },
  })
  const router: Router = appRouter(deps, { handlers, log, journal, lock, registry })
  const offers = clipboardOffers(deps, { settings, emit, log })

  async function start() {
    try {
      await settings.load()
      speakSettings(settings.current().settings, deps.systemLanguages)
      await desk.load()
      lock.start() // an app with a lock starts locked; the tray and the page learn it first
      emit('lock.changed', lock.status())
      stores.started(accounts.list().accounts.length)
      offers.settingsLoaded()
      await rates.start()
      pricesThen.start()
      keychain = (await deps.secretStore.available()) ? 'available' : 'unavailable'
      if (keychain === 'unavailable') emit('notice', noKeychain())
      else await moveOldSecrets({ secretStore: deps.secretStore, settings, nwc, log })
      emit('accounts.updated', accounts.list())
      sync.start()
      // what became of payments a crash or a lost answer left unfinished; never re-sent
      if (accounts.list().accounts.length > 0) payments.start()
      await nwc.start()
      log.info('app started', { ops: OP_NAMES.length, keychain })
    } catch (err) {
      // whatever failed, the lock stays shut and nothing opens it (docs/security.md, "Fails closed")
      lock.failStart(err)
      throw err
    }
  }

  return {
    ...{ router, accounts, settings, sync, rates, ledger, journal, payments, lock, log, nwc },
    ...{ spending: desk.spending, backup: desk.backup, start },
    windowShown() {
      offers.windowShown()
      sync.windowShown()
    },
    idle,
    async dispose() {
      nwc.stop()
      connection.stop()
      await rates.stop()
      await pricesThen.stop()
      await sync.stop()
      accounts.dispose() // after the sync loop: its last read may still use an NWC account's link
      await idle()
      stores.close()
    },
  }
}

/** In main's language when it is said (a constant would keep the language the module loaded in). */
const noKeychain = () => ({
  level: 'warning' as const,
  message: mt('notices.keychainUnavailable'),
})

/** The accounts changed: announced, the connection state follows the active one, the sync its set. */
function followAccounts(
  list: { accounts: AccountView[]; activeId: string | null },
  p: { emit: Emit; connection: Pick<ConnectionMonitor, 'accountsChanged'>; sync: Pick<SyncLoop, 'accountsChanged'> },
) {
  p.emit('accounts.updated', list)
  p.connection.accountsChanged(list.accounts.map((a) => a.id))
  p.sync.accountsChanged()
}

/**
 * Money left an account: its balances are read again; after a transfer the wallets' names are
 * kept for "Moved from Savings" and the history told to read again (`walletIds`: whose rows changed).
 */
async function moved(
  p: { ledger: () => Ledger; emit: Emit; clients: Pick<Clients, 'refreshWallets'> },
  accountId: string,
  walletIds: string[],
  kind: 'payment' | 'transfer',
) {
  try {
    const view = await p.clients.refreshWallets(accountId)
    if (kind === 'transfer' && view)
      p.ledger().setWallets(
        accountId,
        view.wallets.map((w) => ({ id: w.id, label: w.label.slice(0, 200) })),
      )
  } finally {
    if (kind === 'transfer') p.emit('ledger.updated', { accountId, walletIds })
  }
}

/** The sync loop over the accounts' clients; a sync's end is told by `synced` (payments listen). */
function appSync(p: {
  ledger: () => Ledger
  notifier: Notifier
  emit: Emit
  now: () => number
  log: Logger
  activeAccountId: () => string | null
  settings: SettingsStore
  accounts: Pick<AccountsService, 'list' | 'client'>
  serviceTime: Pick<ServiceTime, 'nowMs'>
  /** the live prices new rows are stamped with (docs/rates.md, "Prices as they were") */
  rates: Pick<RatesService, 'livePrice'>
  /** an NWC account's wallet pushed a payment: that account is read now (docs/nwc.md) */
  nwcPushed: Signal<string>
  /** an account whose wallet pushes no payments received: its fresh invoices are looked up every second */
  looksUpFresh: (accountId: string) => boolean
  /** the window can be seen: its active account is polled at the on-screen pace */
  visible?: () => boolean
}) {
  // a sync's end (payments listen) and a row the loop just told (connected apps hear of it)
  const [synced, told] = [signal<string>(), signal<LedgerTx>()]
  const sync = createSyncLoop({
    livePrice: () => p.rates.livePrice(),
    ...{ ledger: p.ledger, notifier: p.notifier, emit: p.emit, now: p.now, log: p.log },
    ...{ activeAccountId: p.activeAccountId, serviceNow: p.serviceTime.nowMs, visible: p.visible },
    accountIds: () => p.accounts.list().accounts.map((a) => a.id),
    looksUpFresh: p.looksUpFresh,
    getClient: (accountId) => clientOrNull(() => p.accounts.client(accountId)),
    settings: () => p.settings.current().settings,
    walletPrefs: (accountId) => p.settings.current().walletPrefs[accountId] ?? {},
    afterSync: synced.fire,
    announced: told.fire,
    historyLoaded: () => {
      p.ledger().historyStored()
      releaseAfterBurst(p.log, 'a history load')
    },
  })
  p.nwcPushed.on((id) => sync.nudge(id))
  return { sync, synced, told }
}

/** A removed account's client: none, so its invoices are no longer watched. */
function clientOrNull<T>(make: () => T): T | null {
  try {
    return make()
  } catch {
    return null
  }
}
