// A payment sent under the journal (docs/money.md, "Money rules"): its entry is written
// before the request leaves and carries the request id the payment's passThru also carries, so
// whatever happens to this process, the next start can find out what became of it. Payments and
// transfers between one's own wallets alike: while one is on its way its request id is in the
// in-flight set, which the reconciling (after a sync, "Check again") leaves alone.
import { AppError } from '@shared/errors'
import { summarize } from '@shared/payment/route'
import type { BackendPayment, BackendTransfer } from '../backends'
import { mt } from '../i18n'
import { PAYEE_KEY, REQUEST_ID_KEY } from '../ledger'
import type { Spend, SpendKind } from '../spending'
import type { Admit, Journal, JournalEntryInput } from './journal'

/** The steps of a payment a test may stop the process at (test/electron/payments/crash.test.ts). */
export type PaymentStep = 'journaled' | 'sent' | 'answered'

export interface JournaledDeps {
  journal: Journal
  /** called after each step is on disk; the crash tests end the process here */
  at?: (step: PaymentStep, requestId: string) => void
  /** the journal changed (the renderer's list of payments in progress) */
  changed?: () => void
  /** request ids this process is sending now (shared with followPayments): never reconciled meanwhile */
  inFlight?: Set<string>
  /** what a request id the journal knows already is told (it is not sent again) */
  already?: string
  /**
   * The spending rules (services/spending): run in the journal's transaction just before the entry
   * is written, so the check and the write are one step; a throw refuses the payment unwritten,
   * and the time answered (the service's it was judged by) is the entry's.
   */
  admit?: (entry: JournalEntryInput) => ReturnType<Admit>
}

/** How one send is made, besides its entry and its call. */
export interface SendOptions {
  /** runs after the entry is written, before the request leaves (the balance check); a throw fails it unsent */
  check?: () => Promise<void>
  /** the spending rules apply: what is spent, in words, and the confirmation's token */
  spend?: { what: SpendKind; confirmToken?: string }
  /** what a request id the journal knows already is told */
  already?: string
}

/** What a send answers: a payment, or both sides of a transfer. */
export type Sent = BackendPayment | BackendTransfer

/** What the journal keeps of an answer: the row's id, the fee paid, the backend's time of it. */
function receiptOf(s: Sent): { txId: string | null; feeMsat?: number; atSec?: number; pending: boolean } {
  if ('out' in s) return { txId: s.out.txId, atSec: s.out.createdAt, pending: false }
  return {
    txId: s.row?.txId ?? null,
    ...(typeof s.feeMsat === 'number' ? { feeMsat: s.feeMsat } : {}),
    ...(typeof s.row?.createdAt === 'number' ? { atSec: s.row.createdAt } : {}),
    pending: s.state === 'pending',
  }
}

/** The journaled send bound to the app's journal, in-flight set and spending rules (createPayments.ts). */
export type SendJournaled = <T extends Sent = BackendPayment>(
  entry: JournalEntryInput,
  call: (passThru: Record<string, string>) => Promise<T>,
  o?: SendOptions,
) => Promise<T>

/** The one way money leaves the app: every payment and transfer is sent by this function. */
export function bindSend(d: {
  journal: () => Journal
  inFlight: Set<string>
  changed: () => void
  spending?: { admit(spend: Spend): ReturnType<Admit> }
  at?: JournaledDeps['at']
}): SendJournaled {
  return (entry, call, o = {}) => {
    const rules = d.spending
    const spend = o.spend
    const admit =
      rules && spend
        ? (e: JournalEntryInput) =>
            rules.admit({
              accountId: e.accountId,
              what: spend.what,
              amountMsat: e.amountMsat,
              feeLimitMsat: e.feeLimitMsat ?? 0,
              confirmToken: spend.confirmToken,
            })
        : undefined
    const deps = { journal: d.journal(), at: d.at, changed: d.changed, inFlight: d.inFlight, admit, already: o.already }
    return sendJournaled(deps, entry, call, o.check)
  }
}

/**
 * `check` runs after the entry is written and before the request leaves (the balance check, whose
 * answer is on its way meanwhile); when it throws, the entry is failed: nothing was sent. `send`
 * answers with the backend's payment or transfer (its row's id is the entry's `txId`).
 */
export async function sendJournaled<T extends Sent = BackendPayment>(
  d: JournaledDeps,
  entry: JournalEntryInput,
  send: (passThru: Record<string, string>) => Promise<T>,
  check: () => Promise<void> = async () => {},
): Promise<T> {
  const { requestId } = entry
  // before the entry exists: a reconcile between the two must not take it for a lost payment
  const mine = !d.inFlight?.has(requestId)
  if (mine) d.inFlight?.add(requestId)
  try {
    return await journaled(d, entry, send, check)
  } finally {
    if (mine) d.inFlight?.delete(requestId)
  }
}

/**
 * Whom a payment to an address or LNURL-pay link went to, carried with it (passThru) so its row in
 * the history names the payee: the service's row of such a payment does not. An LNURL by its host.
 */
export function payeeNote(entry: Pick<JournalEntryInput, 'kind' | 'target'>): Record<string, string> {
  if (entry.kind !== 'address') return {}
  const link = summarize(entry.target)
  const payee = link?.kind === 'address' ? entry.target.trim().toLowerCase() : link?.host
  return payee ? { [PAYEE_KEY]: payee } : {}
}

async function journaled<T extends Sent>(
  d: JournaledDeps,
  entry: JournalEntryInput,
  send: (passThru: Record<string, string>) => Promise<T>,
  check: () => Promise<void>,
): Promise<T> {
  const { requestId } = entry
  const admit = d.admit
  const { created } = d.journal.add(entry, admit && (() => admit(entry)))
  // the same request id after a restart: the journal, not memory, says it was tried
  if (!created) throw new AppError('unknown_outcome', d.already ?? mt('payments.startedBefore'), { retryable: false })
  d.at?.('journaled', requestId)
  try {
    await check()
  } catch (err) {
    d.journal.mark(requestId, 'failed', { error: err instanceof Error ? err.message : 'not sent' })
    throw err
  }
  // from here on the request may have left: a crash reads as "sent", never as "not sent"
  d.journal.mark(requestId, 'sent')
  d.changed?.()
  d.at?.('sent', requestId)
  let sent: T
  try {
    sent = await send({ [REQUEST_ID_KEY]: requestId, ...payeeNote(entry) })
  } catch (err) {
    const unknown = !(err instanceof AppError) || err.code === 'unknown_outcome'
    d.journal.mark(requestId, unknown ? 'unknown' : 'failed', {
      error: err instanceof Error ? err.message : 'unexpected error',
    })
    d.changed?.()
    throw err
  }
  d.at?.('answered', requestId)
  // the fee actually paid replaces the fee limit reserved in a daily limit's sum, and the entry
  // is written no earlier than the backend's time of the payment
  const { pending, ...paid } = receiptOf(sent)
  if (pending) {
    // the backend took it and does not know yet: unknown, to be checked again, never sent again
    d.journal.mark(requestId, 'unknown', { error: mt('reconcile.notYet') })
    d.changed?.()
    throw new AppError('unknown_outcome', mt('client.unknownOutcome'), { retryable: false })
  }
  d.journal.mark(requestId, 'paid', paid)
  d.changed?.()
  return sent
}
