// Following unfinished payments (payments/follow.ts) with a real journal and ledger on disk and the
// simulator over HTTP: what a check announces and stores, how a recovered payment is told, and
// which checks the queue runs after a sync. The router-level cases are in checkAgain.test.ts.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import { type Ledger, openLedger } from '../../../electron/main/services/ledger'
import { maskingNotifier, type ShownNotification } from '../../../electron/main/services/notify'
import { type Journal, openJournal, recoveredTitle } from '../../../electron/main/services/payments'
import {
  type CheckDeps,
  checkPayments,
  followPayments,
  tellRecovered,
} from '../../../electron/main/services/payments/follow'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'

const ACCOUNT = 'acct-follow'
let sim: SimulatorHandle
let dir: string
let journal: Journal
let ledger: Ledger
let events: Array<[string, unknown]>
let shown: ShownNotification[]
/** amounts hidden, or the app locked (app/privacy.ts decides; here a test does) */
let masked = false
let n = 0
const nextId = () => `req-follow-${process.pid}-${++n}`

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
})
afterAll(() => sim.close())
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'follow-'))
  journal = openJournal({ dir })
  ledger = openLedger({ dir })
  events = []
  shown = []
  masked = false
})
afterEach(async () => {
  journal.close()
  ledger.close()
  await rm(dir, { recursive: true, force: true })
})

const client = () =>
  createServiceClient({
    baseUrl: sim.url,
    getApiKey: () => sim.keys.secret,
    authMethod: 'header',
    retries: 0,
    timeoutMs: 3_000,
  })

function deps(o: Partial<CheckDeps> = {}): CheckDeps {
  // as the service's backend opens it: its wallets in the app's terms
  const c = inAppTerms(client())
  return {
    journal: () => journal,
    clientFor: (accountId) => {
      if (accountId !== ACCOUNT) throw new Error('no such account')
      return c
    },
    emit: ((name: string, payload: unknown) => events.push([name, payload])) as CheckDeps['emit'],
    now: () => Date.now(),
    ledger: () => ledger,
    notifier: maskingNotifier({ isSupported: () => true, show: (x) => void shown.push(x) }, () => masked),
    ...o,
  }
}
const emitted = (name: string) => events.filter(([e]) => e === name).map(([, p]) => p)

function entry(w: SimWallet, o: { kind?: 'invoice' | 'address'; target?: string; state?: 'sent' | 'failed' } = {}) {
  const requestId = nextId()
  journal.add({
    requestId,
    accountId: ACCOUNT,
    walletId: w.id,
    kind: o.kind ?? 'address',
    amountMsat: 1_000_000,
    feeLimitMsat: 10_000,
    target: o.target ?? 'shop@sim.example',
  })
  journal.mark(requestId, 'sent')
  if (o.state === 'failed') journal.mark(requestId, 'failed', { error: 'Refused.' })
  else journal.mark(requestId, 'unknown')
  return requestId
}

async function paidAtService(w: SimWallet, requestId: string, amountSat = 1_000) {
  const pr = sim.control.outsideInvoice(amountSat, 'follow')
  return client().payInvoice(w.id, { payment_request: pr, fee_limit_msat: 50_000, passThru: { requestId } })
}

