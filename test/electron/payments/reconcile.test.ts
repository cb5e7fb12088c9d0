// Reconciling, rule by rule, against the simulator over HTTP with a real journal on disk: what a
// payment the journal left unfinished becomes, from what the service's recent transactions show.
// Each case pins one decision of payments/reconcile.ts (found, never sent, gone account, service
// unreachable, an incoming row with the same id, in flight, how far back a list proves absence,
// the hour an address payment is given, an invoice's expiry by the service's clock, the failed
// payments looked for again, one read per wallet).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeBolt11 } from '@shared/payment/bolt11'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import { REQUEST_ID_KEY } from '../../../electron/main/services/ledger'
import { type Journal, type JournalEntryInput, openJournal } from '../../../electron/main/services/payments'
import { reconcile } from '../../../electron/main/services/payments/reconcile'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'

const ACCOUNT = 'acct-reconcile'
/** a week: how far back failed payments are looked for again (written out, not imported, so a change shows) */
const WEEK_SEC = 7 * 86_400
let sim: SimulatorHandle
let dir: string
let journal: Journal
/** the journal's own clock (the computer's), ms: moved by the failed-recheck cases */
let computerMs = Date.now()
let n = 0
const nextId = () => `req-reconcile-${process.pid}-${++n}`

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
})
afterAll(() => sim.close())
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reconcile-'))
  computerMs = Date.now()
  journal = openJournal({ dir, now: () => computerMs })
  sim.control.resetRequests()
})
afterEach(async () => {
  journal.close()
  await rm(dir, { recursive: true, force: true })
})

// a guard against a hang: a page of 200 rows (200 invoices signed by the simulator on first
// read) can take seconds on a busy machine; the unreachable service here refuses at once
const client = (baseUrl = sim.url) =>
  createServiceClient({
    baseUrl,
    getApiKey: () => sim.keys.secret,
    authMethod: 'header',
    retries: 0,
    timeoutMs: 15_000,
  })

const hashOf = (pr: string) => {
  const inv = decodeBolt11(pr)
  if (inv.kind !== 'bolt11') throw new Error('not an invoice')
  return inv.paymentHash
}
const serviceSec = () => sim.control.clock.now()

function run(o: { clientFor?: () => ReturnType<typeof client> | null; inFlight?: Set<string>; now?: number } = {}) {
  // as the service's backend opens it: every answer in the app's terms
  const c = inAppTerms(client())
  const given = o.clientFor
  return reconcile({
    journal,
    clientFor: given
      ? () => {
          const x = given()
          return x && inAppTerms(x)
        }
      : () => c,
    nowSec: () => o.now ?? serviceSec(),
    computerSec: () => Math.floor(computerMs / 1000),
    inFlight: o.inFlight,
    accountId: ACCOUNT,
  })
}

/** A journal entry in `state`, as the payment code leaves it. */
function entry(w: SimWallet, state: 'pending' | 'sent' | 'unknown' | 'failed', o: Partial<JournalEntryInput> = {}) {
  const requestId = o.requestId ?? nextId()
  journal.add({
    requestId,
    accountId: ACCOUNT,
    walletId: w.id,
    kind: 'address',
    amountMsat: 1_000_000,
    feeLimitMsat: 10_000,
    target: 'shop@sim.example',
    createdAt: serviceSec() - 60,
    ...o,
  })
  if (state === 'unknown' || state === 'failed') journal.mark(requestId, 'sent')
  if (state !== 'pending')
    journal.mark(requestId, state, { error: state === 'failed' ? 'Refused by the service.' : null })
  return requestId
}

/** The service makes an outgoing payment carrying this request id, as the app's own request would. */
async function paidAtService(w: SimWallet, requestId: string, amountSat = 1_000) {
  const pr = sim.control.outsideInvoice(amountSat, 'reconcile')
  return client().payInvoice(w.id, { payment_request: pr, fee_limit_msat: 50_000, passThru: { requestId } })
}

