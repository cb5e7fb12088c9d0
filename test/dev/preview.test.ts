// The browser preview bridge: real createApp and router, the simulator over loopback, real HTTP to
// the bridge and real Chromium for the injected `window.wallet`.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from '@shared/errors'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type BootedApp, bootApp } from '../../dev/preview/boot'
import { bridgeScript } from '../../dev/preview/bridgeScript'
import { bridgeCarrier, injectBridge, type PreviewServer, startPreviewServer } from '../../dev/preview/server'
import { launchChromium } from '../e2e/harness'
import { type SimulatorHandle, startSimulator } from '../simulator/index'

// A stand-in renderer build: the same CSP meta as the real one, and a module script that records
// whether `window.wallet` existed before it ran.
const INDEX = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; connect-src 'self'">
<script type="module" src="./app.js"></script></head><body><div id="root"></div></body></html>`
const APP_JS = `window.sawWallet = typeof window.wallet; document.getElementById('root').textContent = 'ready'`
// A page with a classic script first, as the real renderer has (early.js): the bridge travels in it.
const CARRIED = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; connect-src 'self'">
<script type="module" src="./app.js"></script></head><body><div id="root"></div>
<script src="./first.js"></script></body></html>`
const FIRST_JS = `window.firstSawWallet = typeof window.wallet`

let sim: SimulatorHandle
let booted: BootedApp
let preview: PreviewServer
let dir: string
let routerCalls = 0

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  booted = await bootApp({ connect: { baseUrl: sim.url, apiKey: sim.keys.secret } })
  dir = await mkdtemp(join(tmpdir(), 'lt-preview-test-'))
  await writeFile(join(dir, 'index.html'), INDEX)
  await writeFile(join(dir, 'app.js'), APP_JS)
  await writeFile(join(dir, 'carried.html'), CARRIED)
  await writeFile(join(dir, 'first.js'), FIRST_JS)
  // Counts what reaches the real router, to prove refused requests never do.
  const router = booted.app.router
  const app = {
    router: {
      handle: (name: string, input: unknown, sender?: { trusted: boolean; url: string }) => {
        routerCalls++
        return router.handle(name as never, input, sender as never)
      },
    },
  }
  preview = await startPreviewServer({ app, events: booted.events, rendererDir: dir })
})

afterAll(async () => {
  await preview?.close()
  await booted?.dispose()
  await sim?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** A raw HTTP request, so the Host and Origin headers can be anything. */
function raw(opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  const { port } = new URL(preview.origin)
  return new Promise<{ status: number; body: string; type: string }>((done, reject) => {
    const req = request(
      { host: '127.0.0.1', port: Number(port), method: opts.method ?? 'GET', path: opts.path, headers: opts.headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c) => {
          body += c
        })
        res.on('end', () => done({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }))
      },
    )
    req.on('error', reject)
    req.end(opts.body)
  })
}

const hostHeader = () => new URL(preview.origin).host
const rpc = (name: string, input: unknown, headers: Record<string, string> = {}) =>
  raw({
    method: 'POST',
    path: `/__rpc/${name}`,
    headers: { host: hostHeader(), 'x-preview-token': preview.token, ...headers },
    body: input === undefined ? '' : JSON.stringify(input),
  })

describe('token', () => {
  test('the URL carries a 32-byte random token in its fragment only', () => {
    expect(preview.token).toMatch(/^[0-9a-f]{64}$/)
    expect(preview.url).toBe(`${preview.origin}/#token=${preview.token}`)
  })

  test('RPC without the token, or with a wrong one, is refused and never reaches the router', async () => {
    const before = routerCalls
    const none = await raw({ method: 'POST', path: '/__rpc/app.info', headers: { host: hostHeader() }, body: '{}' })
    const wrong = await rpc('app.info', {}, { 'x-preview-token': 'f'.repeat(64) })
    const short = await rpc('app.info', {}, { 'x-preview-token': preview.token.slice(1) })
    for (const res of [none, wrong, short]) {
      expect(res.status).toBe(403)
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(routerCalls).toBe(before)
  })

  test('the event stream without the token is refused', async () => {
    const res = await raw({ path: '/__events', headers: { host: hostHeader() } })
    expect(res.status).toBe(403)
    const wrong = await raw({ path: `/__events?token=${'0'.repeat(64)}`, headers: { host: hostHeader() } })
    expect(wrong.status).toBe(403)
  })
})

describe('origin checks', () => {
  test('a request whose Host is another name (DNS rebinding) is refused, even with the token', async () => {
    const before = routerCalls
    const { port } = new URL(preview.origin)
    const evil = await rpc('app.info', {}, { host: `evil.example:${port}` })
    const otherPort = await rpc('app.info', {}, { host: '127.0.0.1:1' })
    const page = await raw({ path: '/', headers: { host: `evil.example:${port}` } })
    for (const res of [evil, otherPort, page]) expect(res.status).toBe(403)
    expect(routerCalls).toBe(before)
  })

  test('a cross-origin page cannot call, even with the token', async () => {
    const before = routerCalls
    const res = await rpc('app.info', {}, { origin: 'http://evil.example' })
    const site = await rpc('app.info', {}, { 'sec-fetch-site': 'cross-site' })
    expect(res.status).toBe(403)
    expect(site.status).toBe(403)
    expect(routerCalls).toBe(before)
  })

  test('localhost and the same origin are accepted', async () => {
    const { port } = new URL(preview.origin)
    const res = await rpc('app.info', {}, { host: `localhost:${port}`, origin: `http://localhost:${port}` })
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { preview: true } })
  })
})

