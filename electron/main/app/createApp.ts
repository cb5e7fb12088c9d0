// The composition root: settings, secrets, accounts, the service client, the watcher and the
// IPC router, wired from plain dependencies so Electron, the browser preview, tests and
// benchmarks all run the same app.
import { type AppInfo, type EventName, type EventPayload, OP_NAMES } from '@shared/contract'
import type { z } from 'zod'
import { createHandlers, type InvoiceWatcher } from '../ipc/handlers'
import { createRouter, type Router, type SenderInfo } from '../ipc/router'
import { createLogger, type Logger } from '../log'
import { type AccountsService, createAccountsService } from '../services/accounts'
import { createServiceClient, type InvoiceRoute, type ServiceClient } from '../services/client'
import { createMemoryStore, type SecretStore } from '../services/secrets'
import { createSettingsStore, type SettingsStore } from '../services/settings'
import { pollingWatcher } from './watcher'

export interface Notifier {
  show(n: { title: string; body: string; onClick?: () => void }): void
  isSupported(): boolean
}

export type Emit = (event: EventName, payload: unknown) => void

/** What a watcher gets from the app. */
export interface WatcherDeps {
  userDataDir: string
  /** the service client of an account (throws `not_found` for a removed one) */
  clientFor: (accountId: string) => ServiceClient
  accounts: AccountsService
  settings: () => EventPayload<'settings.updated'>
  notifier: Notifier
  emit: Emit
  now: () => number
  log: Logger
}

export interface AppDeps {
  userDataDir: string
  secretStore: SecretStore
  notifier: Notifier
  emit: Emit
  fetch?: typeof fetch
  now?: () => number
  preview?: boolean
  appVersion?: string
  platform?: string
  /** where log lines go (stderr by default); every line is redacted first */
  logSink?: (line: string) => void
  /**
   * Decides whether a message may be handled. Default: in-process calls (no sender) and senders
   * the shell or the preview bridge marked trusted.
   */
  isTrustedSender?: (sender: SenderInfo | undefined) => boolean
  createWatcher?: (deps: WatcherDeps) => InvoiceWatcher
  client?: { timeoutMs?: number; retries?: number }
}

export interface App {
  router: Router
  accounts: AccountsService
  settings: SettingsStore
  watcher: InvoiceWatcher
  log: Logger
  start(): Promise<void>
  /** resolves when the work handlers started in the background (balance refreshes) is done */
  idle(): Promise<void>
  dispose(): Promise<void>
}

export const APP_NAME = 'Lightning Tray'

export function createApp(deps: AppDeps): App {
  const now = deps.now ?? Date.now
  const log = createLogger({ sink: deps.logSink, now })
  const emit: Emit = (event, payload) => {
    try {
      deps.emit(event, payload)
    } catch (err) {
      log.warn('an event listener failed', { event, error: err })
    }
  }
  const settings = createSettingsStore({ dir: deps.userDataDir, now, onNotice: (n) => emit('notice', n) })
  const invoiceRoutes = new Map<string, InvoiceRoute>()
  const accounts = createAccountsService({
    settings,
    keychain: deps.secretStore,
    memory: createMemoryStore(),
    makeClient: (o) => createServiceClient({ ...o, fetch: deps.fetch, invoiceRoutes, ...deps.client }),
    onChange: (list) => emit('accounts.updated', list),
    log,
    now,
  })
  const watcherDeps: WatcherDeps = {
    userDataDir: deps.userDataDir,
    clientFor: (id) => accounts.client(id),
    accounts,
    settings: () => settings.current().settings,
    notifier: deps.notifier,
    emit,
    now,
    log,
  }
  // The real watcher (services/watcher, state in userData/watcher.json) unless a test swaps it.
  const watcher = (deps.createWatcher ?? pollingWatcher)(watcherDeps)

  let keychain: z.input<typeof AppInfo>['keychain'] = 'unknown'
  const pending = new Set<Promise<unknown>>()
  const background = (task: Promise<unknown>) => {
    const p = task.catch((err) => log.warn('background task failed', { error: err })).finally(() => pending.delete(p))
    pending.add(p)
  }

  const handlers = createHandlers({
    accounts,
    settings,
    watcher,
    emit,
    now,
    background,
    info: async () => ({
      name: APP_NAME,
      version: deps.appVersion ?? '0.0.0',
      platform: deps.platform ?? process.platform,
      preview: deps.preview ?? false,
      keychain,
    }),
  })
  const router = createRouter(handlers, {
    isTrustedSender: deps.isTrustedSender ?? ((s) => s === undefined || s.trusted === true),
    log,
  })

  return {
    router,
    accounts,
    settings,
    watcher,
    log,
    async start() {
      await settings.load()
      keychain = (await deps.secretStore.available()) ? 'available' : 'unavailable'
      if (keychain === 'unavailable')
        emit('notice', {
          level: 'warning',
          message: 'The system keychain is not available. Keys can be kept in memory for this session only.',
        })
      emit('accounts.updated', accounts.list())
      watcher.start()
      log.info('app started', { ops: OP_NAMES.length, keychain })
    },
    async idle() {
      await Promise.allSettled([...pending])
    },
    async dispose() {
      await watcher.stop()
      await Promise.allSettled([...pending])
    },
  }
}
