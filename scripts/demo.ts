// `npm run demo`: the simulator with the demo seed and the app connected to it. Electron when its
// binary is on this machine (or can be fetched now); otherwise the same app as
// a browser preview. `npm run demo:web` (--web) always serves the preview. `--flavor lnbits`: the
// simulator speaks LNbits' API and the app holds an LNbits account with the demo wallets' admin keys.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { type BootedApp, bootApp } from '../dev/preview/boot'
import { type PreviewServer, startPreviewServer } from '../dev/preview/server'
import { type SimulatorHandle, startSimulator } from '../test/simulator/index'
import { startPriceSource } from '../test/simulator/priceSource'
import { assertRendererBuilt, ensureBuilt, ROOT } from './lib/build'

/** the browser preview has no save dialog: voucher sheets land here */
const SAVE_DIR = join(tmpdir(), 'lightning-tray-demo-sheets')

const { values: args } = parseArgs({
  options: {
    web: { type: 'boolean', default: false },
    'sim-port': { type: 'string', default: '4100' },
    port: { type: 'string', default: '0' },
    /** use the existing build as it is (tests): fail if there is none */
    'no-build': { type: 'boolean', default: false },
    /** `service` (the wallet service's API) or `lnbits` (an LNbits server's) */
    flavor: { type: 'string', default: 'service' },
  },
})
if (args.flavor !== 'service' && args.flavor !== 'lnbits') {
  console.error(`demo: --flavor must be service or lnbits (got ${args.flavor})`)
  process.exit(2)
}
const flavor = args.flavor as 'service' | 'lnbits'

/**
 * The Electron binary's path, or null when it is not on this machine. Electron (since 42) fetches
 * its binary on first use rather than at install; `require('electron')` would start that download
 * with its own noisy output, so look where it would: path.txt names the binary in dist/, or in
 * ELECTRON_OVERRIDE_DIST_PATH when that is set (as electron's own index.js reads them).
 */
function electronBinary(): string | null {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
    const pathFile = join(dir, 'path.txt')
    const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : ''
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
    const full = override ? join(override, name || 'electron') : name ? join(dir, 'dist', name) : null
    return full && existsSync(full) ? full : null
  } catch {
    return null
  }
}

/**
 * Electron's own installer gets one quiet try at fetching the binary, so a machine that can
 * download it runs the real app; where the download is blocked the demo falls back to the preview.
 */
function tryInstallElectron(): string | null {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return null
  try {
    const installer = createRequire(import.meta.url).resolve('electron/install.js')
    spawnSync(process.execPath, [installer], { stdio: 'ignore', timeout: 120_000 })
  } catch {
    return null
  }
  return electronBinary()
}

async function startSim(preferredPort: number): Promise<SimulatorHandle> {
  try {
    return await startSimulator({ port: preferredPort, seed: 'demo', flavor })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err
    return startSimulator({ port: 0, seed: 'demo', flavor })
  }
}

/** Where the demo's account lives and its keys (the local simulator's demo keys, fake money). */
function accountLines(sim: SimulatorHandle): string[] {
  if (flavor === 'service') {
    return [`Simulator: ${sim.url}  (API key: ${sim.keys.secret}, a demo key of the local simulator)`]
  }
  return [
    `LNbits: ${sim.url}  (the local simulator in LNbits' API; the app holds each wallet's admin key)`,
    ...sim.lnbits.map((w) => `wallet=${w.id} name="${w.name}" adminkey=${w.adminkey} inkey=${w.inkey}`),
  ]
}

const closers: Array<() => Promise<unknown>> = []
let closing: Promise<never> | null = null
/** Closes everything once, however many signals arrive (Ctrl-C reaches npm, tsx and this process). */
function closeAll(code: number): Promise<never> {
  closing ??= (async () => {
    for (const close of closers.reverse()) await close().catch(() => {})
    process.exit(code)
  })()
  return closing
}
process.on('SIGINT', () => void closeAll(0))
process.on('SIGTERM', () => void closeAll(0))

async function main(): Promise<void> {
  const sim = await startSim(Number(args['sim-port']))
  closers.push(() => sim.close())
  // prices on loopback too: the demo shows amounts in USD without asking the internet
  const prices = await startPriceSource()
  closers.push(() => prices.close())
  // something to pay and something to claim, from parties outside the demo's wallets
  const payee = sim.control.outside.payee({ amountSat: 2_100, memo: 'Demo: a coffee' })
  const voucher = sim.control.outside.voucher({ maxSat: 5_000, minSat: 1, description: 'Demo: a voucher to claim' })
  const simLines = [
    ...accountLines(sim),
    `Prices: ${prices.liveUrl} (a local price source; Settings → Prices)`,
    `Something to pay (2,100 sats; Send, paste it): ${payee.payment_request}`,
    `Something to claim (up to 5,000 sats; Send, paste it): ${voucher.lnurl}`,
  ]

  const electron = args.web ? null : (electronBinary() ?? tryInstallElectron())
  if (electron) {
    ensureBuilt(['main', 'renderer'])
    for (const line of simLines) console.log(line)
    const child = spawn(electron, ['.'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        LT_DEMO_BASE_URL: sim.url,
        ...(flavor === 'lnbits'
          ? { LT_DEMO_LNBITS_KEYS: sim.lnbits.map((w) => w.adminkey).join(',') }
          : { LT_DEMO_API_KEY: sim.keys.secret }),
        LT_DEMO_RATE_URL: prices.liveUrl,
        LT_DEMO_RATE_HISTORY_URL: prices.historyUrl,
      },
    })
    closers.push(async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
    })
    child.on('exit', (code) => void closeAll(code ?? 0))
    return
  }

  if (!args.web) {
    console.log(
      'Electron is not installed on this machine (its binary could not be downloaded); serving the same app as a browser preview instead.',
    )
  }
  if (args['no-build']) assertRendererBuilt()
  else ensureBuilt(['renderer'])
  const booted: BootedApp = await bootApp({
    secretStore: 'memory',
    connect:
      flavor === 'lnbits'
        ? { baseUrl: sim.url, lnbitsKeys: sim.lnbits.map((w) => w.adminkey), label: 'Demo (LNbits simulator)' }
        : { baseUrl: sim.url, apiKey: sim.keys.secret, label: 'Demo (simulator)' },
    rateSource: prices.liveUrl,
    historySource: prices.historyUrl,
    // main's own (redacted) log lines, to stderr as in the Electron app
    logSink: (line) => process.stderr.write(`${line}\n`),
    // kept after the demo ends, unlike its userData
    saveDir: SAVE_DIR,
  })
  closers.push(() => booted.dispose())
  const preview: PreviewServer = await startPreviewServer({
    app: booted.app,
    events: booted.events,
    port: Number(args.port),
  })
  closers.push(() => preview.close())
  console.log(`Open the app: ${preview.url}`)
  console.log(`Voucher sheets are saved in ${SAVE_DIR}`)
  for (const line of simLines) console.log(line)
  console.log('Press Ctrl-C to stop.')
}

main().catch((err) => {
  console.error(`demo: ${err instanceof Error ? err.message : String(err)}`)
  void closeAll(1)
})
