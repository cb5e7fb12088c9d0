// The flooding relay (floodRelayChild.ts) from the test's side: started in a child process, so
// its own work (verifying what is published, making the flood) does not count against the app's
// event loop; commanded over the child's IPC channel.
import { type ChildProcess, fork } from 'node:child_process'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Count, FloodSpec, ToChild } from './floodRelayChild'

export type { FloodSpec } from './floodRelayChild'

type Command = ToChild extends infer T ? (T extends { ref: number } ? Omit<T, 'ref'> : never) : never

export interface FloodRelay {
  url: string
  /** signs `events` requests from `keys` fresh keys to the wallet, for a 'strangers' flood */
  strangers(walletPubkey: string, keys: number, events: number): Promise<number>
  flood(spec: FloodSpec): Promise<{ sent: number; ms: number }>
  /** events published at the relay (by the app, by real clients) that match */
  count(c: Count): Promise<number>
  close(): Promise<void>
}

/** a TypeScript file in a child process of its own, asked over its IPC channel; answer 0 is its first word */
function forkChild(file: string, args: string[] = []) {
  const child: ChildProcess = fork(join(import.meta.dirname, file), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting = new Map<number, (value: unknown) => void>()
  child.on('message', (m: { ref: number; value: unknown }) => {
    waiting.get(m.ref)?.(m.value)
    waiting.delete(m.ref)
  })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`))),
  )
  exited.catch(() => {})
  let ref = 0
  return {
    ask<T>(m: object | null, r = ++ref): Promise<T> {
      const answered = new Promise<T>((resolve) => waiting.set(r, resolve as (v: unknown) => void))
      if (m) child.send({ ...m, ref: r })
      return Promise.race([answered, exited])
    },
    async close() {
      if (child.exitCode !== null) return
      const gone = new Promise((r) => child.once('exit', r))
      child.disconnect()
      await gone
    },
  }
}

export async function startFloodRelay(): Promise<FloodRelay> {
  const c = forkChild('floodRelayChild.ts')
  const ask = <T>(m: Command) => c.ask<T>(m)
  const url = await c.ask<string>(null, 0)
  return {
    url,
    strangers: (walletPubkey, keys, events) => ask({ type: 'strangers', walletPubkey, keys, events }),
    flood: (spec) => ask({ type: 'flood', spec }),
    count: (count) => ask({ type: 'count', count }),
    close: () => c.close(),
  }
}

/** @getalby/sdk's client of the connection `uri`, in its own process (nwcAppChild.ts) */
export async function startAppChild(uri: string) {
  const c = forkChild('nwcAppChild.ts', [uri])
  await c.ask<string>(null, 0)
  return {
    /** the balance the wallet service answered, in msat; throws what the client threw */
    async getBalance(): Promise<number> {
      const r = await c.ask<{ balance?: number; error?: string }>({})
      if (r.error !== undefined) throw new Error(r.error)
      return r.balance as number
    },
    close: () => c.close(),
  }
}

/**
 * While `flood` runs: this process's event-loop delay (p99, ms, node:perf_hooks) and the time of
 * each `call` made one after another meanwhile (at least `atLeast` of them; one that fails or
 * takes more than `giveUpMs` counts as `giveUpMs`).
 */
export async function underFlood(
  flood: Promise<unknown>,
  call: () => Promise<unknown>,
  o: { atLeast: number; giveUpMs: number },
): Promise<{ p99Ms: number; maxMs: number; times: number[] }> {
  const h = monitorEventLoopDelay({ resolution: 10 })
  h.enable()
  let done = false
  void flood.finally(() => {
    done = true
  })
  const times: number[] = []
  while (!done || times.length < o.atLeast) {
    const t0 = performance.now()
    let timer: NodeJS.Timeout | undefined
    const gaveUp = new Promise((r) => {
      timer = setTimeout(r, o.giveUpMs)
    })
    const ok = await Promise.race([
      call().then(
        () => true,
        () => false,
      ),
      gaveUp.then(() => false),
    ])
    clearTimeout(timer)
    times.push(ok ? performance.now() - t0 : o.giveUpMs)
  }
  await flood
  h.disable()
  return { p99Ms: h.percentile(99) / 1e6, maxMs: h.max / 1e6, times }
}
