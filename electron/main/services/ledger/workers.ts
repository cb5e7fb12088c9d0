// The ledger's worker threads (the CSV export, the history's store): each is an entry of its own in
// the build, beside the app's main bundle. From the sources (tests, the bench, the demo under tsx)
// a worker runs its TypeScript file through the same loader.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

export type LedgerWorkerName = 'csvWorker' | 'historyWorker'

const here = dirname(fileURLToPath(import.meta.url))

/** `dir`: where the build's worker files are, when not beside this module (the bench) */
export function startLedgerWorker(name: LedgerWorkerName, options: WorkerOptions, dir?: string): Worker {
  const built = join(dir ?? here, `${name}.js`)
  // plain JavaScript: none of the parent's loader flags (tsx's, under the bench)
  if (existsSync(built)) return new Worker(built, { ...options, execArgv: [] })
  return new Worker(join(here, `${name}.ts`), {
    ...options,
    execArgv: ['--import', 'tsx/esm'],
    env: { ...process.env, TSX_TSCONFIG_PATH: resolve(here, '../../../../tsconfig.node.json') },
  })
}