describe('checkPayments', { timeout: 60_000 }, () => {
  it('stores a payment found made in the ledger, oldest row first, and says so once', async () => {
    const w = sim.control.createWallet('Stored', 50_000)
    const id = entry(w)
    const tx = await paidAtService(w, id)
    const r = await checkPayments(deps())
    expect(r.settled).toEqual([expect.objectContaining({ requestId: id, state: 'paid' })])
    expect(r.payments).toEqual([])
    expect(emitted('ledger.updated')).toEqual([{ accountId: ACCOUNT, walletIds: [w.id] }])
    const row = ledger.byRequestId(ACCOUNT, id)
    expect(row?.txId).toBe(tx.id)
    // the ledger is told nothing of its own (the check says ledger.updated itself)
    expect(emitted('payments.updated')).toEqual([{ payments: [] }])
  })

  it('stores the found row as already told: a payment the person made is not news to them', async () => {
    const w = sim.control.createWallet('Stored quietly', 50_000)
    const id = entry(w)
    await paidAtService(w, id)
    await checkPayments(deps())
    expect(ledger.byRequestId(ACCOUNT, id)).not.toBeNull()
    expect(ledger.unannounced().filter((r) => r.requestId === id)).toEqual([])
  })

  it('a check after a sync announces the list only when it changed; at start-up always', async () => {
    const w = sim.control.createWallet('Quiet', 50_000)
    const id = entry(w)
    // nothing at the service yet, and the hour an address payment is given not over: still unknown
    await checkPayments(deps(), new Set(), ACCOUNT) // the first says why it is unknown: a change
    expect(emitted('payments.updated')).toHaveLength(1)
    events = []
    await checkPayments(deps(), new Set(), ACCOUNT)
    expect(emitted('payments.updated')).toEqual([])
    await checkPayments(deps(), new Set())
    expect(emitted('payments.updated')).toEqual([{ payments: [expect.objectContaining({ requestId: id })] }])
    await paidAtService(w, id)
    await checkPayments(deps(), new Set(), ACCOUNT)
    expect(emitted('payments.updated')).toHaveLength(2)
    expect(emitted('payments.updated')[1]).toEqual({ payments: [] })
  })

  it('leaves a payment of a removed account unknown, asking no one', async () => {
    const w = sim.control.createWallet('Gone', 50_000)
    const id = entry(w)
    const gone = {
      ...deps(),
      clientFor: () => {
        throw new Error('removed')
      },
    }
    const r = await checkPayments(gone)
    expect(r.settled).toEqual([])
    expect(journal.get(id)?.state).toBe('unknown')
  })
})

describe('tellRecovered', () => {
  function recovered(w: { id: string }, kind: 'invoice' | 'address', target: string, amountMsat = 1_000_000) {
    const requestId = nextId()
    journal.add({ requestId, accountId: ACCOUNT, walletId: w.id, kind, amountMsat, feeLimitMsat: 0, target })
    journal.mark(requestId, 'sent')
    journal.mark(requestId, 'failed', { error: 'Refused.' })
    journal.mark(requestId, 'paid', { txId: `wtx_${requestId}` })
    return requestId
  }

  it('shortens an invoice, names an address whole, and gives the notification the plain words', () => {
    const invoice = `lnbcrt10u1${'q'.repeat(60)}`
    recovered({ id: 'w1' }, 'invoice', invoice, 2_000_000)
    recovered({ id: 'w2' }, 'address', 'alice@sim.example')
    tellRecovered(deps())
    const notices = emitted('notice') as Array<{ level: string; message: string }>
    expect(notices).toEqual([
      {
        level: 'warning',
        message: `${recoveredTitle()}: 2,000 sats to ${invoice.slice(0, 24)}…. It is paid; do not pay it again.`,
      },
      {
        level: 'warning',
        message: `${recoveredTitle()}: 1,000 sats to alice@sim.example. It is paid; do not pay it again.`,
      },
    ])
    expect(recoveredTitle()).toBe('A payment thought failed went through')
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: recoveredTitle(), body: `2,000 sats to ${invoice.slice(0, 24)}…. It is paid; do not pay it again.` },
      { title: recoveredTitle(), body: '1,000 sats to alice@sim.example. It is paid; do not pay it again.' },
    ])
    // told once
    tellRecovered(deps())
    expect(emitted('notice')).toHaveLength(2)
  })

  it('while amounts may not be shown, neither the notification nor the notice names amount or payee', () => {
    masked = true
    recovered({ id: 'w1' }, 'address', 'carol@sim.example', 4_242_000)
    tellRecovered(deps())
    const plain = { title: recoveredTitle(), body: 'It is paid; do not pay it again.' }
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([plain])
    expect(emitted('notice')).toEqual([{ level: 'warning', message: `${plain.title}: ${plain.body}` }])
  })

  it('shows no notification when they are off, but still says it in the app', () => {
    recovered({ id: 'w1' }, 'address', 'bob@sim.example')
    tellRecovered(deps({ notificationsOn: () => false }))
    expect(shown).toEqual([])
    expect(emitted('notice')).toHaveLength(1)
  })
})

