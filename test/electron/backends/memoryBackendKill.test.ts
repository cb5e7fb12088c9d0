// The test's in-memory backend (test/support/memoryBackend.ts) under the payment kill tests: the
// app's core in a child process (memoryChild.ts, keys in the real keychain: run under
// scripts/with-keyring.sh) with that backend in its registry under a kind of its own (`memory`),
// connected through the router by its entry's schema, killed (SIGKILL) at each step of a
// payment, started again, and asked to pay the same request once more. The backend's state is a
// file the parent reads: at any step, at most the one payment, never sent again.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runChild } from '../../support/killableChild'
import { memoryStore } from '../../support/memoryBackend'

const CHILD = resolve(__dirname, 'memoryChild.ts')
const service = `lightning-tray-memory-${process.pid}`
const W = 'mem-wallet-a'

let dir: string
let store: ReturnType<typeof memoryStore>

type Report = {
  out: unknown
  entry: { state: string } | null
  /** after the reconciling at start-up, before the payment was asked again */
  atStart: { entry: { state: string } | null; payments: number } | null
}

/** Runs the app's core once; `stopWhen` may kill it from outside (SIGKILL) once it returns true. */
const child = (env: Record<string, string>, stopWhen?: () => boolean) =>
  runChild<Report>(CHILD, { LT_SERVICE: service, ...env }, stopWhen)

const base = () => ({ LT_DIR: dir, LT_MEMORY: store.file })
const payments = () => store.read().calls.filter((c) => c === 'payInvoice').length

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-memory-kill-'))
  store = memoryStore(join(dir, 'memory-backend.json'))
  store.init([{ id: W, name: 'Pocket', balanceMsat: 100_000_000 }])
  const r = await child({ ...base(), LT_MODE: 'connect' })
  expect(r.report?.out).toMatchObject({ ok: true, value: { kind: 'memory', baseUrl: 'memory://pocket' } })
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

let n = 0
/** pays once, killed at `killAt` (or from outside when `stopWhen`), then starts again and asks the same payment again */
async function killed(o: { killAt?: string; stopWhen?: (requestId: string) => () => boolean }) {
  const requestId = `req-memory-${process.pid}-${++n}`
  const invoice = store.outsideInvoice(1000, `Killed ${n}`)
  const sent = payments()
  const pay = { ...base(), LT_MODE: 'pay', LT_WALLET: W, LT_INVOICE: invoice, LT_REQUEST_ID: requestId }
  const first = await child({ ...pay, LT_KILL_AT: o.killAt ?? '' }, o.stopWhen?.(requestId))
  expect(first.signal).toBe('SIGKILL')
  const sentBefore = payments() - sent
  const again = await child({ ...pay, LT_MODE: 'again' })
  // starting again sent nothing
  expect((again.report?.atStart?.payments ?? -1) - sent).toBe(sentBefore)
  // nor did the same request asked again (a click after the restart)
  expect(payments() - sent).toBe(sentBefore)
  // the router's record of the request id answers: the outcome is to be checked, not sent again
  expect(again.report?.out).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
  return { requestId, sentBefore, again: again.report?.atStart, paid: store.paidWith(requestId).length }
}

// each case starts the app's core twice in a child process
describe('the in-memory backend, its payment killed at each step', { timeout: 60_000 }, () => {
  it('before the request left: nothing paid, and it reads as failed', async () => {
    const r = await killed({ killAt: 'journaled' })
    expect([r.sentBefore, r.paid]).toEqual([0, 0])
    expect(r.again?.entry).toMatchObject({ state: 'failed' })
  })

  it('marked sent, killed before it left: nothing paid, and it reads as unknown, never sent', async () => {
    const r = await killed({ killAt: 'sent' })
    expect([r.sentBefore, r.paid]).toEqual([0, 0])
    expect(r.again?.entry).toMatchObject({ state: 'unknown' })
  })

  it('after the money moved, before the answer came back: paid once, and it reads as paid', async () => {
    store.holdPayments(10_000)
    try {
      const r = await killed({ stopWhen: (id) => () => store.paidWith(id).length === 1 })
      expect([r.sentBefore, r.paid]).toEqual([1, 1])
      expect(r.again?.entry).toMatchObject({ state: 'paid' })
    } finally {
      store.holdPayments(0)
    }
  })

  it('after the answer, before it was noted: paid once, and it reads as paid', async () => {
    const r = await killed({ killAt: 'answered' })
    expect([r.sentBefore, r.paid]).toEqual([1, 1])
    expect(r.again?.entry).toMatchObject({ state: 'paid' })
  })
})
