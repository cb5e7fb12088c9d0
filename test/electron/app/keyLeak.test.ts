// Key-leak test: a full session through createApp against the simulator, with each auth method,
// successes and failures. Every event payload, every router result, every log line, every
// notification and every file under userData is captured; the API key is in none of them.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AuthMethod } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFolderSaveFile } from '../../../dev/preview/saveFile'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { createMemoryStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'

let sim: SimulatorHandle
let dir: string
let app: App
const events: string[] = []
const results: string[] = []
const logs: string[] = []
const notifications: string[] = []

beforeAll(async () => {
  // on every loopback address, so each session reaches it by another name for this computer
  sim = await startSimulator({ seed: 'demo', host: '::' })
  dir = await mkdtemp(join(tmpdir(), 'lt-leak-'))
  app = createApp({
    userDataDir: dir,
    secretStore: createMemoryStore(),
    notifier: { show: (n) => notifications.push(JSON.stringify(n)), isSupported: () => true },
    emit: (name, payload) => events.push(JSON.stringify({ name, payload })),
    logSink: (line) => logs.push(line),
    // no fault here holds an answer: the time limit is only the machine's, and a loaded one needs seconds
    client: { timeoutMs: 15_000, retries: 1 },
    appVersion: '1.2.3',
    saveFile: createFolderSaveFile(join(dir, 'saved')),
  })
  await app.start()
})
afterAll(async () => {
  await app.dispose()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

async function call(name: string, input: unknown = {}): Promise<Result<unknown>> {
  const r = await app.router.handle(name, input)
  results.push(JSON.stringify(r))
  return r
}
async function ok<T = Record<string, unknown>>(name: string, input: unknown = {}): Promise<T> {
  const r = await call(name, input)
  if (!r.ok) throw new Error(`${name} failed: ${r.error.code} ${r.error.message}`)
  return r.value as T
}
async function fails(name: string, input: unknown, code: string) {
  const r = await call(name, input)
  expect(r.ok, name).toBe(false)
  if (!r.ok) expect(r.error.code, `${name}: ${r.error.message}`).toBe(code)
}

async function filesUnder(root: string): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = []
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
    const path = join(e.parentPath, e.name)
    out.push({ path, text: (await readFile(path)).toString('latin1') })
  }
  return out
}

