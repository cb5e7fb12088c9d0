// The watcher's own errors.

/**
 * What `track`/`trackWithdraw` reject with when the item IS being watched (in memory, announced,
 * polled) but the watcher's file could not be written; its next write saves it with the rest.
 */
export class WatcherNotSavedError extends Error {
  constructor(cause: unknown) {
    super('the watcher file could not be written', { cause })
    this.name = 'WatcherNotSavedError'
  }
}
