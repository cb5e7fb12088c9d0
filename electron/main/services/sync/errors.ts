// The sync loop's own errors.

/**
 * What `track`/`trackWithdraw` reject with when the item IS being watched (in memory, announced,
 * polled) but the ledger could not store it; the next write stores it with the rest.
 */
export class SyncNotSavedError extends Error {
  constructor(cause: unknown) {
    super('the pending invoices and links could not be saved', { cause })
    this.name = 'SyncNotSavedError'
  }
}
