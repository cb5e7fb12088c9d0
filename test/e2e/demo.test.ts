// `npm run demo` where the Electron binary is missing: one clear line, then the browser preview
// serving the app connected to the simulator; Ctrl-C closes everything.
import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { parsePaymentInput } from '@shared/payment/parse'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bridgeScript } from '../../dev/preview/bridgeScript'
import { WalletList } from '../../electron/main/services/backends/service/schemas'
import { assertRendererBuilt } from './harness'

const ROOT = resolve(import.meta.dirname, '../..')
const NO_ELECTRON =
  'Electron is not installed on this machine (its binary could not be downloaded); serving the same app as a browser preview instead.'

let emptyDist: string

interface Demo {
  child: ChildProcessByStdio<null, Readable, Readable>
  output(): string
  /** Waits until the demo has printed a line matching `re`. */
  waitFor(re: RegExp, ms?: number): Promise<RegExpMatchArray>
}
const demos: Demo[] = []

/** `npm run demo` with these arguments, where Electron's binary is missing. */
function startDemo(extra: string[] = []): Demo {
  // tsx itself (not npx, which does not pass Ctrl-C on), as `npm run demo` runs it
  const child = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['--tsconfig', 'tsconfig.node.json', 'scripts/demo.ts', '--sim-port', '0', '--no-build', ...extra],
    {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: emptyDist, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.setEncoding('utf8')
  child.stderr.setEncoding('utf8')
  child.stdout.on('data', (c: string) => {
    output += c
  })
  child.stderr.on('data', (c: string) => {
    output += c
  })
  const waitFor = (re: RegExp, ms = 60_000) =>
    new Promise<RegExpMatchArray>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`demo never printed ${re}; it printed:\n${output}`)), ms)
      const check = () => {
        const m = output.match(re)
        if (m) {
          clearTimeout(timer)
          child.stdout.off('data', check)
          done(m)
        }
      }
      child.stdout.on('data', check)
      check()
    })
  const demo = { child, output: () => output, waitFor }
  demos.push(demo)
  return demo
}

let first: Demo

beforeAll(async () => {
  assertRendererBuilt()
  // An Electron package whose binary is missing, as after ELECTRON_SKIP_BINARY_DOWNLOAD, on any machine.
  emptyDist = await mkdtemp(join(tmpdir(), 'lt-no-electron-'))
  first = startDemo()
})

afterAll(async () => {
  for (const d of demos) if (d.child.exitCode === null) d.child.kill('SIGKILL')
  if (emptyDist) await rm(emptyDist, { recursive: true, force: true })
})

