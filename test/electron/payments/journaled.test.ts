// The journaled send (payments/journaled.ts), the one way money leaves, with a real journal on disk
// and the simulator over loopback: the order of its steps, what each ending leaves in the journal,
// the journal's own refusal of a request id it knows (reached here without the router's guard),
// and the in-flight set around the whole of it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { encodeLnurl } from '@shared/lnurl'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BackendPayment, BackendTx } from '../../../electron/main/services/backends'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import { PAYEE_KEY } from '../../../electron/main/services/ledger'
import { type Journal, type JournalEntryInput, openJournal } from '../../../electron/main/services/payments'
import {
  bindSend,
  type PaymentStep,
  payeeNote,
  sendJournaled,
} from '../../../electron/main/services/payments/journaled'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'

let sim: SimulatorHandle
let w: SimWallet
let dir: string
let journal: Journal
let n = 0
const nextId = () => `req-journaled-${process.pid}-${++n}`

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  w = sim.control.createWallet('Journaled', 100_000)
})
afterAll(() => sim.close())
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journaled-'))
  journal = openJournal({ dir })
})
afterEach(async () => {
  journal.close()
  await rm(dir, { recursive: true, force: true })
})

const client = () =>
  inAppTerms(
    createServiceClient({
      baseUrl: sim.url,
      getApiKey: () => sim.keys.secret,
      authMethod: 'header',
      retries: 0,
      timeoutMs: 3_000,
    }),
  )
/** a payment's answer as a backend gives it: its row's id, no fee named */
const answer = (txId: string): BackendPayment => ({
  state: 'settled',
  row: { txId } as BackendTx,
  paymentHash: null,
  preimage: null,
  feeMsat: null,
})

function input(o: Partial<JournalEntryInput> = {}): JournalEntryInput {
  return {
    requestId: nextId(),
    accountId: 'acct-journaled',
    walletId: w.id,
    kind: 'invoice',
    amountMsat: 1_000_000,
    feeLimitMsat: 10_000,
    target: 'lnbcrt…',
    ...o,
  }
}
const pay = (notes: Record<string, string>) =>
  client().payInvoice(w.id, {
    paymentRequest: sim.control.outsideInvoice(1_000, 'journaled'),
    feeLimitMsat: 10_000,
    notes,
  })