describe('the API key leaks nowhere', () => {
  it('after a full session with each auth method', async () => {
    const key = sim.keys.secret
    const methods: AuthMethod[] = ['header', 'basic', 'query']
    // Each method's session uses another name for this computer. Those are one service, so the key
    // is connected once: a session removes the account before it connects it again.
    const port = sim.url.slice(sim.url.lastIndexOf(':') + 1)
    const hosts = ['127.0.0.1', 'localhost', '[::1]']
    let n = 0
    let previous: { id: string } | null = null
    for (const authMethod of methods) {
      n++
      const baseUrl = `http://${hosts[n - 1]}:${port}`
      await ok('accounts.test', { kind: 'service', baseUrl, apiKey: key, authMethod })
      await fails('accounts.test', { kind: 'service', baseUrl, apiKey: `${key}x`, authMethod }, 'unauthorized')
      await fails('accounts.connect', { kind: 'service', baseUrl, apiKey: `${key}x`, authMethod }, 'unauthorized')
      if (previous) {
        await fails('accounts.connect', { kind: 'service', baseUrl, apiKey: key, authMethod }, 'invalid_input')
        await ok('accounts.remove', { id: previous.id })
      }
      const account = await ok<{ id: string; keyHint: string }>('accounts.connect', {
        kind: 'service',
        baseUrl,
        apiKey: key,
        authMethod,
        label: `Session ${authMethod}`,
        storage: n === 2 ? 'memory' : 'keychain',
      })
      expect(account.keyHint).toBe(`sak_…${key.slice(-4)}`)
      await ok('accounts.list')
      const { wallets } = await ok<{ wallets: Array<{ id: string }> }>('wallets.list')
      const w = sim.control.createWallet(`Leak ${authMethod}`, 50_000)
      for (let i = 0; i < 3; i++) await sim.control.payInbound(w.id, 100 + i, `in ${i}`)
      expect(wallets.length).toBeGreaterThan(0)
      await ok('wallets.get', { walletId: w.id })
      await ok('transactions.page', { walletId: w.id, page: 1, perPage: 2 })
      await ok('transactions.page', { walletId: w.id, page: 2, perPage: 2 })
      const inv = await ok<{ id: string }>('invoices.create', { walletId: w.id, amountSat: 21, memo: 'leak test' })
      await sim.control.settleInvoice(inv.id)
      await ok('invoices.check', { id: inv.id })
      await ok('invoices.list')
      await ok('lntx.get', { id: inv.id })
      await ok('lnurl.probe', { address: 'alice@sim.example' })
      await fails('lnurl.probe', { address: 'nobody@nowhere.example' }, 'lnurl_error')
      await ok('pay.lightningAddress', {
        walletId: w.id,
        address: 'alice@sim.example',
        amountMsat: 5_000,
        comment: 'hi',
        requestId: `req-${authMethod}-pay-1`,
      })
      await fails(
        'pay.lightningAddress',
        { walletId: w.id, address: 'shop@sim.example', amountMsat: 900_000_000, requestId: `req-${authMethod}-pay-2` },
        'insufficient_funds',
      )
      sim.control.injectFault({ method: 'POST', path: /lnurlp\/pay$/, kind: 'reset', when: 'after', times: 1 })
      await fails(
        'pay.lightningAddress',
        { walletId: w.id, address: 'alice@sim.example', amountMsat: 1_000, requestId: `req-${authMethod}-pay-3` },
        'unknown_outcome',
      )
      await ok('withdraw.create', { walletId: w.id, amountSat: 100, memo: 'gift', requestId: `req-${authMethod}-w-1` })
      await ok('withdraw.list')
      const sheet = { walletId: w.id, count: 2, amountSat: 10, note: 'leak', requestId: `req-${authMethod}-v-1` }
      await ok('vouchers.create', sheet)
      await fails(
        'vouchers.create',
        { ...sheet, count: 50, amountSat: 10_000, requestId: `req-${authMethod}-v-2` },
        'insufficient_funds',
      )
      sim.control.injectFault({ path: '/v1/wallets', kind: 'status', status: 503 })
      await fails('wallets.list', {}, 'service_error')
      sim.control.clearFaults()
      sim.control.injectFault({ path: /\/v1\/wallet\/[^/]+$/, kind: 'malformed', times: 1 })
      await fails('wallets.get', { walletId: w.id }, 'service_error')
      await fails('wallets.get', { walletId: 'wal_unknown' }, 'not_found')
      await ok('settings.update', { pollIntervalSec: 20 + n })
      await ok('accounts.update', { id: account.id, label: `Renamed ${authMethod}` })
      previous = account
    }
    const { accounts } = await ok<{ accounts: Array<{ id: string }> }>('accounts.list')
    expect(accounts).toHaveLength(1)
    await ok('accounts.switch', { id: accounts[0]!.id })
    await ok('accounts.update', { id: accounts[0]!.id, authMethod: 'header' })
    await ok('wallets.list')
    await ok('accounts.update', { id: accounts[0]!.id, authMethod: 'query' })
    // the key revoked at the service and replaced: the new one (sent in the address, the account
    // now uses `query`) leaks nowhere either, nor does a wrong one tried first
    const newKey = sim.control.replaceSecretKey()
    await fails('wallets.list', {}, 'unauthorized')
    await fails('accounts.replaceKey', { id: accounts[0]!.id, apiKey: `${newKey}x` }, 'unauthorized')
    const replaced = await ok<{ keyHint: string }>('accounts.replaceKey', { id: accounts[0]!.id, apiKey: newKey })
    expect(replaced.keyHint).toBe(`sak_…${newKey.slice(-4)}`)
    await ok('wallets.list')
    await ok('app.info')
    await app.dispose()

    const files = await filesUnder(dir)
    // The capture is real: there is something to search, and it has what it should have.
    expect(files.map((f) => f.path)).toContain(join(dir, 'settings.json'))
    expect(files.filter((f) => f.path.endsWith('.pdf'))).toHaveLength(3)
    expect(results.length).toBeGreaterThan(70)
    expect(events.some((e) => e.includes('"accounts.updated"'))).toBe(true)
    expect(logs.some((l) => l.includes('account connected'))).toBe(true)
    const hint = `sak_…${key.slice(-4)}`
    expect(results.join('\n')).toContain(hint)
    expect(files.find((f) => f.path.endsWith('settings.json'))?.text).toContain(JSON.stringify(hint).slice(1, 5))

    const forms = [key, newKey].flatMap((k) => [
      k,
      Buffer.from(`${k}:`).toString('base64'),
      encodeURIComponent(k),
      k.slice(4),
    ])
    const corpus: Array<[string, string]> = [
      ...events.map((e) => ['event', e] as [string, string]),
      ...results.map((r) => ['result', r] as [string, string]),
      ...logs.map((l) => ['log', l] as [string, string]),
      ...notifications.map((x) => ['notification', x] as [string, string]),
      ...files.map((f) => [`file ${f.path}`, f.text] as [string, string]),
    ]
    for (const [where, text] of corpus) for (const form of forms) expect(text.includes(form), where).toBe(false)
  })
})
