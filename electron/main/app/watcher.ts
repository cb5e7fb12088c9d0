// The app's watcher: the real one (services/watcher), its state file in userData, wired to
// createApp's accounts and settings.
import { join } from 'node:path'
import type { InvoiceWatcher } from '../ipc/handlers'
import { createInvoiceWatcher } from '../services/watcher'
import type { WatcherDeps as AppWatcherDeps } from './createApp'

export const WATCHER_FILE = 'watcher.json'

export function pollingWatcher(d: AppWatcherDeps): InvoiceWatcher {
  return createInvoiceWatcher({
    store: join(d.userDataDir, WATCHER_FILE),
    getClient: (accountId) => {
      try {
        return d.clientFor(accountId)
      } catch {
        // a removed account: its invoices are no longer watched
        return null
      }
    },
    notifier: d.notifier,
    emit: d.emit as Parameters<typeof createInvoiceWatcher>[0]['emit'],
    settings: d.settings,
    now: d.now,
    log: d.log,
    activeAccountId: () => d.accounts.list().activeId,
  })
}
