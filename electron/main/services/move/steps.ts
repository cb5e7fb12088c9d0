// One wallet's step of a move, from wherever it stood: an invoice made at the target (the invoices
// service, as Receive makes one), then one payment of it from the source through the payments
// module's journaled send (as pay.invoice's). Each change is on disk before the next step, and a
// resumed step asks the payment journal first, by the request id its attempt gives, after the
// unfinished payments were reconciled: a payment is never sent twice, and a new attempt (a new
// invoice) is made only for one the journal proves never left (docs/move.md).
import { createHash } from 'node:crypto'
import type { PaymentView, PendingInvoice } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { BackendWallet } from '../backends'
import { mt, saidIn } from '../i18n'
import type { JournalEntry } from '../payments'
import { walletPlan } from './plan'
import type { MoveRecord, MoveStepRecord, MoveStore, StepChange } from './store'

/** The steps a test may stop the process after (test/electron/move/moveKill.test.ts). */
export type MoveStep = 'planned' | 'invoiced' | 'moved'

export interface StepDeps {
  moves: () => MoveStore
  /** the payment journal: a resumed attempt's payment is looked up there */
  journal: () => { get(requestId: string): JournalEntry | null }
  /** an account's wallets as its backend lists them now */
  walletsOf: (accountId: string) => Promise<BackendWallet[]>
  /** the most a payment's fee can be from an account (abilities.ts); absent: the app's fee limit */
  feeCapOf?: (accountId: string) => (amountMsat: number) => number
  /** the invoices service (the path Receive takes), into the target account */
  createInvoice: (input: {
    accountId: string
    walletId: string
    amountSat: number
    memo: string
  }) => Promise<Pick<PendingInvoice, 'paymentRequest'>>
  /** the payments module's journaled send of pay.invoice, from the source account */
  pay: (input: { accountId: string; walletId: string; invoice: string; requestId: string }) => Promise<PaymentView>
  /** called after each step is on disk; the kill tests stop the process here */
  at?: (step: MoveStep, walletId: string) => void
}

/** What stopped a step before anything was made or paid (the target or source not reached). */
export type Problems = AppError[]

/** The payment's request id of a wallet's attempt: the same after any restart. */
export function attemptRequestId(s: Pick<MoveStepRecord, 'moveId' | 'walletId' | 'attempt'>): string {
  const digest = createHash('sha256').update(`${s.moveId}\n${s.walletId}\n${s.attempt}`).digest('hex')
  return `move-${digest.slice(0, 40)}`
}

/** Takes one wallet as far as it can go now; what it could not do is said in its step. */
export async function advance(d: StepDeps, move: MoveRecord, step: MoveStepRecord, memo: string, p: Problems) {
  let s = fromJournal(d, step)
  if (s.state === 'planned') s = await invoice(d, move, s, memo, p)
  if (s.state === 'invoiced') s = await pay(d, move, s)
  return s
}

const change = (d: StepDeps, s: MoveStepRecord, c: StepChange) => d.moves().step(s.moveId, s.walletId, c)

/**
 * Where a stopped step stands by the journal's word. No entry for the attempt: nothing was sent,
 * so its invoice (which may have expired meanwhile) is made again. Paid: moved. Failed because it
 * never left: a new attempt. Failed otherwise: not tried again. Anything else: unknown, waiting.
 */
function fromJournal(d: StepDeps, s: MoveStepRecord): MoveStepRecord {
  if (s.state !== 'invoiced' && s.state !== 'unknown') return s
  const entry = d.journal().get(attemptRequestId(s))
  if (!entry) return change(d, s, { state: 'planned', invoice: null, reason: null, detail: null })
  if (entry.state === 'paid') return change(d, s, { state: 'moved', reason: null, detail: null })
  if (entry.state === 'failed' && saidIn('reconcile.neverSent', entry.error))
    return change(d, s, { state: 'planned', invoice: null, attempt: s.attempt + 1, reason: null, detail: null })
  if (entry.state === 'failed') return change(d, s, { state: 'failed', reason: 'refused', detail: entry.error })
  return change(d, s, { state: 'unknown', reason: 'unknown', detail: entry.error })
}

/** The wallet's balance now decides the amount; the invoice is kept before anything is paid. */
async function invoice(
  d: StepDeps,
  move: MoveRecord,
  s: MoveStepRecord,
  memo: string,
  p: Problems,
): Promise<MoveStepRecord> {
  let wallet: BackendWallet | undefined
  try {
    wallet = (await d.walletsOf(move.fromAccountId)).find((w) => w.id === s.walletId)
  } catch (err) {
    if (err instanceof AppError) p.push(err)
    return change(d, s, { state: 'planned', reason: null, detail: wordsOf(err) })
  }
  if (!wallet) return change(d, s, { state: 'failed', reason: 'refused', detail: mt('move.walletGone') })
  const plan = walletPlan(wallet, d.feeCapOf?.(move.fromAccountId))
  if (plan.amountMsat === 0)
    return change(d, s, { state: 'skipped', reason: 'nothing', ...amounts(plan), detail: null })
  let made: Pick<PendingInvoice, 'paymentRequest'>
  try {
    made = await d.createInvoice({
      ...{ accountId: move.toAccountId, walletId: move.toWalletId },
      ...{ amountSat: plan.amountMsat / 1000, memo },
    })
  } catch (err) {
    if (err instanceof AppError) p.push(err)
    return change(d, s, { state: 'planned', ...amounts(plan), reason: null, detail: wordsOf(err) })
  }
  const next = change(d, s, { state: 'invoiced', invoice: made.paymentRequest, ...amounts(plan), detail: null })
  d.at?.('invoiced', s.walletId)
  return next
}

const amounts = (p: { amountMsat: number; feeReserveMsat: number }) => ({
  amountMsat: p.amountMsat,
  feeReserveMsat: p.feeReserveMsat,
})

/** One payment, journaled before it leaves; its outcome is the step's, never a second try. */
async function pay(d: StepDeps, move: MoveRecord, s: MoveStepRecord): Promise<MoveStepRecord> {
  const requestId = attemptRequestId(s)
  try {
    await d.pay({ accountId: move.fromAccountId, walletId: s.walletId, invoice: s.invoice as string, requestId })
  } catch (err) {
    const unknown = !(err instanceof AppError) || err.code === 'unknown_outcome'
    const entry = d.journal().get(requestId)
    // refused before its entry was written (the invoice read, the spending rules): nothing left
    if (!unknown || entry?.state === 'failed')
      return change(d, s, { state: 'failed', reason: 'refused', detail: wordsOf(err) })
    return change(d, s, { state: 'unknown', reason: 'unknown', detail: wordsOf(err) })
  }
  const next = change(d, s, { state: 'moved', reason: null, detail: null })
  d.at?.('moved', s.walletId)
  return next
}

/** An error's words for the summary: main's own messages are the person's already. */
function wordsOf(err: unknown): string {
  return err instanceof AppError ? err.message : mt('move.unexpected')
}
