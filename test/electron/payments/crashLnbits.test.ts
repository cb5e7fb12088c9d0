// The crash test on an LNbits account: the main process paying invoices from an LNbits wallet
// (the simulator's LNbits flavor, the admin key in the real keychain: run under
// scripts/with-keyring.sh) is killed (SIGKILL) at a step picked at random for each payment, and
// started again. In the end no invoice was paid twice or asked to be paid twice (the simulator's
// books and its request log), and the ledger the app stored adds up to the wallet's balance at
// the simulator, to the msat.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import type { LnbitsWallet } from '../../simulator/lnbits'
import { prng } from '../../simulator/seed'
import { runChild } from '../../support/killableChild'

const CHILD = resolve(__dirname, 'crashChild.ts')
const service = `lightning-tray-crash-lnbits-${process.pid}`
/** as many kills as the service account's crash test makes (one per step, and one while waiting) */
const KILLS = 4

let sim: SimulatorHandle
let w: LnbitsWallet
let dir: string
beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
  w = sim.lnbits[0] as LnbitsWallet
  dir = await mkdtemp(join(tmpdir(), 'lt-crash-lnbits-'))
})
afterAll(async () => {
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

type Report = { out: { ok?: boolean; value?: unknown }; entry: { state: string } | null }

/** Runs the app's core once; `stopWhen` may kill it from outside (SIGKILL) once it returns true. */
const child = (env: Record<string, string>, stopWhen?: () => boolean) =>
  runChild<Report>(CHILD, { LT_SERVICE: service, LT_DIR: dir, ...env }, stopWhen)

/** the wallet's payments out to this payment hash in the simulator's books */
const paidOut = (hash: string) =>
  [...sim.control.ledger.lntx.values()].filter((t) => t.direction === 'out' && t.paymentHash === hash).length
/** POST /api/v1/payments: every pay attempt (the test makes its invoices in-process, not over HTTP) */
const payRequests = () => sim.control.requests({ method: 'POST', path: /^\/api\/v1\/payments$/ }).length

async function simBalanceMsat(): Promise<number> {
  const st = (await (await fetch(`${sim.url}/_sim/state`)).json()) as {
    wallets: { id: string; balance_msat: number }[]
  }
  return st.wallets.find((x) => x.id === w.id)?.balance_msat as number
}

it('killed at random steps while paying from an LNbits wallet: nothing paid twice, the ledger equals the balance', async () => {
  const started = performance.now()
  const connect = await child({ LT_MODE: 'connect', LT_KIND: 'lnbits', LT_SIM_URL: sim.url, LT_SIM_KEY: w.adminkey })
  expect(connect.report?.out).toMatchObject({ ok: true })
  const rand = prng(43)
  // every kill point once, in an order drawn at random, then random ones until KILLS
  const points = ['journaled', 'sent', 'answered', 'waiting'].sort(() => rand() - 0.5)
  while (points.length < KILLS) points.push(points[Math.floor(rand() * 4)] as string)
  const outcomes: string[] = []
  const hashes: string[] = []
  for (const [i, at] of points.slice(0, KILLS).entries()) {
    const payee = sim.control.outside.payee({ amountSat: 500 + i * 37, expiry: 3600 })
    hashes.push(payee.paymentHash)
    const requestId = `req-crash-lnbits-${process.pid}-${i}`
    const sentBefore = payRequests()
    // 'waiting': LNbits pays at once but its answer is held; the process dies once the books show it
    if (at === 'waiting')
      sim.control.injectFault({
        method: 'POST',
        path: /^\/api\/v1\/payments$/,
        kind: 'latency',
        ms: 5000,
        when: 'after',
        times: 1,
      })
    const env = { LT_MODE: 'pay', LT_WALLET: w.id, LT_INVOICE: payee.pr, LT_REQUEST_ID: requestId }
    const first = await child(
      { ...env, LT_KILL_AT: at === 'waiting' ? '' : at },
      at === 'waiting' ? () => paidOut(payee.paymentHash) === 1 : undefined,
    )
    expect(first.signal).toBe('SIGKILL')
    const sent = payRequests() - sentBefore
    // killed before the request left: none; after: the one
    expect(sent).toBe(at === 'journaled' || at === 'sent' ? 0 : 1)
    const again = await child({ LT_MODE: 'start', LT_REQUEST_ID: requestId })
    // starting again asked LNbits what became of it, and paid nothing
    expect(payRequests() - sentBefore).toBe(sent)
    expect(paidOut(payee.paymentHash)).toBe(sent)
    const state = again.report?.entry?.state as string
    // the step's own outcome: never sent reads failed; sent without a trace, unknown; paid, paid
    expect(state).toBe({ journaled: 'failed', sent: 'unknown', answered: 'paid', waiting: 'paid' }[at])
    outcomes.push(`${at}:${state}`)
  }
  // 0 double payments: each invoice paid at most once, asked at most once
  for (const h of hashes) expect(paidOut(h)).toBeLessThanOrEqual(1)
  expect(payRequests()).toBeLessThanOrEqual(KILLS)

  const ledger = await child({ LT_MODE: 'ledger', LT_WALLET: w.id })
  const got = ledger.report?.out as {
    ok: boolean
    value: { sumMsat: number; rows: number; wallets: { value: { wallets: { id: string; balanceMsat: number }[] } } }
  }
  expect(got.ok).toBe(true)
  const balance = await simBalanceMsat()
  expect(got.value.sumMsat).toBe(balance)
  expect(got.value.wallets.value.wallets.find((x) => x.id === w.id)?.balanceMsat).toBe(balance)
  console.info(
    `LNbits crash test: ${KILLS} kills (${outcomes.join(', ')}), ${got.value.rows} ledger rows, ` +
      `${Math.round((performance.now() - started) / 1000)} s`,
  )
}, 240_000)
