// `npm run bench:scale [-- --1m] [--sizes 10000,100000] [--no-browser] [--latency-ms 50]`: the app on
// the simulator's `huge` seed at 10,000 and 100,000 transactions (and 1,000,000 with --1m: about ten
// minutes more), each size in a fresh process (step.ts), then every figure, the goals at the
// largest size, and the growth table (each figure divided by the one at the smallest size). Then
// the first sync again at each size with the service 50 ms away (latency.ts): what a person meets,
// against the raw reads under the same latency. Results also go to bench/scale/last.json.
import { spawn, spawnSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ROOT } from '../../scripts/lib/build'
import { FLAT, GOALS, growthTable, LATENCY_GOALS, type ScaleStep } from './figures'
import type { LatencyStep } from './latency'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    '1m': { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    'latency-ms': { type: 'string', default: '50' },
  },
})
const latencyMs = Number(values['latency-ms'])
const sizes = values.sizes
  ? values.sizes.split(',').map(Number)
  : [10_000, 100_000, ...(values['1m'] ? [1_000_000] : [])]

function step<T = ScaleStep>(n: number, latency = false): Promise<T> {
  const args = ['--expose-gc', '--import', 'tsx', join('bench', 'scale', 'step.ts'), String(n)]
  if (values['no-browser']) args.push('--no-browser')
  if (latency) args.push('--latency-ms', String(latencyMs))
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString()
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('SCALE_RESULT '))
      if (code !== 0 || !line) return reject(new Error(`step ${n} failed (${code}): ${out.slice(-2000)}`))
      resolve(JSON.parse(line.slice('SCALE_RESULT '.length)) as T)
    })
  })
}

const started = Date.now()
if (!values['no-browser']) {
  console.log('Building the renderer…')
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (built.status !== 0) throw new Error('electron-vite build failed')
}
const steps: ScaleStep[] = []
for (const n of sizes) {
  const t0 = Date.now()
  console.log(`${n.toLocaleString('en-US')} transactions…`)
  const r = await step(n)
  steps.push(r)
  console.log(`  done in ${Math.round((Date.now() - t0) / 1000)} s: ${JSON.stringify(r)}`)
}
console.table(steps)
const growth = growthTable(steps)
console.log('Growth (each figure ÷ the figure at the smallest size):')
console.table(growth)
const last = steps[steps.length - 1] as ScaleStep
const goals = Object.entries(GOALS).map(([figure, g]) => {
  const v = last[figure as keyof ScaleStep]
  return { figure, [`at ${last.rows}`]: v, goal: g?.text ?? '', met: Number.isFinite(v) ? v <= (g?.max ?? 0) : 'n/a' }
})
const base = steps[0] as ScaleStep
for (const f of FLAT) {
  const ratio = last[f] / base[f]
  goals.push({
    figure: `${f} growth`,
    [`at ${last.rows}`]: Number(ratio.toFixed(2)),
    goal: '≤ 1.5×',
    met: ratio <= 1.5,
  })
}
const latency: LatencyStep[] = []
for (const n of sizes) {
  console.log(`${n.toLocaleString('en-US')} transactions, the service ${latencyMs} ms away…`)
  latency.push(await step<LatencyStep>(n, true))
}
console.log(`The first sync with the service ${latencyMs} ms away (every request answered that much later):`)
console.table(latency.map((l, i) => ({ rows: sizes[i], ...l })))
for (const [i, l] of latency.entries()) {
  const at = `at ${last.rows}`
  const rows = sizes[i] as number
  goals.push({
    figure: `newest page shown s (latency) at ${rows}`,
    [at]: l['newest page shown s (latency)'],
    goal: LATENCY_GOALS.shown.text,
    met: l['newest page shown s (latency)'] <= LATENCY_GOALS.shown.max,
  })
  if (rows >= 100_000)
    goals.push({
      figure: `sync / raw (latency) at ${rows}`,
      [at]: l['sync / raw (latency)'],
      goal: LATENCY_GOALS.syncRaw.text,
      met: l['sync / raw (latency)'] <= LATENCY_GOALS.syncRaw.max,
    })
}
console.log(`Goals at ${last.rows.toLocaleString('en-US')} history rows:`)
console.table(goals)
const seconds = Math.round((Date.now() - started) / 1000)
console.log(`bench:scale took ${seconds} s; load average ${loadavg()[0]?.toFixed(1)}`)
await writeFile(
  join(ROOT, 'bench', 'scale', 'last.json'),
  `${JSON.stringify({ at: new Date().toISOString(), seconds, load: loadavg()[0], steps, latency, growth, goals }, null, 2)}\n`,
)
