// The simulator in a process of its own (the `huge` seed through its command line), so the bench
// process's memory and CPU are the app's alone.
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createServiceClient } from '../../electron/main/services/backends/service'
import type { WalletTransaction } from '../../electron/main/services/backends/service/schemas'
import { ROOT } from '../../scripts/lib/build'

export interface SimProcess {
  url: string
  secret: string
  wallets: Array<{ id: string; label: string }>
  /** seconds from spawn to the keys printed */
  startS: number
  close(): Promise<void>
}

export function startSimProcess(tx: number): Promise<SimProcess> {
  const t0 = performance.now()
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx')
  const args = ['--tsconfig', 'tsconfig.node.json', 'test/simulator/cli.ts', '--port', '0', '--seed', 'huge']
  const child: ChildProcess = spawn(tsx, [...args, '--tx', String(tx)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    const fail = (err: Error) => {
      child.kill()
      reject(err)
    }
    const timer = setTimeout(() => fail(new Error('the simulator did not start in 120 s')), 120_000)
    child.once('exit', (code) => fail(new Error(`the simulator exited (${code})`)))
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString()
      if (!out.includes('Controls:')) return
      clearTimeout(timer)
      child.removeAllListeners('exit')
      const url = /Base URL:\s+(\S+)/.exec(out)?.[1]
      const secret = /Secret key:\s+(\S+)/.exec(out)?.[1]
      const wallets = [...out.matchAll(/^Wallet (\S+) "([^"]*)"/gm)].map((m) => ({ id: m[1] ?? '', label: m[2] ?? '' }))
      if (!url || !secret) return fail(new Error(`unexpected simulator output: ${out}`))
      resolve({
        url,
        secret,
        wallets,
        startS: (performance.now() - t0) / 1000,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}

/**
 * Reads every page of every wallet of `sim` (`perPage` rows a page) as the first sync reads them,
 * through the app's service client with no retries (HTTP and the client's parse: the "raw reads"),
 * handing each page to `fn`. The client is warmed with 20 pages first, outside the reads.
 */
export async function simPages(
  sim: SimProcess,
  perPage: number,
): Promise<(fn: (walletId: string, page: number, items: WalletTransaction[]) => unknown) => Promise<void>> {
  const client = createServiceClient({
    baseUrl: sim.url,
    getApiKey: () => sim.secret,
    authMethod: 'header',
    retries: 0,
    timeoutMs: 30_000,
  })
  const first = sim.wallets[0]?.id as string
  for (let p = 1; p <= 20; p++) await client.listTransactions(first, p, perPage) // warm-up
  return async (fn) => {
    for (const w of sim.wallets) {
      const one = await client.listTransactions(w.id, 1, perPage)
      await fn(w.id, 1, one.items)
      for (let p = 2; p <= one.pagination.pageCount; p++)
        await fn(w.id, p, (await client.listTransactions(w.id, p, perPage)).items)
    }
  }
}