describe('router results', () => {
  test('an operation returns the router’s value in the Result envelope', async () => {
    const res = await rpc('wallets.list', {})
    const body = JSON.parse(res.body) as Result<{ wallets: Array<{ id: string }> }>
    expect(body.ok).toBe(true)
    if (body.ok) expect(body.value.wallets.map((w) => w.id)).toEqual(sim.keys.wallets.map((w) => w.id))
  })

  test('invalid input comes back as a typed error envelope from the router', async () => {
    const res = await rpc('transactions.page', { walletId: 'x', page: 0, perPage: 'ten' })
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'invalid_input', retryable: false } })
  })

  test('a service error comes back as a typed error envelope', async () => {
    const res = await rpc('lntx.get', { id: 'no-such-lntx' })
    const body = JSON.parse(res.body) as Result<unknown>
    expect(body.ok).toBe(false)
    if (!body.ok) {
      expect(['not_found', 'unauthorized']).toContain(body.error.code)
      expect(body.error.message.length).toBeGreaterThan(0)
    }
  })

  test('an unknown operation is a typed error and does not reach the router', async () => {
    const before = routerCalls
    const res = await rpc('wallet.steal', {})
    expect(res.status).toBe(404)
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(routerCalls).toBe(before)
  })

  test('a body that is not JSON is a typed error', async () => {
    const res = await raw({
      method: 'POST',
      path: '/__rpc/app.info',
      headers: { host: hostHeader(), 'x-preview-token': preview.token },
      body: '{not json',
    })
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  test('a body over 1 MiB is refused', async () => {
    const res = await rpc('lnurl.probe', { address: 'a'.repeat(1024 * 1024 + 10) })
    expect(res.status).toBe(413)
  })
})

describe('app.info', () => {
  test("the preview says package.json's version, the one Electron's app.getVersion() reads", async () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/)
    const r = await booted.app.router.handle('app.info', {})
    if (!r.ok) throw new Error(r.error.message)
    expect((r.value as { version: string }).version).toBe(pkg.version)
  })
})

describe('static files', () => {
  test('index.html gets the bridge script before the app’s module script', async () => {
    const res = await raw({ path: '/', headers: { host: hostHeader() } })
    expect(res.status).toBe(200)
    const bridgeAt = res.body.indexOf('<script src="/__bridge.js"></script>')
    expect(bridgeAt).toBeGreaterThan(0)
    expect(bridgeAt).toBeLessThan(res.body.indexOf('<script type="module"'))
  })

  test('paths outside the renderer folder are not served', async () => {
    const res = await raw({ path: '/../../../../etc/passwd', headers: { host: hostHeader() } })
    expect(res.body).not.toContain('root:')
    const encoded = await raw({ path: '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', headers: { host: hostHeader() } })
    expect(encoded.body).not.toContain('root:')
  })

  test('a page with a classic script carries the bridge in it, not in a script of its own', async () => {
    const page = await raw({ path: '/carried.html', headers: { host: hostHeader() } })
    expect(page.status).toBe(200)
    expect(page.body).not.toContain('__bridge.js')
    const first = await raw({ path: '/first.js', headers: { host: hostHeader() } })
    expect(first.body.startsWith(`${bridgeScript};\n`)).toBe(true)
    expect(first.body.endsWith(FIRST_JS)).toBe(true)
    // other scripts come as they are
    expect((await raw({ path: '/app.js', headers: { host: hostHeader() } })).body).toBe(APP_JS)
  })

  test('bridgeCarrier finds the first classic script, never a module', () => {
    expect(bridgeCarrier(CARRIED)).toBe('./first.js')
    expect(bridgeCarrier(INDEX)).toBeNull()
    expect(bridgeCarrier(`<script type='module' src="/m.js"></script><script defer src="/c.js"></script>`)).toBe(
      '/c.js',
    )
  })

  test('injectBridge falls back to </head> when a page has no script', () => {
    expect(injectBridge('<html><head></head></html>')).toBe(
      '<html><head><script src="/__bridge.js"></script>\n</head></html>',
    )
  })
})