describe('followPayments after a sync', { timeout: 60_000 }, () => {
  function follow(inFlight: Set<string>, tasks: Promise<unknown>[]) {
    return followPayments({ ...deps(), inFlight, background: (t) => tasks.push(t) })
  }

  it('marks paid what the sync stored, unless it is being sent or never left', async () => {
    const w = sim.control.createWallet('Synced', 50_000)
    const stored = entry(w, { state: 'failed' })
    const sending = entry(w)
    const tx1 = await paidAtService(w, stored)
    const tx2 = await paidAtService(w, sending)
    // the sync put both rows into the ledger
    await checkPayments({ ...deps(), journal: () => journal }, new Set([stored, sending]))
    for (const [id, tx] of [
      [stored, tx1],
      [sending, tx2],
    ] as const)
      ledger.insertBatch(ACCOUNT, [{ ...(await rowOf(w, tx.id)), requestId: id }], { announce: false })
    const tasks: Promise<unknown>[] = []
    follow(new Set([sending]), tasks).afterSync(ACCOUNT)
    expect(journal.get(stored)).toMatchObject({ state: 'paid', txId: tx1.id })
    expect(journal.get(sending)?.state).toBe('unknown')
    expect(emitted('notice')).toHaveLength(1)
    // only the one being sent is unfinished, and it is in flight: no check queued
    expect(tasks).toEqual([])
  })

  it('an incoming row with a payment’s request id never marks that payment paid', async () => {
    const w = sim.control.createWallet('Incoming', 50_000)
    const id = entry(w)
    const tx = await paidAtService(w, nextId())
    const row = await rowOf(w, tx.id)
    ledger.insertBatch(
      ACCOUNT,
      [{ ...row, txId: `${row.txId}_in`, amountMsat: Math.abs(row.amountMsat), requestId: id }],
      { announce: false },
    )
    follow(new Set(), []).afterSync(ACCOUNT)
    expect(journal.get(id)?.state).toBe('unknown')
  })

  it('queues one check for an account with unfinished payments, none twice, none behind a check of all', async () => {
    const w = sim.control.createWallet('Queued', 50_000)
    entry(w)
    const tasks: Promise<unknown>[] = []
    const f = follow(new Set(), tasks)
    f.afterSync(ACCOUNT)
    f.afterSync(ACCOUNT)
    expect(tasks).toHaveLength(1)
    await Promise.all(tasks)
    // that check ran: the key is free again
    f.afterSync(ACCOUNT)
    expect(tasks).toHaveLength(2)
    await Promise.all(tasks)
    const all: Promise<unknown>[] = []
    const g = follow(new Set(), all)
    g.start()
    g.afterSync(ACCOUNT)
    g.start()
    expect(all).toHaveLength(1)
    await Promise.all(all)
  })

  it('queues nothing for an account whose unfinished payments are all being sent', async () => {
    const w = sim.control.createWallet('In flight', 50_000)
    const id = entry(w)
    const tasks: Promise<unknown>[] = []
    follow(new Set([id]), tasks).afterSync(ACCOUNT)
    expect(tasks).toEqual([])
  })
})

async function rowOf(w: SimWallet, txId: string) {
  const { fromServiceTx } = await import('../../../electron/main/services/backends/service/rows')
  const t = (await client().listTransactions(w.id, 1, 50)).items.find((x) => x.id === txId)
  if (!t) throw new Error('row not found')
  return fromServiceTx(w.id, t)
}
