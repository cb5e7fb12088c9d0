// First balance of several renderer builds and the floor page, interleaved in one run: on these
// shared machines the same build's median moves by 10 to 20 % from one run to the next, so a change
// is judged against the build before it in the same minutes, never against an older figure.
//
// `npx electron-vite build && cp -r out/renderer /tmp/r-a`, change, build again, copy to /tmp/r-b, then
// `npx tsx --tsconfig tsconfig.node.json bench/firstScreenAb.ts 80 /tmp/r-a /tmp/r-b`
// prints each build's median time to the first balance (the `lt:first-balance` mark, as
// `npm run bench`) and its ratio to the floor's.
import type { Browser } from 'playwright-core'
import { bootApp } from '../dev/preview/boot'
import { startPreviewServer } from '../dev/preview/server'
import { launchChromium } from '../test/e2e/harness'
import { startSimulator } from '../test/simulator/index'
import { firstBalance } from './browser'
import { median } from './lib/stats'
import { buildFloor } from './size'

/** one cold load (a fresh context): the first balance as `npm run bench` times it */
async function firstBalanceMs(browser: Browser, url: string): Promise<{ at: number; home: number }> {
  const context = await browser.newContext({ viewport: { width: 420, height: 720 } })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'commit' })
    return await firstBalance(page)
  } finally {
    await context.close()
  }
}

const runs = Number(process.argv[2] ?? 15)
const dirs = process.argv.slice(3)
if (!Number.isInteger(runs) || dirs.length === 0) throw new Error('usage: <runs> <renderer dir> [<renderer dir> …]')
const browser = await launchChromium()
const sim = await startSimulator({ seed: 'demo' })
const booted = await bootApp({ connect: { baseUrl: sim.url, apiKey: sim.keys.secret } })
const servers = [] as Array<{ close(): Promise<void> }>
try {
  const targets: Array<[string, string]> = []
  for (const dir of dirs) {
    const s = await startPreviewServer({ app: booted.app, events: booted.events, rendererDir: dir })
    servers.push(s)
    targets.push([dir, s.url])
  }
  const floorDir = await buildFloor()
  const floor = await startPreviewServer({
    app: booted.app,
    events: booted.events,
    rendererDir: floorDir,
    bridge: false,
  })
  servers.push(floor)
  targets.push(['floor', `${floor.origin}/`])
  for (const [, url] of targets) await firstBalanceMs(browser, url) // Chromium's own warm-up
  const ms = new Map<string, number[]>(targets.map(([name]) => [name, []]))
  const homeMs = new Map<string, number[]>(targets.map(([name]) => [name, []]))
  // a new order each round (a load slows the next one), and a median of many: one build's median of
  // 15 loads moved by 30 ms between runs here, of 80 by a few (docs/architecture.md)
  for (let i = 0; i < runs; i++) {
    const order = targets.map((t) => [Math.random(), t] as const).sort((a, b) => a[0] - b[0])
    for (const [, [name, url]] of order) {
      const first = await firstBalanceMs(browser, url)
      ms.get(name)?.push(first.at)
      homeMs.get(name)?.push(first.home)
    }
  }
  const floorMs = median(ms.get('floor') ?? [])
  for (const [name, xs] of ms)
    console.log(
      `${name.padEnd(32)} ${median(xs).toFixed(1).padStart(7)} ms  ${(median(xs) / floorMs).toFixed(2)}× floor  (React's Home ${median(homeMs.get(name) ?? []).toFixed(1)} ms)`,
    )
} finally {
  for (const s of servers) await s.close()
  await booted.dispose()
  await sim.close()
  await browser.close()
}