describe('events', () => {
  test('events emitted by the app reach every open stream', async () => {
    const { port } = new URL(preview.origin)
    const got = new Promise<string>((done, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: Number(port),
          path: `/__events?token=${preview.token}`,
          headers: { host: hostHeader() },
        },
        (res) => {
          expect(res.statusCode).toBe(200)
          expect(res.headers['content-type']).toContain('text/event-stream')
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => {
            text += c
            if (text.includes('"notice"')) {
              done(text)
              req.destroy()
            }
          })
          // the stream is open once the first bytes arrive: now emit
          res.once('data', () => booted.events.emit('notice', { level: 'info', message: 'hello' }))
        },
      )
      req.on('error', reject)
      req.end()
    })
    const text = await got
    const line = text.split('\n').find((l) => l.startsWith('data: '))
    expect(JSON.parse(line!.slice(6))).toEqual({ name: 'notice', payload: { level: 'info', message: 'hello' } })
  })
})

/** A new page whose console errors and uncaught errors are collected. */
async function pageWithProblems(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage()
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return { page, problems }
}

describe('in Chromium', () => {
  test('window.wallet exists before the app runs, calls the router and receives events, under the CSP', async () => {
    const browser = await launchChromium()
    try {
      const { page, problems } = await pageWithProblems(browser)
      await page.goto(preview.url)
      await page.waitForFunction(() => document.getElementById('root')?.textContent === 'ready')
      expect(await page.evaluate(() => (window as unknown as { sawWallet: string }).sawWallet)).toBe('object')
      // the token left the address bar (the app's routing sees a clean URL)
      expect(await page.evaluate(() => location.hash)).toBe('')

      const info = await page.evaluate(() => window.wallet.invoke('app.info', {}))
      expect(info).toMatchObject({ ok: true, value: { preview: true } })
      const bad = await page.evaluate(() => window.wallet.invoke('wallets.get', { walletId: '' }))
      expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } })

      await page.evaluate(() => {
        const w = window as unknown as { seen: unknown[] }
        w.seen = []
        window.wallet.on('notice', (p) => w.seen.push(p))
      })
      // The EventSource opens asynchronously: emit until the page has seen one.
      await expect
        .poll(async () => {
          booted.events.emit('notice', { level: 'warning', message: 'from main' })
          return page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length)
        })
        .toBeGreaterThan(0)
      expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen[0])).toEqual({
        level: 'warning',
        message: 'from main',
      })

      // window.wallet cannot be replaced by page script
      const replaced = await page.evaluate(() => {
        try {
          ;(window as unknown as { wallet: unknown }).wallet = null
        } catch {}
        return typeof window.wallet.invoke
      })
      expect(replaced).toBe('function')

      // a reload keeps working (the token was kept for this tab)
      await page.reload()
      await page.waitForFunction(() => document.getElementById('root')?.textContent === 'ready')
      expect(await page.evaluate(() => window.wallet.invoke('app.info', {}))).toMatchObject({ ok: true })
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  })

  test('carried in the first classic script, window.wallet exists for it and for the app, under the CSP', async () => {
    const browser = await launchChromium()
    try {
      const { page, problems } = await pageWithProblems(browser)
      await page.goto(`${preview.origin}/carried.html#token=${preview.token}`)
      await page.waitForFunction(() => document.getElementById('root')?.textContent === 'ready')
      const saw = await page.evaluate(() => {
        const w = window as unknown as { firstSawWallet: string; sawWallet: string }
        return [w.firstSawWallet, w.sawWallet]
      })
      expect(saw).toEqual(['object', 'object'])
      expect(await page.evaluate(() => window.wallet.invoke('app.info', {}))).toMatchObject({ ok: true })
      expect(await page.evaluate(() => location.hash)).toBe('')
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  })

  test('a page opened without the token gets forbidden envelopes', async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.goto(preview.origin)
      await page.waitForFunction(() => document.getElementById('root')?.textContent === 'ready')
      const res = await page.evaluate(() => window.wallet.invoke('app.info', {}))
      expect(res).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    } finally {
      await browser.close()
    }
  })
})
