// Journey: the OS keychain does not answer → the app says so plainly and offers to keep the key in
// memory for this session only → the person accepts → connected, and nothing was written to disk.
// The app side runs in a child process whose D-Bus session address points nowhere (and with no
// keyring daemon), so the REAL keytar store fails as on a machine without a Secret Service; this
// test process keeps the working keyring of scripts/with-keyring.sh, to show it was the bus.
import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { formatMsat } from '@shared/units'
import keytar from 'keytar'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TOKEN_HEADER } from '../../dev/preview/bridgeScript'
import { type SimulatorHandle, startSimulator } from '../simulator/index'
import { assertRendererBuilt, launchChromium } from './harness'
import { navTo, waitVisible } from './journeys/support'

const ROOT = resolve(import.meta.dirname, '../..')
const NO_BUS = 'unix:path=/nonexistent/bus'

interface ChildInfo {
  url: string
  origin: string
  token: string
  keychainService: string
  dbus: string | null
}

let sim: SimulatorHandle
let userDataDir: string
let runtimeDir: string
let child: ChildProcessByStdio<null, Readable, Readable>
let stdout = ''
let stderr = ''
let info: ChildInfo
let browser: Browser
let page: Page
const pageErrors: string[] = []

/** Resolves with the child's JSON line, or fails with what it printed. */
function childReady(ms = 30_000): Promise<ChildInfo> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the app child never got ready:\n${stdout}\n${stderr}`)), ms)
    const check = () => {
      const line = stdout.split('\n').find((l) => l.startsWith('{'))
      if (!line) return
      clearTimeout(timer)
      child.stdout.off('data', check)
      done(JSON.parse(line) as ChildInfo)
    }
    child.stdout.on('data', check)
    child.once('exit', (code) => fail(new Error(`the app child exited (${code}):\n${stdout}\n${stderr}`)))
  })
}

/** The child's router, called over the preview bridge as the page calls it. */
async function rpc(name: string, input: unknown = {}) {
  const res = await fetch(`${info.origin}/__rpc/${name}`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: info.token, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields it then asserts on
  return (await res.json()) as { ok: boolean; value?: any; error?: { code: string; message: string } }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

beforeAll(async () => {
  assertRendererBuilt()
  sim = await startSimulator({ seed: 'demo' })
  userDataDir = await mkdtemp(join(tmpdir(), 'lt-keychain-down-data-'))
  runtimeDir = await mkdtemp(join(tmpdir(), 'lt-keychain-down-run-'))
  // Everything of this process's environment except the way to the keyring: the bus address
  // points at nothing, and the keyring daemon's variables are gone.
  const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: NO_BUS, XDG_RUNTIME_DIR: runtimeDir }
  for (const name of ['GNOME_KEYRING_CONTROL', 'GNOME_KEYRING_PID', 'SSH_AUTH_SOCK', 'LT_WITH_KEYRING'])
    delete env[name]
  // tsx itself (as `npx tsx` runs it), so the SIGTERM at the end reaches the app process
  child = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['--tsconfig', 'tsconfig.node.json', 'test/e2e/fixtures/keychain-down-child.ts', userDataDir],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout.setEncoding('utf8')
  child.stderr.setEncoding('utf8')
  child.stdout.on('data', (c: string) => {
    stdout += c
  })
  child.stderr.on('data', (c: string) => {
    stderr += c
  })
  info = await childReady()
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 420, height: 720 }, colorScheme: 'light' })
  page = await context.newPage()
  page.on('pageerror', (err) => pageErrors.push(err.message))
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(msg.text())
  })
  await page.goto(info.url)
})

afterAll(async () => {
  await browser?.close().catch(() => {})
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  await sim?.close()
  if (info?.keychainService) {
    for (const c of await keytar.findCredentials(info.keychainService)) {
      await keytar.deletePassword(info.keychainService, c.account)
    }
  }
  for (const dir of [userDataDir, runtimeDir]) if (dir) await rm(dir, { recursive: true, force: true })
})

test('the app runs without a keychain: the child has no bus, this process has a working keyring', async () => {
  expect(info.dbus).toBe(NO_BUS)
  // the keyring answers here (an empty list, not an error), so the child's failure is its missing bus
  expect(await keytar.findCredentials(info.keychainService)).toEqual([])
  const appInfo = await rpc('app.info')
  expect(appInfo).toMatchObject({ ok: true, value: { keychain: 'unavailable' } })
  expect(await rpc('accounts.list')).toMatchObject({ ok: true, value: { accounts: [], activeId: null } })
  await waitVisible(page, 'Connect your wallet service')
})

test('Test connection shows the wallets the service holds', async () => {
  await page.getByLabel('Service address').fill(sim.url)
  await page.getByLabel('API key').fill(sim.keys.secret)
  await page.getByRole('button', { name: 'Test connection' }).click()
  const wallets = sim.keys.wallets
  await waitVisible(page, `${wallets.length} wallets found`)
  const found = page.getByRole('status')
  for (const w of wallets) {
    await expect.poll(() => found.textContent()).toContain(`${w.label}: ${formatMsat(sim.control.balanceMsat(w.id))}`)
  }
})

test('Save: the keychain does not answer, the app says so and offers memory for this session only', async () => {
  const offer = page.getByRole('button', { name: 'Keep the key in memory for this session' })
  const keychainAlert = page
    .getByRole('alert')
    .filter({ hasText: /keychain/ })
    .first()
  // the app checked the keychain at start, so the screen does not promise to keep the key there
  expect(await page.getByText('The key is kept in your system keychain').count()).toBe(0)
  expect(await keychainAlert.textContent()).toMatch(/system keychain is not available/)

  await page.getByRole('button', { name: 'Save and connect' }).click()
  // the refusal comes from keytar itself: main's message, and the way on has the focus
  await expect.poll(() => keychainAlert.textContent(), { timeout: 15_000 }).toMatch(/keychain did not answer/)
  const text = (await keychainAlert.textContent()) ?? ''
  expect(text).toMatch(/in memory for this session only/)
  expect(text).not.toContain(sim.keys.secret)
  await expect.poll(() => offer.evaluate((el) => el === document.activeElement)).toBe(true)
  expect(await offer.isEnabled()).toBe(true)
  // nothing was connected: still on onboarding, no account
  expect(await page.getByText('Connect your wallet service').first().isVisible()).toBe(true)
  expect(await rpc('accounts.list')).toMatchObject({ ok: true, value: { accounts: [] } })
})

test('accepting connects: Home shows the wallets with the balances the service holds', async () => {
  await page.getByRole('button', { name: 'Keep the key in memory for this session' }).click()
  await waitVisible(page, /^Total/)
  let total = 0
  for (const w of sim.keys.wallets) {
    const msat = sim.control.balanceMsat(w.id)
    total += msat
    const card = page.getByRole('listitem', { name: `Wallet ${w.label}` })
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(formatMsat(msat))
  }
  await expect.poll(() => page.getByTestId('total').textContent()).toBe(formatMsat(total))
})

test('Settings shows the account with its key kept in memory for this session', async () => {
  await navTo(page, 'Settings')
  await waitVisible(page, 'key kept in memory for this session')
  const list = await rpc('accounts.list')
  expect(list.ok).toBe(true)
  expect(list.value.accounts).toHaveLength(1)
  expect(list.value.accounts[0]).toMatchObject({ storage: 'memory', baseUrl: sim.url })
  expect(list.value.activeId).toBe(list.value.accounts[0].id)
})

test('nothing holds the key: no file in userData, not the real keyring, not the logs', async () => {
  const key = sim.keys.secret
  const files = await filesUnder(userDataDir)
  // the app did write its settings there, so the scan has something to look at
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) expect(await readFile(file, 'latin1'), file).not.toContain(key)
  expect(await keytar.findCredentials(info.keychainService)).toEqual([])
  expect(stderr).toMatch(/keychain/)
  expect(stderr).not.toContain(key)
  expect(stdout).not.toContain(key)
  expect(pageErrors).toEqual([])
})
