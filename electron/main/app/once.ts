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
