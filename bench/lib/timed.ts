// What the benches that call the app through its router share: a router answer's value, and a
// call timed many times after a warm-up.
import type { Result } from '@shared/errors'

/** the answer's value, or its error thrown */
export const value = <T>(r: Result<unknown>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}

/** `f` timed `runs` times after 5 warm-up calls; `f` may time itself by returning a number */
export async function timed(runs: number, f: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await f() // warm up: sockets, JIT, the first sync
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const own = await f()
    times.push(typeof own === 'number' ? own : performance.now() - t0)
  }
  return times
}
