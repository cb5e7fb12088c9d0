export {
  createInvoiceWatcher,
  DEFAULT_WATCHER_OPTIONS,
  type InvoiceWatcher,
  LNTX_FIELDS,
  type Timers,
  type TrayUpdate,
  type WatcherClient,
  type WatcherDeps,
  type WatcherOptions,
} from './createInvoiceWatcher'
export { type Claim, matchTransactions, type Settlement } from './match'
export { loadWatcherFile, type StoredWithdraw, WatcherFile } from './store'
