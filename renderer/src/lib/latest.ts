// Answers that come back out of order: a slow page after a quicker later one, a test of input the
// person has edited since, a load overtaken by an event. One `Latest` per kind of request: each
// answer comes back marked stale when a newer call (or a drop) came after it, so the store drops
// it, or keeps only what is still safe to keep.

export interface Answer<T, K> {
  value: T
  /** a newer call, or a drop(), came after this one */
  stale: boolean
  /** the claimed keys that no later call has claimed since: what this call may still undo */
  owned: K[]
}

export interface Latest<K = never> {
  /** Runs `request`; `claims` names what it changes (keys of an optimistic update). */
  run<T>(request: () => Promise<T>, claims?: readonly K[]): Promise<Answer<T, K>>
  /** The calls on their way are stale from now on (their input changed, or newer data came another way). */
  drop(): void
}

/** A request that throws rejects `run` as it is: the renderer's `invoke` never throws. */
export function createLatest<K = never>(): Latest<K> {
  let newest = 0
  /** which call last claimed each key, while it is on its way */
  const owner = new Map<K, number>()
  return {
    async run(request, claims = []) {
      const mine = ++newest
      for (const k of claims) owner.set(k, mine)
      try {
        const value = await request()
        return { value, stale: mine !== newest, owned: claims.filter((k) => owner.get(k) === mine) }
      } finally {
        for (const k of claims) if (owner.get(k) === mine) owner.delete(k)
      }
    },
    drop() {
      newest++
    },
  }
}
