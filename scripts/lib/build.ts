// Builds the app with electron-vite when its output is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = 0
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)))
  return newest
}

/** The outputs electron-vite writes, and the sources each depends on. */
const OUTPUTS = {
  renderer: { file: 'out/renderer/index.html', sources: ['renderer', 'shared'] },
  main: { file: 'out/main/index.js', sources: ['electron', 'shared'] },
} as const

export function needsBuild(part: keyof typeof OUTPUTS): boolean {
  const { file, sources } = OUTPUTS[part]
  const out = join(ROOT, file)
  if (!existsSync(out)) return true
  const built = statSync(out).mtimeMs
  const inputs = [
    ...sources.map((s) => join(ROOT, s)),
    join(ROOT, 'electron.vite.config.ts'),
    join(ROOT, 'package.json'),
  ]
  return inputs.some((p) => newestMtime(p) > built)
}

/** Runs `electron-vite build` (main, preload and renderer, in one go) when any of `parts` is missing or stale. */
export function ensureBuilt(parts: Array<keyof typeof OUTPUTS>, log: (line: string) => void = console.log): void {
  if (!parts.some(needsBuild)) return
  log(`Building the app (npx electron-vite build)…`)
  const run = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (run.status !== 0) throw new Error('The build failed (see above). Try `npx electron-vite build` to see why.')
}

export const RENDERER_DIR = join(ROOT, 'out/renderer')
/** the folder of the main process's worker threads as the build makes them (services/workers.ts) */
export const WORKERS_DIR = join(ROOT, 'out/main')
/** the CSV export's worker as the build makes it (electron/main/services/ledger/csvWorker.ts) */
export const CSV_WORKER = join(WORKERS_DIR, 'csvWorker.js')

/** For what serves the build as it is (tests, `demo --no-build`): a clear message when there is none. */
export function assertRendererBuilt(dir = RENDERER_DIR): void {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`The renderer is not built (${dir}/index.html is missing). Run \`npx electron-vite build\` first.`)
  }
}
