// A value made on first use (the ledger and the journal are files opened only once there is an
// account), which the app can peek at without making it, and forget so the next use makes it anew.

/** A value made on first call; `opened` peeks without making it, `forget` lets the next call make a new one. */
export function once<T>(make: () => T): (() => T) & { opened(): T | null; forget(): void } {
  let value: T | null = null
  return Object.assign(() => (value ??= make()), {
    opened: () => value,
    forget: () => {
      value = null
    },
  })
}
