// The main process's worker threads (the ledger's CSV export and history store, the connected
// apps' relays): each is an entry of its own in the build, beside the app's main bundle. From the
// sources (tests, the bench, the demo under tsx) a worker runs its TypeScript file through the
// same loader.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/** each worker's source, from this folder */
const SOURCES = {
  csvWorker: 'ledger/csvWorker.ts',
  historyWorker: 'ledger/historyWorker.ts',
  nwcWorker: 'nwc/relayWorker.ts',
} as const
export type WorkerName = keyof typeof SOURCES

const here = dirname(fileURLToPath(import.meta.url))

/** `dir`: where the build's worker files are, when not beside this module (the bench) */
export function startWorker(name: WorkerName, options: WorkerOptions, dir?: string): Worker {
  const built = join(dir ?? here, `${name}.js`)
  // plain JavaScript: none of the parent's loader flags (tsx's, under the bench)
  if (existsSync(built)) return new Worker(built, { ...options, execArgv: [] })
  return new Worker(join(here, SOURCES[name]), {
    ...options,
    execArgv: ['--import', 'tsx/esm'],
    env: { ...process.env, TSX_TSCONFIG_PATH: resolve(here, '../../../tsconfig.node.json') },
  })
}
