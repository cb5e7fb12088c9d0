/// <reference lib="dom" />
// End-to-end harness: the production renderer build in Debian's Chromium, its `window.wallet`
// carried by the preview bridge to the same router and services main uses, running in this test
// process against the simulator over loopback.
import { existsSync } from 'node:fs'
import jsQR from 'jsqr'
import { type Browser, chromium, type Page } from 'playwright-core'
import { type BootedApp, bootApp } from '../../dev/preview/boot'
import { type PreviewServer, startPreviewServer } from '../../dev/preview/server'
import { assertRendererBuilt, RENDERER_DIR } from '../../scripts/lib/build'
import { type SimulatorHandle, startSimulator } from '../simulator/index'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not at ${CHROMIUM_PATH}. Install it: apt-get install -y chromium`)
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] })
}

export interface OpenAppOptions {
  seed?: 'demo' | 'empty' | 'large'
  /** default true: the simulator's account is connected before the page opens */
  connect?: boolean
  /** default 'memory'; 'keychain' uses the real keytar store (run under scripts/with-keyring.sh) */
  secretStore?: 'memory' | 'keychain'
  theme?: 'light' | 'dark'
  viewport?: { width: number; height: number }
  /** path inside the app to open, default '/' */
  path?: string
  /** a fiat price source (a loopback server); none by default */
  rateSource?: string
  /** the price history source and the least time between two of its requests (docs/rates.md) */
  historySource?: { url: string; gapMs: number }
  /** main's userData folder, prepared by the test (left in place by close()); a fresh one by default */
  userDataDir?: string
  /** a browser to open the page in (left open by close()); a new one by default */
  browser?: Browser
  /** a clipboard main reads when `booted.app.windowShown()` is called */
  clipboard?: { readText(): string | Promise<string> }
  /** the computer's clock this far off the true one, in main and in the page alike (the simulator keeps the true time) */
  clockOffsetMs?: number
  /** where saved files go (and the open dialog looks); `saved` in userData by default */
  saveDir?: string
  /** scrypt's cost for backups made here */
  backupCost?: { logN: number; r: number; p: number }
  /** the app's passphrase (the lock's service; a test stand-in until it is merged) */
  passphrase?: import('../../electron/main/services/spending').PassphraseCheck
  /** the simulator's lightning addresses (`…@sim.example`) reached at its loopback server by main itself */
  simAddresses?: boolean
  /** the simulator's API: the wallet service's (default) or LNbits'; an LNbits one is never connected beforehand */
  flavor?: 'service' | 'lnbits'
}

export interface OpenedApp {
  page: Page
  browser: Browser
  sim: SimulatorHandle
  /** createApp's result (router, services) */
  app: BootedApp['app']
  /** createApp with its event hub, notifications shown and userData dir */
  booted: BootedApp
  preview: PreviewServer
  /** console errors and uncaught page errors seen so far */
  pageErrors: string[]
  /**
   * Resolves once the page has run the effects of what it shows, every call it made to main is
   * answered and main's background work is done: a read a screen makes when it opens has reached
   * the simulator by then. A test that must see that nothing was asked waits for this, not a time.
   */
  settled(): Promise<void>
  close(): Promise<void>
}

/**
 * Counts the page's calls to main in flight (the preview bridge's fetches to /__rpc/), for
 * settled(). A string, as the timer probe: no helper of this file's build reaches the page.
 */
const CALLS_PROBE = `(() => {
  const real = window.fetch.bind(window)
  let inFlight = 0
  window.__callsInFlight = () => inFlight
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!new URL(url, location.href).pathname.startsWith('/__rpc/')) return real(input, init)
    inFlight++
    return real(input, init).finally(() => { inFlight-- })
  }
})()`
/** two frames: what the last render scheduled (effects, their calls) has run */
const TWO_FRAMES = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))))'

async function settledPage(page: Page, app: BootedApp['app'], timeoutMs = 30_000): Promise<void> {
  const end = performance.now() + timeoutMs
  const calls = () => page.evaluate('window.__callsInFlight()') as Promise<number>
  for (;;) {
    await page.evaluate(TWO_FRAMES)
    if ((await calls()) === 0) {
      await app.idle()
      // nothing new began while main finished: what the page showed was answered in full
      await page.evaluate(TWO_FRAMES)
      if ((await calls()) === 0) return
    }
    if (performance.now() > end) throw new Error(`the page still had calls to main in flight after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export async function openApp(opts: OpenAppOptions = {}): Promise<OpenedApp> {
  assertRendererBuilt()
  const closers: Array<() => Promise<unknown>> = []
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => {})
    closers.length = 0
  }
  try {
    const sim = await startSimulator({ seed: opts.seed ?? 'demo', flavor: opts.flavor })
    closers.push(() => sim.close())
    const booted = await bootApp({
      secretStore: opts.secretStore ?? 'memory',
      connect:
        opts.connect === false || opts.flavor === 'lnbits' ? undefined : { baseUrl: sim.url, apiKey: sim.keys.secret },
      rateSource: opts.rateSource,
      historySource: opts.historySource?.url,
      historyGapMs: opts.historySource?.gapMs,
      clipboard: opts.clipboard,
      userDataDir: opts.userDataDir,
      ...(opts.clockOffsetMs ? { now: () => Date.now() + (opts.clockOffsetMs as number) } : {}),
      saveDir: opts.saveDir,
      backupCost: opts.backupCost,
      passphrase: opts.passphrase,
      ...(opts.simAddresses ? { addressOrigins: { 'sim.example': sim.url } } : {}),
    })
    closers.push(() => booted.dispose())
    const preview = await startPreviewServer({ app: booted.app, events: booted.events, rendererDir: RENDERER_DIR })
    closers.push(() => preview.close())
    const browser = opts.browser ?? (await launchChromium())
    if (!opts.browser) closers.push(() => browser.close())
    const context = await browser.newContext({
      viewport: opts.viewport ?? { width: 420, height: 720 },
      colorScheme: opts.theme ?? 'light',
    })
    closers.push(() => context.close())
    // the page's Date on the same wrong clock as main's; its timers keep running
    if (opts.clockOffsetMs) await context.clock.install({ time: Date.now() + opts.clockOffsetMs })
    await context.addInitScript(CALLS_PROBE)
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (err) => pageErrors.push(err.message))
    page.on('console', (msg) => {
      if (msg.type() === 'error') pageErrors.push(msg.text())
    })
    const path = opts.path ?? '/'
    await page.goto(`${preview.origin}${path}#token=${preview.token}`)
    const settled = () => settledPage(page, booted.app)
    return { page, browser, sim, app: booted.app, booted, preview, pageErrors, settled, close }
  } catch (err) {
    await close()
    throw err
  }
}