describe('sendJournaled', { timeout: 30_000 }, () => {
  it('writes, marks sent, sends with the request id, and settles paid with the fee paid', async () => {
    const e = input()
    const steps: string[] = []
    const inFlight = new Set<string>()
    let changed = 0
    let passed: Record<string, string> = {}
    const tx = await sendJournaled(
      {
        journal,
        inFlight,
        changed: () => changed++,
        at: (step: PaymentStep, id) => steps.push(`${step}:${id === e.requestId}:${journal.get(id)?.state}`),
      },
      e,
      (passThru) => {
        passed = passThru
        steps.push(`send:${inFlight.has(e.requestId)}:${journal.get(e.requestId)?.state}`)
        return pay(passThru)
      },
    )
    expect(passed).toEqual({ requestId: e.requestId })
    expect(steps).toEqual(['journaled:true:pending', 'sent:true:sent', 'send:true:sent', 'answered:true:sent'])
    const fee = tx.feeMsat
    expect(typeof fee).toBe('number')
    expect(journal.get(e.requestId)).toMatchObject({ state: 'paid', txId: tx.row?.txId })
    // the daily sum counts the fee paid, not the fee limit reserved
    expect(journal.spentSince('acct-journaled', 0)).toBe(1_000_000 + (fee as number))
    expect(fee).toBeLessThan(10_000)
    expect(changed).toBe(2)
    expect(inFlight.size).toBe(0)
  })

  it('keeps the fee limit when the answer names no fee', async () => {
    const e = input()
    await sendJournaled({ journal }, e, async () => answer('wtx_no_fee'))
    expect(journal.get(e.requestId)).toMatchObject({ state: 'paid', txId: 'wtx_no_fee' })
    expect(journal.spentSince('acct-journaled', 0)).toBe(1_000_000 + 10_000)
  })

  it('keeps the backend’s time of the payment when it is later than the entry’s, and no row id when it names none', async () => {
    const e = input()
    const later = Math.floor(Date.now() / 1000) + 86_400
    await sendJournaled({ journal }, e, async () => ({
      ...answer('wtx_later'),
      row: { txId: 'wtx_later', createdAt: later } as BackendTx,
    }))
    expect(journal.get(e.requestId)).toMatchObject({ state: 'paid', txId: 'wtx_later', createdAt: later })
    const bare = input()
    await sendJournaled({ journal }, bare, async () => ({ ...answer('x'), row: null }) as never)
    const entry = journal.get(bare.requestId)
    expect(entry).toMatchObject({ state: 'paid', txId: null })
    // an answer without a row's time leaves the entry's own
    expect(entry?.createdAt).toBeLessThan(later)
  })

  it('a transfer is kept by its outgoing row: that row’s id and time', async () => {
    const e = input({ kind: 'transfer', target: 'wal_other' })
    const later = Math.floor(Date.now() / 1000) + 3_600
    const row = (txId: string) => ({ txId, createdAt: later }) as BackendTx
    await sendJournaled({ journal }, e, async () => ({ out: row('wtx_out'), in: row('wtx_in') }))
    expect(journal.get(e.requestId)).toMatchObject({ state: 'paid', txId: 'wtx_out', createdAt: later })
  })

  it('an answer the backend calls pending is unknown, never paid, and is not sent again', async () => {
    const e = input()
    let sent = 0
    const pending = async () => {
      sent++
      return { ...answer('wtx_pending'), state: 'pending' as const }
    }
    await expect(sendJournaled({ journal }, e, pending)).rejects.toMatchObject({
      code: 'unknown_outcome',
      retryable: false,
    })
    // the entry says why it is not known yet, for "Payments in progress"
    expect(journal.get(e.requestId)?.state).toBe('unknown')
    expect(journal.get(e.requestId)?.error).toMatch(/.+/)
    await expect(sendJournaled({ journal }, e, pending)).rejects.toMatchObject({ code: 'unknown_outcome' })
    expect(sent).toBe(1)
  })

  it('refuses a request id the journal knows, from the journal itself, sending nothing', async () => {
    const e = input()
    await sendJournaled({ journal }, e, async () => answer('wtx_once'))
    let sent = false
    const again = sendJournaled({ journal, inFlight: new Set() }, e, async () => {
      sent = true
      return answer('wtx_twice')
    })
    await expect(again).rejects.toEqual(
      new AppError(
        'unknown_outcome',
        'This payment was started before. It was not sent again; see "Payments in progress" for what became of it.',
      ),
    )
    await expect(again).rejects.toMatchObject({ retryable: false })
    const told = sendJournaled({ journal, already: 'Claimed already.' }, e, async () => answer('x'))
    await expect(told).rejects.toMatchObject({ code: 'unknown_outcome', message: 'Claimed already.' })
    expect(sent).toBe(false)
    expect(journal.get(e.requestId)).toMatchObject({ state: 'paid', txId: 'wtx_once' })
  })

  it('a failed check fails the entry, unsent, with its words', async () => {
    const e = input()
    let sent = false
    const inFlight = new Set<string>()
    const r = sendJournaled(
      { journal, inFlight },
      e,
      async () => {
        sent = true
        return answer('x')
      },
      async () => {
        expect(inFlight.has(e.requestId)).toBe(true)
        throw new AppError('insufficient_funds', 'Not enough.')
      },
    )
    await expect(r).rejects.toMatchObject({ code: 'insufficient_funds' })
    expect(sent).toBe(false)
    expect(journal.get(e.requestId)).toMatchObject({ state: 'failed', error: 'Not enough.' })
    expect(inFlight.size).toBe(0)
    const odd = input()
    await expect(
      sendJournaled(
        { journal },
        odd,
        async () => answer('x'),
        () => Promise.reject('no Error'),
      ),
    ).rejects.toBe('no Error')
    expect(journal.get(odd.requestId)).toMatchObject({ state: 'failed', error: 'not sent' })
  })

  it('a refusal is failed; a lost answer, an unknown outcome or a stray throw is unknown', async () => {
    const cases: Array<[unknown, string, string]> = [
      [new AppError('invalid_input', 'Refused.'), 'failed', 'Refused.'],
      [new AppError('unknown_outcome', 'Lost.'), 'unknown', 'Lost.'],
      [new TypeError('fetch failed'), 'unknown', 'fetch failed'],
      ['a string', 'unknown', 'unexpected error'],
    ]
    for (const [err, state, error] of cases) {
      const e = input()
      let changed = 0
      await expect(sendJournaled({ journal, changed: () => changed++ }, e, () => Promise.reject(err))).rejects.toBe(err)
      expect(journal.get(e.requestId)).toMatchObject({ state, error })
      expect(changed).toBe(2)
    }
  })

  it('with no one listening for changes, a refusal still reaches the caller as itself', async () => {
    const e = input()
    const err = new AppError('invalid_input', 'Refused.')
    await expect(sendJournaled({ journal }, e, () => Promise.reject(err))).rejects.toBe(err)
    expect(journal.get(e.requestId)).toMatchObject({ state: 'failed', error: 'Refused.' })
  })

  it('leaves the in-flight mark of whoever put it there', async () => {
    const e = input()
    const inFlight = new Set([e.requestId])
    await sendJournaled({ journal, inFlight }, e, async () => answer('wtx_theirs'))
    expect(inFlight.has(e.requestId)).toBe(true)
  })

  it('a spending rule that refuses leaves no entry', async () => {
    const e = input()
    const r = sendJournaled(
      {
        journal,
        admit: () => {
          throw new AppError('limit', 'Over the daily limit.')
        },
      },
      e,
      async () => answer('x'),
    )
    await expect(r).rejects.toMatchObject({ code: 'limit' })
    expect(journal.get(e.requestId)).toBeNull()
  })
})

