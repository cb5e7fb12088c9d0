// The composition root: settings, secrets, accounts, the service client, the sync loop, the
// connection state, the lock, the desk's rules and the IPC router, wired from plain dependencies
// so Electron, the browser preview, tests and benchmarks all run the same app. What it takes and
// gives is in types.ts.
import { APP_NAME, type AppInfo, type EventName, OP_NAMES } from '@shared/contract'
import type { z } from 'zod'
import { createHandlers } from '../ipc/handlers'
import { createRouter } from '../ipc/router'
import { createLogger } from '../log'
import { createAccountsService } from '../services/accounts'
import { createAppClaims } from '../services/claim'
import { createServiceClient, type InvoiceRoute } from '../services/client'
import { createClipboardOffers } from '../services/clipboard'
import { createConnectionMonitor } from '../services/connection'
import { openLedger } from '../services/ledger'
import { followPayments, openJournal } from '../services/payments'
import { createRatesService } from '../services/rates'
import { createMemoryStore } from '../services/secrets'
import { createServiceTime } from '../services/serviceTime'
import { createSettingsStore } from '../services/settings'
import { createSyncLoop } from '../services/sync'
import { walletsView } from '../services/views'
import { createDesk, lockPassphrase } from './desk'
import { createEmitter } from './emit'
import { once } from './once'
import { createPrivacy } from './privacy'
import type { App, AppDeps } from './types'

export type { App, AppDeps } from './types'

