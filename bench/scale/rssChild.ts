// Runs syncRss.ts bundled (esbuild, plain Node: no tsx) against a simulator already started, and
// answers its figures: the main process's RSS after a first sync without the bench's own weight.
// `npx tsx --tsconfig tsconfig.node.json bench/scale/rssChild.ts 100000` starts a simulator of that
// size and prints them (docs/ledger.md, "At scale"); V8 flags after the size go to the app's process.
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { ensureBuilt, ROOT } from '../../scripts/lib/build'

export interface SyncRss {
  beforeMB: number
  rssMB: number
  /** two seconds after the sync */
  rssLaterMB: number
  peakMB: number
  heapMB: number
  heapTotalMB: number
  externalMB: number
  syncS: number
  /** MB written to storage during the sync (Linux) */
  writtenMB: number
  /** resident MB by kind of mapping (Linux) */
  maps: Record<string, number>
  /** V8's reserved heap by space, MB */
  spaces: Record<string, number>
}

/** `v8Flags`: e.g. `--max-semi-space-size=16`, to see what the young generation's size makes of the RSS */
export function syncRssInChild(url: string, secret: string, v8Flags: readonly string[] = []): Promise<SyncRss> {
  // inside the repository (.tmp/ is ignored), so the bundle's packages resolve from node_modules
  // the history's store worker comes from the build (syncRss.ts passes its folder)
  ensureBuilt(['main'])
  const out = join(ROOT, '.tmp', 'bench', 'syncRss.mjs')
  const built = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'esbuild'),
    [
      join('bench', 'scale', 'syncRss.ts'),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      '--tsconfig=tsconfig.node.json',
      `--outfile=${out}`,
      '--log-level=error',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (built.status !== 0) throw new Error('esbuild of syncRss.ts failed')
  const child = spawn(process.execPath, ['--expose-gc', ...v8Flags, out, url, secret], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let text = ''
  child.stdout?.on('data', (b: Buffer) => {
    text += b.toString()
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = text.split('\n').find((l) => l.startsWith('SYNC_RSS '))
      if (code !== 0 || !line) return reject(new Error(`syncRss failed (${code}): ${text.slice(-1000)}`))
      resolve(JSON.parse(line.slice('SYNC_RSS '.length)) as SyncRss)
    })
  })
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { startSimProcess } = await import('./simProcess')
  const sim = await startSimProcess(Number(process.argv[2] ?? 10_000))
  try {
    console.log(await syncRssInChild(sim.url, sim.secret, process.argv.slice(3)))
  } finally {
    await sim.close()
  }
}
