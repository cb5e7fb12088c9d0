// The two ways a part built earlier reaches one built later, so createApp reads top to bottom
// with no closure reaching forward: an event (`signal`: the earlier part says something happened,
// the later one listens) and an explicit interface (`later`: named where it is needed, bound once
// what implements it exists, and refused loudly if used before).

export interface Signal<T> {
  on(listener: (value: T) => void): void
  fire(value: T): void
}

export function signal<T = void>(): Signal<T> {
  const listeners: Array<(value: T) => void> = []
  return {
    on: (listener) => {
      listeners.push(listener)
    },
    fire: (value) => {
      for (const l of listeners) l(value)
    },
  }
}

export interface Later<T> {
  /** the interface, usable from now on; a call before `bind` is a wiring bug and throws */
  use: T
  bind(impl: T): void
}

export function later<T extends Record<string, (...args: never[]) => unknown>>(
  name: string,
  keys: (keyof T)[],
): Later<T> {
  let impl: T | null = null
  const use = Object.fromEntries(
    keys.map((k) => [
      k,
      (...args: never[]) => {
        if (!impl) throw new Error(`${name} used before it was built`)
        return (impl[k] as (...a: never[]) => unknown)(...args)
      },
    ]),
  ) as T
  return {
    use,
    bind: (i) => {
      impl = i
    },
  }
}