export function createApp(deps: AppDeps): App {
  const now = deps.now ?? Date.now
  const log = createLogger({ sink: deps.logSink, now })
  // While locked, events that carry money data are dropped before they leave (docs/security.md).
  const withhold = (event: EventName) => privacy.withholds(event)
  const emit = createEmitter({ to: deps.emit, check: deps.checkEvents ?? !deps.isPackaged, log, withhold })
  const settings = createSettingsStore({ dir: deps.userDataDir, now, onNotice: (n) => emit('notice', n) })
  const privacy = createPrivacy({ ...deps, settings, now, emit, log, unlocked: () => background(refreshWallets()) })
  const { lock, notifier } = privacy
  // Opened on first use (no file before the person has an account), and never blocking the app: a
  // file that cannot be used is set aside and the person told (docs/ledger.md).
  let hadAccounts = false
  const ledger = once(() =>
    openLedger({
      dir: deps.userDataDir,
      now,
      // accounts in the settings at start mean the app has run here before: a missing ledger was
      // deleted (one connected in this session has no ledger yet, and that is no news)
      expectExisting: hadAccounts,
      onNotice: ({ level, message }) => emit('notice', { level, message }),
    }),
  )
  const journal = once(() =>
    openJournal({ dir: deps.userDataDir, now, onNotice: ({ level, message }) => emit('notice', { level, message }) }),
  )
  const invoiceRoutes = new Map<string, InvoiceRoute>()
  // The service's clock, per account, learnt from every answer: it decides every expiry (services/serviceTime).
  const serviceTime = createServiceTime({ now, onChange: () => emit('accounts.updated', accounts.list()) })
  const fetchOf = deps.fetch ?? ((input, init) => fetch(input, init))
  const accounts = createAccountsService({
    settings,
    keychain: deps.secretStore,
    memory: createMemoryStore(),
    makeClient: ({ accountId, retries, ...o }) => {
      const client = createServiceClient({
        ...o,
        fetch: accountId ? serviceTime.observe(accountId, fetchOf) : deps.fetch,
        invoiceRoutes,
        ...deps.client,
        ...(retries === 0 ? { retries } : {}),
      })
      // A key being tested is no account's: whether its service answers is the form's business.
      return accountId ? connection.observe(accountId, client) : client
    },
    onChange: (list) => accountsChanged(list),
    knownWallets: (id) =>
      ledger()
        .cursors.list(id)
        .map((c) => c.walletId),
    log,
    now,
    clockOffsetSec: serviceTime.offsetSec,
  })
  function accountsChanged(list = accounts.list()) {
    emit('accounts.updated', list)
    connection.accountsChanged(list.accounts.map((a) => a.id))
    sync.accountsChanged()
  }
  const activeAccountId = () => accounts.list().activeId
  const activeUrl = () => accounts.list().accounts.find((a) => a.id === activeAccountId())?.baseUrl
  /** the balances, read and announced: a connection probe, and after unlocking (the tray missed them) */
  const refreshWallets = async (id = activeAccountId()) => {
    if (!id) return
    const view = walletsView(await accounts.client(id).listWallets())
    if (activeAccountId() === id) emit('wallets.updated', view)
  }
  const connection = createConnectionMonitor({
    emit,
    activeAccountId,
    probe: refreshWallets,
    probeEveryMs: () => settings.current().settings.pollIntervalSec * 1000,
  })
  const sync = createSyncLoop({
    ledger,
    accountIds: () => accounts.list().accounts.map((a) => a.id),
    getClient: (accountId) => {
      try {
        return accounts.client(accountId)
      } catch {
        // a removed account: its invoices are no longer watched
        return null
      }
    },
    notifier,
    emit,
    settings: () => settings.current().settings,
    now,
    serviceNow: serviceTime.nowMs,
    log,
    activeAccountId,
    afterSync: (accountId) => payments.afterSync(accountId),
  })

  const rates = createRatesService({
    sourceUrl: deps.rates?.sourceUrl ?? null,
    userDataDir: deps.userDataDir,
    settings: () => settings.current().settings.fiat,
    visible: deps.visible ?? (() => true),
    emit: (view) => emit('rates.updated', view),
    now,
    fetch: deps.fetch,
    timeoutMs: deps.rates?.timeoutMs,
    tickMs: deps.rates?.tickMs,
    log,
  })

  let keychain: z.input<typeof AppInfo>['keychain'] = 'unknown'
  const pending = new Set<Promise<unknown>>()
  const background = (task: Promise<unknown>) => {
    const p = task.catch((err) => log.warn('background task failed', { error: err })).finally(() => pending.delete(p))
    pending.add(p)
  }
  // request ids being paid now: the journal's reconciling leaves them alone
  const paying = new Set<string>()
  const payments = followPayments({
    journal,
    clientFor: (id, p) => accounts.client(id, p),
    emit,
    now,
    serviceNowSec: serviceTime.nowSec,
    ledger,
    notifier: deps.notifier,
    notificationsOn: () => settings.current().settings.notifications,
    paying,
    background,
  })

  // the app's passphrase is the lock's: confirmations share its back-off (docs/security.md)
  const passphrase = deps.passphrase ?? lockPassphrase(lock)
  const desk = createDesk(
    { ...deps, passphrase },
    { now, serviceNowSec: serviceTime.nowSec, emit, settings, accounts, ledger, journal, sync, rates, accountsChanged },
  )

  const handlers = createHandlers({
    ...desk,
    accounts,
    clientFor: (id, policy) => accounts.client(id, policy),
    settings,
    lock,
    rates,
    sync,
    emit,
    now,
    serviceTime,
    checkPayments: payments.check,
    background,
    saveFile: deps.saveFile,
    ledger,
    journal,
    claims: createAppClaims(deps.isPackaged === true, activeUrl),
    popover: deps.popover,
    openLink: deps.openLink,
    log,
    paymentStep: deps.paymentStep,
    paying,
    info: async () => ({
      name: APP_NAME,
      version: deps.appVersion,
      platform: deps.platform ?? process.platform,
      preview: deps.preview ?? false,
      keychain,
    }),
  })
  const router = createRouter(handlers, {
    isTrustedSender: deps.isTrustedSender ?? ((s) => s === undefined || s.trusted === true),
    log,
    // in the journal's file: a ledger rebuild must not forget which requests ran
    operations: () => journal().operations,
    locked: () => lock.isLocked(),
  })

  // the setting is known only once settings are loaded: until then a show waits, reading nothing
  let loaded: () => void = () => {}
  const settingsLoaded = new Promise<void>((resolve) => {
    loaded = resolve
  })
  const clipboard = deps.clipboard
  const offers =
    clipboard && createClipboardOffers({ clipboard, enabled: () => settings.current().settings.offerClipboard, emit })

  return {
    router,
    accounts,
    settings,
    sync,
    rates,
    ledger,
    journal,
    spending: desk.spending,
    backup: desk.backup,
    lock,
    log,
    async start() {
      await settings.load()
      await desk.load()
      lock.start() // an app with a lock starts locked; the tray and the page learn it first
      emit('lock.changed', lock.status())
      hadAccounts = accounts.list().accounts.length > 0
      loaded()
      await rates.start()
      keychain = (await deps.secretStore.available()) ? 'available' : 'unavailable'
      if (keychain === 'unavailable')
        emit('notice', {
          level: 'warning',
          message: 'The system keychain is not available. Keys can be kept in memory for this session only.',
        })
      emit('accounts.updated', accounts.list())
      sync.start()
      // what became of payments a crash or a lost answer left unfinished; never re-sent
      if (accounts.list().accounts.length > 0) payments.start()
      log.info('app started', { ops: OP_NAMES.length, keychain })
    },
    windowShown() {
      if (offers)
        void settingsLoaded
          .then(() => offers.windowShown())
          .catch((err: unknown) => log.warn('clipboard offer failed', { error: err }))
    },
    async idle() {
      await Promise.allSettled([...pending])
    },
    async dispose() {
      connection.stop()
      await rates.stop()
      await sync.stop()
      await Promise.allSettled([...pending])
      ledger.opened()?.close()
      journal.opened()?.close()
      ledger.forget()
      journal.forget()
    },
  }
}