/**
 * Reads the QR code shown by `selector` the way a phone would: a screenshot of the element,
 * decoded with jsQR. The PNG is turned into pixels by Chromium in a blank page (no new deps).
 */
export async function readQrFromPage(page: Page, selector: string): Promise<string> {
  const png = await page.locator(selector).first().screenshot()
  const scratch = await page.context().newPage()
  try {
    const { width, height, rgba } = await scratch.evaluate(async (b64) => {
      const img = new Image()
      img.src = `data:image/png;base64,${b64}`
      await img.decode()
      // a white quiet zone around the element, in case it was cropped tight
      const pad = 16
      const canvas = document.createElement('canvas')
      canvas.width = img.width + 2 * pad
      canvas.height = img.height + 2 * pad
      const ctx = canvas.getContext('2d')
      if (!ctx) throw new Error('no 2d canvas')
      ctx.fillStyle = '#fff'
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      ctx.drawImage(img, pad, pad)
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data
      let bin = ''
      for (let i = 0; i < data.length; i += 0x8000) bin += String.fromCharCode(...data.subarray(i, i + 0x8000))
      return { width: canvas.width, height: canvas.height, rgba: btoa(bin) }
    }, png.toString('base64'))
    const pixels = new Uint8ClampedArray(Buffer.from(rgba, 'base64'))
    const code = jsQR(pixels, width, height, { inversionAttempts: 'attemptBoth' })
    if (!code) throw new Error(`No QR code could be read from ${selector}`)
    return code.data
  } finally {
    await scratch.close()
  }
}

export { assertRendererBuilt, RENDERER_DIR }
