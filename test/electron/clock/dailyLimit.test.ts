// The daily spending limit with the computer's clock a day off (libfaketime, nothing injected)
// while the service's time is not known yet: its reads answer 3 s late, or no answer carries a
// `Date` header (a proxy that drops it). The app's core runs in child processes sharing one
// userData and keychain, as the app across restarts: it spends on the true time, then starts again
// with the clock moved 25 h on (or back) and tries to spend more. Never more than the limit goes
// out in the service's day, whichever way the clock went (docs/security.md, "Spending rules").
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { needFaketime, runChild } from './faketimeRun'

const CHILD = resolve(__dirname, 'limitChild.ts')
const START_MSAT = 100_000_000

interface Run {
  computerNow: number
  results: Array<Result<{ spentMsat?: number; leftMsat?: number | null }>>
  ledgerNewest: Array<number | null>
}

let sim: SimulatorHandle
let w: SimWallet
let dir: string
let service: string
let runs = 0
const dirs: string[] = []
beforeAll(() => needFaketime())
beforeEach(async () => {
  sim = await startSimulator({ seed: 'empty' })
  sim.control.addRecipient({
    address: 'alice@sim.example',
    description: 'Alice',
    minSendableMsat: 1000,
    maxSendableMsat: 10_000_000,
    commentAllowed: 0,
  })
  w = sim.control.createWallet('Limit', START_MSAT / 1000)
  dir = await mkdtemp(join(tmpdir(), 'lt-limit-'))
  dirs.push(dir)
  service = `lightning-tray-limit-${process.pid}-${++runs}`
})
afterEach(() => sim.close())
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

let n = 0
const address = (sat: number) => [
  'pay.lightningAddress',
  { walletId: w.id, address: 'alice@sim.example', amountMsat: sat * 1000, requestId: rid() },
]
// three days to run: an expiry is not what this is about
const invoice = (sat: number) => [
  'pay.invoice',
  {
    walletId: w.id,
    invoice: sim.control.outside.payee({ amountSat: sat, expiry: 3 * 86_400 }).payment_request,
    requestId: rid(),
  },
]
const rid = () => `req-limit-${process.pid}-${++n}`
const status = ['spending.get', {}]

/** The app's core once, on the true time (null) or with its clock moved; the steps through its router. */
async function app(faketime: string | null, steps: unknown[][]): Promise<Run> {
  const started = Date.now()
  const run = (await runChild(CHILD, faketime, {
    LT_DIR: dir,
    LT_SERVICE: service,
    LT_STEPS: JSON.stringify(steps),
  })) as Run
  // the child's own clock really was where it was meant to be
  const off = faketime === null ? 0 : Number.parseInt(faketime, 10) * 3_600_000
  expect(Math.abs(run.computerNow - started - off)).toBeLessThan(120_000)
  return run
}

/** On the true time: the account connected, a daily limit of 1,000 sats, and (`spend`) 700 of them spent. */
async function firstDay(spend: boolean) {
  const connect = [
    'accounts.connect',
    { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret, storage: 'keychain' },
  ]
  const limit = ['spending.set', { accountId: '$account', confirmAboveSat: null, dailyLimitSat: 1000 }]
  const r = await app(null, spend ? [connect, limit, address(700)] : [connect, limit])
  for (const x of r.results) expect(x, JSON.stringify(x)).toMatchObject({ ok: true })
}

/** refused as over the limit, with 701 sats counted as gone today (not for want of the service's time) */
function refused(r: Result<unknown> | undefined) {
  expect(r, JSON.stringify(r)).toMatchObject({
    ok: false,
    error: { code: 'limit', message: expect.stringContaining('701 sats went out in the last 24 hours') },
  })
}

/** what left the wallet: a 700-sat payment with its 1-sat fee, and nothing more */
const onlyTheFirst = () => expect(sim.control.balanceMsat(w.id)).toBe(START_MSAT - 701_000)

describe('the daily limit with the computer clock a day off, the service’s time not known yet', {
  timeout: 180_000,
}, () => {
  const late = () => sim.control.injectFault({ method: 'GET', path: /^\/v1\//, kind: 'latency', ms: 3_000 })
  const noDate = () => sim.control.setDateHeader(false)
  it.each([
    ['the service’s reads 3 s late', late],
    ['no Date header at all', noDate],
  ])('+25 h, %s: the limit used up today stays used up', async (_, fault) => {
    await firstDay(true)
    fault()
    const r = await app('+25h', [address(300), invoice(300), status])
    refused(r.results[0])
    refused(r.results[1])
    // 701 sats went out in the service's last 24 hours, whatever the computer says
    expect(r.results[2]).toMatchObject({ ok: true, value: { spentMsat: 701_000, leftMsat: 299_000 } })
    onlyTheFirst()
  })

  it('+25 h, no Date header, the ledger gone and unread: the journal kept the service’s time', async () => {
    await firstDay(true)
    // the ledger's newest rows are one clue: without them only what the journal kept is left
    for (const f of await readdir(dir)) if (f.startsWith('ledger')) await rm(join(dir, f), { force: true })
    noDate()
    // the history is never read again
    sim.control.injectFault({ method: 'GET', path: 'transactions', kind: 'status', status: 503 })
    const r = await app('+25h', [address(300), status])
    refused(r.results[0])
    expect(r.results[1]).toMatchObject({ ok: true, value: { spentMsat: 701_000 } })
    expect(r.ledgerNewest.filter((t) => t !== null)).toEqual([])
    onlyTheFirst()
  })

  it('−25 h, the service’s reads 3 s late: what is spent is counted in the service’s day', async () => {
    await firstDay(false)
    late()
    const r = await app('-25h', [address(700), address(300), status])
    expect(r.results[0], JSON.stringify(r.results[0])).toMatchObject({ ok: true })
    refused(r.results[1])
    expect(r.results[2]).toMatchObject({ ok: true, value: { spentMsat: 701_000, leftMsat: 299_000 } })
    onlyTheFirst()
  })

  it('−25 h with no Date header, then the clock put right: what was spent still counts', async () => {
    await firstDay(false)
    noDate()
    const early = await app('-25h', [address(700)])
    expect(early.results[0], JSON.stringify(early.results[0])).toMatchObject({ ok: true })
    sim.control.setDateHeader(true)
    const right = await app(null, [['wallets.list', {}], address(300), status])
    refused(right.results[1])
    expect(right.results[2]).toMatchObject({ ok: true, value: { spentMsat: 701_000, leftMsat: 299_000 } })
    onlyTheFirst()
  })
})
