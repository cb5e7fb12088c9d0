// Small parts of the app that createApp builds in one line each: prices, background work, the
// router, and the clipboard's offers as a window is shown.

import type { Emit } from '@shared/contract'
import type { Handlers } from '../ipc/router'
import { createRouter } from '../ipc/router'
import type { Logger } from '../log'
import type { AccountsService } from '../services/accounts'
import type { BackendRegistry } from '../services/backends'
import { connectInputs } from '../services/backends/kinds'
import { createClipboardOffers } from '../services/clipboard'
import type { Ledger, LedgerTx } from '../services/ledger'
import type { LockService } from '../services/lock'
import type { Notifier } from '../services/notify'
import { createNwc } from '../services/nwc'
import type { Journal, Payments } from '../services/payments'
import { createPriceBackfill, createRatesService } from '../services/rates'
import type { ServiceTime } from '../services/serviceTime'
import type { SettingsStore } from '../services/settings'
import type { SyncLoop } from '../services/sync'
import type { AppDeps } from './types'
import type { Signal } from './wire'

/** Prices (docs/rates.md): fetched only while the window can be seen, announced as they change. */
export function appRates(deps: AppDeps, p: { settings: SettingsStore; now: () => number; log: Logger; emit: Emit }) {
  return createRatesService({
    ...{ sourceUrl: deps.rates?.sourceUrl ?? null, timeoutMs: deps.rates?.timeoutMs, tickMs: deps.rates?.tickMs },
    historySourceUrl: deps.rates?.historyUrl ?? null,
    ...{ userDataDir: deps.userDataDir, fetch: deps.fetch, now: p.now, log: p.log },
    settings: () => p.settings.current().settings.fiat,
    visible: deps.visible ?? (() => true),
    emit: (view) => p.emit('rates.updated', view),
  })
}

/** Older rows' prices from the history source, opt-in (docs/rates.md, "Prices as they were"), while prices are on. */
export function priceBackfill(
  deps: AppDeps,
  p: { settings: SettingsStore; now: () => number; log: Logger; emit: Emit; ledger: { opened(): Ledger | null } },
) {
  return createPriceBackfill({
    sourceUrl: deps.rates?.historyUrl ?? null,
    enabled: () => p.settings.current().settings.pricesThen === true && p.settings.current().settings.fiat.enabled,
    visible: deps.visible,
    ledger: () => p.ledger.opened(),
    updated: (ids) => {
      for (const accountId of ids) p.emit('ledger.updated', { accountId, walletIds: [] })
    },
    ...{ now: p.now, fetch: deps.fetch, gapMs: deps.rates?.historyGapMs, log: p.log },
  })
}

/** Work nobody waits for (a balance refresh): its failure logged, `idle` resolving once it is all done. */
export function backgroundWork(log: Pick<Logger, 'warn'>) {
  const pending = new Set<Promise<unknown>>()
  return {
    background(task: Promise<unknown>) {
      const p = task.catch((err) => log.warn('background task failed', { error: err })).finally(() => pending.delete(p))
      pending.add(p)
    },
    async idle() {
      await Promise.allSettled([...pending])
    },
  }
}

export function appRouter(
  deps: AppDeps,
  p: {
    handlers: Handlers
    log: Logger
    journal: () => Journal
    lock: Pick<LockService, 'isLocked'>
    registry: BackendRegistry
  },
) {
  return createRouter(p.handlers, {
    // a kind registered beyond the shipped ones connects through its entry's own schema
    inputs: connectInputs(p.registry),
    isTrustedSender: deps.isTrustedSender ?? ((s) => s === undefined || s.trusted === true),
    log: p.log,
    // in the journal's file: a ledger rebuild must not forget which requests ran
    operations: () => p.journal().operations,
    locked: () => p.lock.isLocked(),
  })
}

/** What is payable on the clipboard, offered as a window is shown once settings say whether to. */
export function clipboardOffers(deps: AppDeps, p: { settings: SettingsStore; emit: Emit; log: Pick<Logger, 'warn'> }) {
  // the setting is known only once settings are loaded: until then a show waits, reading nothing
  let loaded: () => void = () => {}
  const settingsLoaded = new Promise<void>((resolve) => {
    loaded = resolve
  })
  const clipboard = deps.clipboard
  const enabled = () => p.settings.current().settings.offerClipboard
  const offers = clipboard && createClipboardOffers({ clipboard, enabled, emit: p.emit })
  return {
    settingsLoaded: () => loaded(),
    windowShown() {
      if (offers)
        void settingsLoaded
          .then(() => offers.windowShown())
          .catch((err: unknown) => p.log.warn('clipboard offer failed', { error: err }))
    },
  }
}

/** Connected apps (docs/nwc.md): every payment through the payments module; paused while locked. */
export function appNwc(
  deps: AppDeps,
  p: {
    now: () => number
    log: Logger
    lock: Pick<LockService, 'isLocked' | 'started'>
    notifier: Notifier
    settings: SettingsStore
    accounts: Pick<AccountsService, 'client' | 'active' | 'list' | 'capabilities'>
    serviceTime: Pick<ServiceTime, 'nowSec'>
    ledger: () => Ledger
    sync: Pick<SyncLoop, 'track'>
    payments: Pick<Payments, 'sendToInvoice'>
    emit: Emit
    journal: () => Journal
    /** the sync loop told a new row: the connections of its wallet hear of it */
    told: Signal<LedgerTx>
    /** the app locked or unlocked */
    lockChanged: Pick<Signal<unknown>, 'on'>
    /** an account was added, changed (its key) or removed */
    accountsChanged: Pick<Signal<unknown>, 'on'>
  },
) {
  const nwc = createNwc({
    ...{ dir: deps.userDataDir, now: p.now, secretStore: deps.secretStore, notifier: p.notifier },
    log: (message, fields) => p.log.info(message, fields),
    activeAccountId: () => p.accounts.active().id,
    capabilities: (id) => p.accounts.capabilities(id),
    isLocked: () => p.lock.isLocked(),
    journal: p.journal,
    // after a failed start the lock pauses them whatever the setting says (docs/security.md)
    whileLocked: () => p.lock.started() && p.settings.current().settings.lock.connectedApps,
    notificationsOn: () => p.settings.current().settings.notifications,
    sendToInvoice: (input) => p.payments.sendToInvoice(input),
    clientFor: (id, policy) => p.accounts.client(id, policy),
    ledger: p.ledger,
    serviceNowSec: (id) => p.serviceTime.nowSec(id),
    watch: (inv) => p.sync.track(inv),
    changed: (list) => p.emit('nwc.updated', list),
    backoffMinMs: deps.nwc?.backoffMinMs,
    workersDir: deps.workersDir,
    openAppCallback: deps.openAppCallback,
    balanceOnWorker: deps.fetch === undefined,
  })
  p.told.on(nwc.announced)
  p.lockChanged.on(nwc.recheck)
  p.accountsChanged.on(nwc.recheck)
  return nwc
}
