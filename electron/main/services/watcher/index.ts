export {
  createInvoiceWatcher,
  DEFAULT_WATCHER_OPTIONS,
  LNTX_FIELDS,
  type Timers,
  type WatcherClient,
  type WatcherDeps,
  type WatcherOptions,
} from './createInvoiceWatcher'
export { WatcherNotSavedError } from './errors'
export { type Claim, matchTransactions, type Settlement } from './match'
export { loadWatcherFile, type StoredWithdraw, WATCHER_FILE, WatcherFile } from './store'
export type { InvoiceWatcher } from './types'
