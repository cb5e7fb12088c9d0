// Small parts of the app that createApp builds in one line each: prices, background work, the
// router, and the clipboard's offers as a window is shown.
import type { Emit } from '@shared/contract'
import type { Handlers } from '../ipc/router'
import { createRouter } from '../ipc/router'
import type { Logger } from '../log'
import { createClipboardOffers } from '../services/clipboard'
import type { Ledger } from '../services/ledger'
import type { LockService } from '../services/lock'
import type { Journal } from '../services/payments'
import { createPriceBackfill, createRatesService } from '../services/rates'
import type { SettingsStore } from '../services/settings'
import type { AppDeps } from './types'

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
  p: { handlers: Handlers; log: Logger; journal: () => Journal; lock: Pick<LockService, 'isLocked'> },
) {
  return createRouter(p.handlers, {
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
