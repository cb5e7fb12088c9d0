// The composition root: settings, secrets, accounts, the service client, the sync loop, the
// connection state and the IPC router, wired from plain dependencies so Electron, the browser
// preview, tests and benchmarks all run the same app.
import { join } from 'node:path'
import { APP_NAME, type AppInfo, type Emit, type EventName, OP_NAMES } from '@shared/contract'
import type { z } from 'zod'
import { createHandlers, type HandlerDeps } from '../ipc/handlers'
import { createRouter, type Router, type SenderInfo } from '../ipc/router'
import { createLogger, type Logger } from '../log'
import { type AccountsService, createAccountsService } from '../services/accounts'
import { createClaimService, createRemoteGet } from '../services/claim'
import { createServiceClient, type InvoiceRoute } from '../services/client'
import { type ClipboardSource, createClipboardOffers } from '../services/clipboard'
import { createConnectionMonitor } from '../services/connection'
import { type Journal, type Ledger, openJournal, openLedger } from '../services/ledger'
import type { LockService, OsCheck } from '../services/lock'
import type { Notifier } from '../services/notify'
import { followPayments } from '../services/payments'
import { createRatesService, type RatesService } from '../services/rates'
import { createMemoryStore, type SecretStore } from '../services/secrets'
import { createSettingsStore, type SettingsStore } from '../services/settings'
import { createSyncLoop, LEGACY_WATCHER_FILE, type SyncLoop } from '../services/sync'
import { walletsView } from '../services/views'
import type { SaveFile } from '../services/vouchers'
import { createEmitter } from './emit'
import { once } from './once'
import { createPrivacy } from './privacy'

export interface AppDeps {
  userDataDir: string
  secretStore: SecretStore
  notifier: Notifier
  emit: Emit
  /** check every event against the contract's schema, throwing on a mismatch (default true; off when packaged) */
  checkEvents?: boolean
  fetch?: typeof fetch
  now?: () => number
  preview?: boolean
  /** Electron's app.getVersion(); package.json's version elsewhere (dev/preview/version.ts) */
  appVersion: string
  platform?: string
  /** where log lines go (stderr by default); every line is redacted first */
  logSink?: (line: string) => void
  /** whether a message may be handled; default: in-process calls (no sender) and senders marked trusted */
  isTrustedSender?: (sender: SenderInfo | undefined) => boolean
  client?: { timeoutMs?: number; retries?: number }
  /** asks where to save a file and writes it (voucher sheets); without it no sheet can be made */
  saveFile?: SaveFile
  /**
   * The price source (docs/rates.md): its URL, RATE_SOURCE_URL in the app; none by default, so
   * tests and the preview never reach the internet (nothing is fetched then).
   */
  rates?: { sourceUrl?: string | null; timeoutMs?: number; tickMs?: number }
  /** whether the window can be seen: prices are fetched only then (default: always) */
  visible?: () => boolean
  /** the crash tests stop the process at a step of a payment (test/electron/payments/) */
  paymentStep?: HandlerDeps['paymentStep']
  /** the tray popover's pin (macOS, Windows); without it `window.pin` says it is not available */
  popover?: HandlerDeps['popover']
  /** opens an https link in the browser (`link.open`); without it no link is opened */
  openLink?: HandlerDeps['openLink']
  /** Electron's clipboard, read only as a window is shown (services/clipboard); none: never read */
  clipboard?: ClipboardSource
  /** the system's own check of the person (Touch ID), from the shell; none in tests and the preview */
  osCheck?: OsCheck | null
}

export interface App {
  router: Router
  accounts: AccountsService
  settings: SettingsStore
  sync: SyncLoop
  rates: RatesService
  /** every wallet's transactions and the app's own records (docs/ledger.md), opened on first use */
  ledger: () => Ledger
  /** payments in flight, in a file of its own that no ledger rebuild touches; opened on first use */
  journal: () => Journal
  /** the app lock (docs/security.md); `lock.verifyPassphrase` for confirmations */
  lock: LockService
  log: Logger
  start(): Promise<void>
  /** a window was shown: once settings are loaded, offer what is payable on the clipboard */
  windowShown(): void
  /** resolves when the work handlers started in the background (balance refreshes) is done */
  idle(): Promise<void>
  dispose(): Promise<void>
}

export function createApp(deps: AppDeps): App {
  const now = deps.now ?? Date.now
  const log = createLogger({ sink: deps.logSink, now })
  // While locked, events that carry money data are dropped before they leave (docs/security.md).
  const withhold = (event: EventName) => privacy.withholds(event)
  const emit = createEmitter({ to: deps.emit, check: deps.checkEvents ?? true, log, withhold })
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
  const accounts = createAccountsService({
    settings,
    keychain: deps.secretStore,
    memory: createMemoryStore(),
    makeClient: ({ accountId, retries, ...o }) => {
      const client = createServiceClient({
        ...o,
        fetch: deps.fetch,
        invoiceRoutes,
        ...deps.client,
        ...(retries === 0 ? { retries } : {}),
      })
      // A key being tested is no account's: whether its service answers is the form's business.
      return accountId ? connection.observe(accountId, client) : client
    },
    onChange: (list) => {
      emit('accounts.updated', list)
      connection.accountsChanged(list.accounts.map((a) => a.id))
      sync.accountsChanged()
    },
    knownWallets: (id) =>
      ledger()
        .cursors.list(id)
        .map((c) => c.walletId),
    log,
    now,
  })
  const activeAccountId = () => accounts.list().activeId
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
    legacyFile: join(deps.userDataDir, LEGACY_WATCHER_FILE),
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
    paying,
    background,
  })

  const handlers = createHandlers({
    accounts,
    clientFor: (id, policy) => accounts.client(id, policy),
    settings,
    lock,
    rates,
    sync,
    emit,
    now,
    background,
    saveFile: deps.saveFile,
    ledger,
    journal,
    claims: createClaimService({ get: createRemoteGet({ fetch: deps.fetch }) }),
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
    lock,
    log,
    async start() {
      await settings.load()
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
