// The main process's memory after a first sync, measured without the bench's own weight: the app
// (as the preview boots it) alone in a process of plain Node, bundled by esbuild (no tsx, no test
// tools), syncing the simulator at `url`. Prints `SYNC_RSS {json}`.
//
// Built and run by rssChild.ts; by hand: esbuild this file to .mjs, then
// `node --expose-gc out.mjs <url> <secret>`.
import { readFileSync } from 'node:fs'
import { getHeapSpaceStatistics } from 'node:v8'
import { bootApp } from '../../dev/preview/boot'
import { WORKERS_DIR } from '../../scripts/lib/build'
import { historyIn } from '../../test/support/syncNow'

const MB = 1024 * 1024

/** resident MB by kind of mapping (/proc/self/smaps): what the RSS is made of; empty off Linux */
function mapsRss(): Record<string, number> {
  const out: Record<string, number> = {}
  let text = ''
  try {
    text = readFileSync('/proc/self/smaps', 'utf8')
  } catch {
    return out
  }
  let kind = ''
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (head) {
      const name = head[1] ?? ''
      kind = !name ? 'anon' : name.startsWith('/') ? (name.includes('.sqlite') ? 'sqlite files' : 'files') : name
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]) / 1024
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v)]))
}
const gc = () => (globalThis as { gc?: () => void }).gc?.()
/** bytes this process has had written to storage (Linux; 0 elsewhere): the ledger's file and WAL */
function writtenBytes(): number {
  try {
    return Number(/^write_bytes: (\d+)/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}
const [url, secret] = process.argv.slice(2)
if (!url || !secret) throw new Error('usage: <url> <secret>')
gc()
const before = process.memoryUsage().rss
const written0 = writtenBytes()
const t0 = performance.now()
// the history's store worker as the build makes it (this file runs bundled, away from the sources)
const booted = await bootApp({ connect: { baseUrl: url, apiKey: secret }, workersDir: WORKERS_DIR })
await historyIn(booted.app, 3_600_000)
const syncS = (performance.now() - t0) / 1000
const writtenMB = (writtenBytes() - written0) / MB
gc()
const m = process.memoryUsage()
// and two seconds later: what the app gives back once the history is in is given back by then
await new Promise((r) => setTimeout(r, 2_000))
gc()
const rssLaterMB = process.memoryUsage().rss / MB
console.log(
  `SYNC_RSS ${JSON.stringify({
    beforeMB: before / MB,
    rssMB: m.rss / MB,
    rssLaterMB,
    heapMB: m.heapUsed / MB,
    heapTotalMB: m.heapTotal / MB,
    externalMB: m.external / MB,
    syncS,
    // written to storage during the sync: the rows, the WAL and each checkpoint's copy of it
    writtenMB,
    // the most resident at any time, the sync's peak (the app gives memory back once the history is in)
    peakMB: process.resourceUsage().maxRSS / 1024,
    maps: mapsRss(),
    // where V8's reserved heap is (MB by space), to tell what the sync grew
    spaces: Object.fromEntries(getHeapSpaceStatistics().map((sp) => [sp.space_name, Math.round(sp.space_size / MB)])),
  })}`,
)
await booted.dispose()
process.exit(0)