describe('reconcile', { timeout: 60_000 }, () => {
  it('finds a payment the service made: paid, with its own fee rows and no one else’s', async () => {
    const w = sim.control.createWallet('Found', 50_000)
    const other = nextId()
    await paidAtService(w, other)
    const id = entry(w, 'unknown')
    const tx = await paidAtService(w, id)
    const found = await run()
    expect(found.map((f) => f.entry.requestId)).toEqual([id])
    expect(journal.get(id)).toMatchObject({ state: 'paid', txId: tx.id })
    // the service's rows: two payments, each with its routing fee on its own lnTx
    const all = (await client().listTransactions(w.id, 1, 50)).items
    const fees = all.filter((t) => t.wtxType.name === 'network_fee')
    expect(fees).toHaveLength(2)
    const ownFee = fees.find((t) => t.lnTx?.id === tx.lnTx?.id)
    expect(ownFee).toBeDefined()
    expect(found[0]?.rows.map((r) => r.txId)).toEqual([tx.id, ownFee?.id])
  })

  it('finds a transfer (a row with no lnTx) in a wallet whose other payments carry fees', async () => {
    const w = sim.control.createWallet('Transfer from', 50_000)
    const to = sim.control.createWallet('Transfer to')
    await paidAtService(w, nextId())
    const id = entry(w, 'sent', { kind: 'transfer', target: to.id, amountMsat: 2_000_000 })
    await client().transfer(w.id, { dest_wallet_id: to.id, num_satoshis: 2_000, passThru: { requestId: id } })
    const found = await run()
    expect(found.map((f) => f.entry.requestId)).toEqual([id])
    // a transfer has no routing fee: the other payment's fee is not its
    expect(found[0]?.rows).toHaveLength(1)
    expect(journal.get(id)?.state).toBe('paid')
  })

  it('finds a payment of less than a satoshi (its row says 0 sats)', async () => {
    const w = sim.control.createWallet('Sub-sat', 1_000)
    sim.control.addRecipient({
      address: 'tiny@sim.example',
      description: 'tips below a sat',
      minSendableMsat: 1,
      maxSendableMsat: 10_000,
      commentAllowed: 0,
    })
    const id = entry(w, 'sent', { amountMsat: 500, target: 'tiny@sim.example' })
    const tx = await client().payLightningAddress(w.id, {
      ln_address: 'tiny@sim.example',
      amt_msat: 500,
      passThru: { requestId: id },
    })
    expect(tx.num_satoshis).toBe(0)
    expect((await run()).map((f) => f.entry.requestId)).toEqual([id])
    expect(journal.get(id)).toMatchObject({ state: 'paid', txId: tx.id })
  })

  it('a written entry that never left is failed, nothing taken; a sent one absent stays unknown', async () => {
    // an empty wallet: no rows at all to search
    const w = sim.control.createWallet('Absent')
    const pending = entry(w, 'pending')
    const sent = entry(w, 'sent')
    expect(await run()).toEqual([])
    expect(journal.get(pending)).toMatchObject({ state: 'failed', error: 'It was never sent: nothing was taken.' })
    expect(journal.get(sent)).toMatchObject({
      state: 'unknown',
      error: 'Not found at the service yet. It may still be on its way.',
    })
  })

  it('an account no longer here: pending is failed, sent is unknown, failed stays as it was', async () => {
    const w = sim.control.createWallet('Gone', 10_000)
    const pending = entry(w, 'pending')
    const sent = entry(w, 'sent')
    const failed = entry(w, 'failed')
    await run({ clientFor: () => null })
    expect(journal.get(pending)?.state).toBe('failed')
    expect(journal.get(sent)).toMatchObject({ state: 'unknown', error: 'Its account is no longer here.' })
    expect(journal.get(failed)).toMatchObject({ state: 'failed', error: 'Refused by the service.' })
  })

  it('a service that cannot be asked proves nothing: unknown, and failed stays failed', async () => {
    const w = sim.control.createWallet('Unreachable', 10_000)
    const sent = entry(w, 'sent')
    const failed = entry(w, 'failed')
    // a port nothing listens on
    const dead = client('http://127.0.0.1:9')
    expect(await run({ clientFor: () => dead })).toEqual([])
    expect(journal.get(sent)).toMatchObject({ state: 'unknown', error: 'The service could not be asked.' })
    expect(journal.get(failed)).toMatchObject({ state: 'failed', error: 'Refused by the service.' })
  })

  it('an incoming row with the same request id is not the payment', async () => {
    const w = sim.control.createWallet('Incoming twin', 10_000)
    const id = entry(w, 'sent')
    sim.control.ledger.payInbound(w.id, 700, 'same id, other way', serviceSec(), { requestId: id })
    expect(await run()).toEqual([])
    expect(journal.get(id)?.state).toBe('unknown')
  })

  it('leaves alone a payment this process is sending right now', async () => {
    const w = sim.control.createWallet('In flight', 10_000)
    const id = entry(w, 'sent')
    await run({ inFlight: new Set([id]) })
    expect(journal.get(id)).toMatchObject({ state: 'sent', error: null })
  })

  it('gives an address payment an hour by the service’s clock before saying it most likely did not go', async () => {
    const w = sim.control.createWallet('An hour', 10_000)
    const now = serviceSec()
    const within = entry(w, 'sent', { createdAt: now - 3_600 })
    const over = entry(w, 'sent', { createdAt: now - 3_601 })
    await run({ now })
    expect(journal.get(within)?.error).toBe('Not found at the service yet. It may still be on its way.')
    expect(journal.get(over)?.error).toBe(
      'Not found at the service an hour on: most likely nothing was taken. Check the wallet’s transactions before paying again.',
    )
  })

  it('judges an invoice payment by the invoice’s expiry on the service’s clock, not by the hour', async () => {
    const w = sim.control.createWallet('Expiry', 10_000)
    const pr = sim.control.outsideInvoice(500, 'expiry')
    const inv = decodeBolt11(pr)
    if (inv.kind !== 'bolt11') throw new Error('the simulator made no BOLT 11 request')
    // created two hours ago by the entry's time: the hour alone would call it over
    const id = entry(w, 'sent', { kind: 'invoice', target: pr, amountMsat: 500_000, createdAt: inv.expiresAt - 7_200 })
    await run({ now: inv.expiresAt })
    expect(journal.get(id)?.error).toBe('Not found at the service yet. It may still be on its way.')
    await run({ now: inv.expiresAt + 1 })
    expect(journal.get(id)?.error).toBe(
      'Not found at the service, and the invoice has expired by the service’s clock: most likely nothing was taken. Check the wallet’s transactions before paying again.',
    )
  })

  it('an invoice the app cannot read is given the hour, as an address payment is', async () => {
    const w = sim.control.createWallet('Unreadable', 10_000)
    const now = serviceSec()
    const id = entry(w, 'sent', { kind: 'invoice', target: 'lnbcrt1unreadable', createdAt: now - 3_601 })
    await run({ now })
    expect(journal.get(id)?.error).toMatch(/^Not found at the service an hour on/)
  })

  it('proves absence only when the recent rows reach back past the payment', async () => {
    const w = sim.control.createWallet('Busy', 10_000)
    const now = serviceSec()
    // 201 rows over the last two hours: more than one page of 200
    for (let i = 0; i < 201; i++) sim.control.ledger.payInbound(w.id, 1, `row ${i}`, now - 7_200 + i)
    const page = await client().listTransactions(w.id, 1, 200)
    expect(page.pagination.pageCount).toBeGreaterThan(1)
    const oldestShown = page.items.at(-1)?.created_at ?? 0
    // created before the oldest row the page shows: the page does not reach back to it
    const older = entry(w, 'sent', { createdAt: oldestShown - 1 })
    // created at the same second as the oldest row shown: not proven either
    const atOldest = entry(w, 'sent', { createdAt: oldestShown })
    // created after it: the list covers it
    const newer = entry(w, 'sent', { createdAt: oldestShown + 1 })
    await run({ now })
    expect(journal.get(older)?.error).toBe('Not found at the service yet. It may still be on its way.')
    expect(journal.get(atOldest)?.error).toBe('Not found at the service yet. It may still be on its way.')
    expect(journal.get(newer)?.error).toMatch(/^Not found at the service an hour on/)
  })

  it('looks again for payments failed in the last week, not older, and finds one the service made after all', async () => {
    const w = sim.control.createWallet('Failed lately', 50_000)
    const lately = entry(w, 'failed')
    // failed a week and a second ago by the journal's clock
    const now = computerMs
    computerMs -= (WEEK_SEC + 1) * 1000
    const long = entry(w, 'failed')
    computerMs = now
    const notMade = entry(w, 'failed')
    await paidAtService(w, lately)
    await paidAtService(w, long)
    const found = await run()
    expect(found.map((f) => f.entry.requestId)).toEqual([lately])
    expect(journal.get(lately)?.state).toBe('paid')
    expect(journal.get(long)?.state).toBe('failed')
    // looked for, not there: failed it stays, its words kept (absence never unmakes the service's refusal)
    expect(journal.get(notMade)).toMatchObject({ state: 'failed', error: 'Refused by the service.' })
  })

  it('a failed payment on the edge of the week is still looked for', async () => {
    const w = sim.control.createWallet('Edge', 50_000)
    const now = computerMs
    computerMs -= WEEK_SEC * 1000
    const edge = entry(w, 'failed')
    computerMs = now
    await paidAtService(w, edge)
    expect((await run()).map((f) => f.entry.requestId)).toEqual([edge])
  })

  it('reads each wallet once however many of its payments are looked for', async () => {
    const a = sim.control.createWallet('Once A', 10_000)
    const b = sim.control.createWallet('Once B', 10_000)
    entry(a, 'sent')
    entry(a, 'sent')
    entry(a, 'unknown')
    entry(b, 'sent')
    sim.control.resetRequests()
    await run()
    const reads = sim.control.requests({ method: 'GET', path: /\/transactions/ })
    expect(reads).toHaveLength(2)
    expect(reads.filter((r) => r.path.includes(a.id))).toHaveLength(1)
    expect(reads.filter((r) => r.path.includes(b.id))).toHaveLength(1)
  })

  it('only the account asked for', async () => {
    const w = sim.control.createWallet('Other account', 10_000)
    const mine = entry(w, 'sent')
    const theirs = entry(w, 'sent', { accountId: 'acct-other' })
    await run()
    expect(journal.get(mine)?.state).toBe('unknown')
    expect(journal.get(theirs)?.state).toBe('sent')
  })

  it('a wallet that carries no request id (an NWC account): found by the invoice’s hash, a failed one left failed', async () => {
    const w = sim.control.createWallet('No passThru', 10_000)
    const paidPr = sim.control.outsideInvoice(300, 'nwc')
    const failedPr = sim.control.outsideInvoice(400, 'nwc failed')
    const unknown = entry(w, 'unknown', { kind: 'invoice', target: paidPr, amountMsat: 300_000 })
    const failed = entry(w, 'failed', { kind: 'invoice', target: failedPr, amountMsat: 400_000 })
    // paid as an NWC wallet pays: no passThru, so no request id on the row
    for (const pr of [paidPr, failedPr])
      await client().payInvoice(w.id, { payment_request: pr, fee_limit_msat: 10_000 })
    // an address payment has no invoice hash to go by: absent its request id, it stays unknown
    const address = entry(w, 'unknown', { kind: 'address', target: 'shop@sim.example' })
    // the same kind of invoice paid by another request of this app: its row names that request
    const otherPr = sim.control.outsideInvoice(500, 'paid by another request')
    const notMine = entry(w, 'unknown', { kind: 'invoice', target: otherPr, amountMsat: 500_000 })
    await client().payInvoice(w.id, {
      payment_request: otherPr,
      fee_limit_msat: 10_000,
      passThru: { [REQUEST_ID_KEY]: 'another-request' },
    })
    const found = await run()
    expect(found.map((f) => f.entry.requestId)).toEqual([unknown])
    // the payment's own row, not a fee row sharing its lnTx nor another invoice's row
    const [row] = found[0]?.rows ?? []
    expect(row?.typeName).not.toBe('network_fee')
    expect(row?.paymentHash).toBe(hashOf(paidPr))
    expect(journal.get(unknown)?.state).toBe('paid')
    expect(journal.get(failed)?.state).toBe('failed')
    expect(journal.get(address)?.state).toBe('unknown')
    expect(journal.get(notMine)?.state).toBe('unknown')
  })
})