test('without the Electron binary the demo says so in one line and serves the preview, connected to the simulator', async () => {
  const { child, waitFor } = first
  const [, appUrl] = await waitFor(/Open the app: (http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64})/)
  const [, simUrl, key] = await waitFor(/Simulator: (http:\/\/127\.0\.0\.1:\d+) +\(API key: (sak_\w+)/)
  const lines = first.output().split('\n')
  expect(lines.filter((l) => l === NO_ELECTRON)).toHaveLength(1)

  const { origin, hash } = new URL(appUrl!)
  const token = hash.slice('#token='.length)
  const page = await fetch(origin)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<script src="./early.js"></script>')
  // the bridge travels at the head of the page's first classic script (dev/preview/server.ts)
  const early = await fetch(`${origin}/early.js`).then((r) => r.text())
  expect(early.startsWith(bridgeScript)).toBe(true)
  // the first screen's four reads, sent by the built early script (renderer/src/early, minified)
  expect(early).toContain('window.wallet.invoke(')
  for (const op of ['lock.status', 'settings.get', 'accounts.list', 'wallets.list']) expect(early).toContain(op)

  // the preview's app is connected to the printed simulator with the printed key
  const viaApp = await fetch(`${origin}/__rpc/wallets.list`, {
    method: 'POST',
    headers: { 'x-preview-token': token },
    body: '{}',
  }).then((r) => r.json())
  const direct = WalletList.parse(
    await fetch(`${simUrl}/v1/wallets`, { headers: { 'X-Api-Key': key! } }).then((r) => r.json()),
  )
  expect(viaApp.ok).toBe(true)
  expect(viaApp.value.wallets.map((w: { id: string }) => w.id)).toEqual(direct.map((w) => w.id))

  // a price source on loopback: the app shows prices without the internet, and names the host
  const [, priceUrl] = await waitFor(/Prices: (http:\/\/127\.0\.0\.1:\d+\/\S+)/)
  const rpc = (name: string) =>
    fetch(`${origin}/__rpc/${name}`, { method: 'POST', headers: { 'x-preview-token': token }, body: '{}' }).then((r) =>
      r.json(),
    )
  // until the first price is in: its fetch takes what the machine gives it (5 s was too little on a busy one)
  let rates = await rpc('rates.get')
  const status = async () => {
    rates = await rpc('rates.get')
    return rates.value?.status
  }
  await expect.poll(status, { timeout: 60_000, interval: 100 }).toBe('fresh')
  expect(rates.value).toMatchObject({ status: 'fresh', host: new URL(priceUrl!).host, currency: 'USD' })
  expect(rates.value.satPrice).toBeGreaterThan(0)
  // something to pay and something to claim, each one the app's own parser reads as such
  const [, toPay] = await waitFor(/Something to pay [^:]*: (\S+)/)
  const [, toClaim] = await waitFor(/Something to claim [^:]*: (\S+)/)
  expect(parsePaymentInput(toPay!)).toMatchObject({ kind: 'bolt11' })
  expect(parsePaymentInput(toClaim!)).toMatchObject({ kind: 'lnurl' })

  // Ctrl-C: the process ends and both servers are gone
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  child.kill('SIGINT')
  expect(await exited).toBe(0)
  await expect(fetch(origin)).rejects.toThrow()
  await expect(fetch(`${simUrl}/v1/wallets`)).rejects.toThrow()
})

test('--flavor lnbits: the LNbits simulator, and the app holding an LNbits account of its demo wallets', async () => {
  const demo = startDemo(['--flavor', 'lnbits'])
  const [, appUrl] = await demo.waitFor(/Open the app: (http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64})/)
  const [, simUrl] = await demo.waitFor(/^LNbits: (http:\/\/127\.0\.0\.1:\d+)/m)
  await demo.waitFor(/Press Ctrl-C to stop\./)
  const printed = [
    ...demo.output().matchAll(/^wallet=(\w+) name="[^"]*" adminkey=([0-9a-f]{32}) inkey=([0-9a-f]{32})$/gm),
  ]
  expect(printed.length).toBeGreaterThanOrEqual(2)
  const { origin, hash } = new URL(appUrl!)
  const rpc = (name: string) =>
    fetch(`${origin}/__rpc/${name}`, {
      method: 'POST',
      headers: { 'x-preview-token': hash.slice('#token='.length) },
      body: '{}',
    }).then((r) => r.json())
  const accounts = await rpc('accounts.list')
  expect(accounts.value.accounts.map((a: { kind: string }) => a.kind)).toEqual(['lnbits'])
  // every printed wallet, as LNbits itself answers its admin key, is one of the app's wallets
  const viaApp = await rpc('wallets.list')
  expect(viaApp.ok).toBe(true)
  const direct = await Promise.all(
    printed.map(async ([, , adminkey]) => {
      const w = (await (await fetch(`${simUrl}/api/v1/wallet`, { headers: { 'X-Api-Key': adminkey! } })).json()) as {
        id: string
      }
      return w.id
    }),
  )
  expect(direct).toEqual(printed.map(([, id]) => id))
  expect(viaApp.value.wallets.map((w: { id: string }) => w.id)).toEqual(direct)
  // Ctrl-C once the first history load is done: tsx gives a busy child 30 ms to take the signal
  // before it kills it (exit 130), and this start is the demo's busiest moment
  await demo.waitFor(/memory: released after a history load/)
  const exited = new Promise<number | null>((done) => demo.child.once('exit', (code) => done(code)))
  demo.child.kill('SIGINT')
  expect(await exited).toBe(0)
  await expect(fetch(`${simUrl}/api/v1/wallet`)).rejects.toThrow()
})