describe('bindSend', { timeout: 30_000 }, () => {
  it('hands the spending rules what is spent, the fee limit (0 when none) and the token', async () => {
    const admitted: unknown[] = []
    const inFlight = new Set<string>()
    let changed = 0
    const steps: string[] = []
    const send = bindSend({
      journal: () => journal,
      inFlight,
      changed: () => changed++,
      spending: { admit: (x) => void admitted.push(x) },
      at: (s) => steps.push(s),
    })
    const e = input({ feeLimitMsat: null })
    await send(e, async () => answer('wtx_bound'), { spend: { what: 'payment', confirmToken: 'tok' } })
    expect(admitted).toEqual([
      { accountId: 'acct-journaled', what: 'payment', amountMsat: 1_000_000, feeLimitMsat: 0, confirmToken: 'tok' },
    ])
    expect(steps).toEqual(['journaled', 'sent', 'answered'])
    expect(changed).toBe(2)
    // no spend named: the rules are not asked
    await send(input(), async () => answer('wtx_free'))
    expect(admitted).toHaveLength(1)
    // a check and the words for a known id reach the send
    const known = input()
    await send(known, async () => answer('wtx_k'))
    await expect(send(known, async () => answer('x'), { already: 'Sent already.' })).rejects.toMatchObject({
      message: 'Sent already.',
    })
    const checked = input()
    await expect(
      send(checked, async () => answer('x'), { check: () => Promise.reject(new AppError('limit', 'No.')) }),
    ).rejects.toMatchObject({ code: 'limit' })
    expect(journal.get(checked.requestId)?.state).toBe('failed')
  })
})

describe('payeeNote: whom an address or link payment went to, sent along so its history row names it', () => {
  it('a lightning address as written (lower case), an LNURL-pay link by its host, nothing for an invoice', () => {
    expect(payeeNote({ kind: 'address', target: ' Alice@Sim.Example ' })).toEqual({ [PAYEE_KEY]: 'alice@sim.example' })
    const lnurl = encodeLnurl('https://pay.example.org/.well-known/lnurlp/bob')
    expect(payeeNote({ kind: 'address', target: lnurl })).toEqual({ [PAYEE_KEY]: 'pay.example.org' })
    expect(payeeNote({ kind: 'invoice', target: 'lnbc1…' })).toEqual({})
    // only an address payment carries one, and a target that is no link carries none
    expect(payeeNote({ kind: 'invoice', target: 'alice@sim.example' })).toEqual({})
    expect(payeeNote({ kind: 'address', target: 'not a link' })).toEqual({})
    expect(payeeNote({ kind: 'transfer', target: 'wal_b' })).toEqual({})
  })
})
